// Recording a webhook notification wakes the delivery worker without the use case knowing who listens:
// the composition root subscribes the worker (src/wiring/octo-webhook-worker.ts).
type Listener = () => void;

// One registry per process, on globalThis: Next.js bundles the start-up code (where the worker
// subscribes) apart from the API routes (where bookings change), each with its own module copies.
const holder = globalThis as typeof globalThis & { __skypassWebhookListeners?: Set<Listener> };
const listeners = (holder.__skypassWebhookListeners ??= new Set<Listener>());

export function onWebhookWork(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function signalWebhookWork(): void {
  for (const listener of listeners) listener();
}
