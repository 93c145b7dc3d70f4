// Signals reach the listeners of the whole process, also across separately bundled copies of a module
// (two calls with one name), and stop after the unsubscribe.
import { describe, expect, it } from 'vitest';
import { processSignal } from '@/universal/process-signal';

describe('processSignal', () => {
  it('delivers to every listener of the name, with its arguments, until unsubscribed', () => {
    const heard: string[] = [];
    const routeCopy = processSignal<[string]>('test-signal');
    const startupCopy = processSignal<[string]>('test-signal');
    const other = processSignal<[string]>('another-signal');
    const stop = startupCopy.on((what) => heard.push(`worker:${what}`));
    other.on((what) => heard.push(`other:${what}`));

    routeCopy.signal('cancelled');
    stop();
    routeCopy.signal('after');
    expect(heard).toEqual(['worker:cancelled']);
  });
});
