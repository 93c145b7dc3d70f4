// Recording a webhook notification wakes the delivery worker without the use case knowing who listens:
// the composition root subscribes the worker (src/wiring/octo-webhook-worker.ts).
type Listener = () => void;

const listeners = new Set<Listener>();

export function onWebhookWork(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function signalWebhookWork(): void {
  for (const listener of listeners) listener();
}
