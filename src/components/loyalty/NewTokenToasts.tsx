import { useNewTokenToasts } from '@/client/loyalty/use-membership';

/** Renders nothing: it listens for new tokens while a member browses. */
export function NewTokenToasts() {
  useNewTokenToasts();
  return null;
}
