// Enqueuing a job wakes this process's runner at once, without the use case knowing who listens (the runner
// polls for other processes' jobs). The listeners live in processGlobal: the start-up code and the API
// routes are bundled apart.
import { processSignal } from '@/universal/process-signal';

const jobEnqueued = processSignal('job-enqueued');

export const onJobEnqueued = jobEnqueued.on;
export const signalJobEnqueued = (): void => jobEnqueued.signal();
