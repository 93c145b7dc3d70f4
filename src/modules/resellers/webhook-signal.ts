// Recording a webhook notification wakes the delivery worker without the use case knowing who listens:
// the composition root subscribes the worker (src/wiring/octo-webhook-worker.ts).
import { processSignal } from '@/universal/process-signal';

const webhookWork = processSignal('webhook-work');

export const onWebhookWork = webhookWork.on;
export const signalWebhookWork = (): void => webhookWork.signal();
