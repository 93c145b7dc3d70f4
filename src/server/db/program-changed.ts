// A manager saved a version of the program through this server: whatever remembers the program (the
// program cache, src/modules/program/program-cache.ts) takes it at once, as calendar-changed.ts tells the
// inventory's memory of the calendar rules. Another server notices within PROGRAM_RECHECK_MS.
import { processSignal } from '@/universal/process-signal';

const programChanged = processSignal<[version: number, document: unknown]>('program-changed');

export const onProgramChanged = programChanged.on;
export const signalProgramChanged = (version: number, document: unknown): void => programChanged.signal(version, document);
