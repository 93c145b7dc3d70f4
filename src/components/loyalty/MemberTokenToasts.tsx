import dynamic from 'next/dynamic';
import { useMemberSession } from '@/client/session/use-member-session';

// The watcher and its polling library (SWR) load once a member is signed in: a visitor's first load
// does without them, and a member's toasts never come on the first load anyway.
const NewTokenToasts = dynamic(() => import('./NewTokenToasts').then((m) => m.NewTokenToasts), { ssr: false });

/** New-token toasts for a signed-in member; nothing for a visitor. */
export function MemberTokenToasts() {
  const { status } = useMemberSession();
  return status === 'authenticated' ? <NewTokenToasts /> : null;
}
