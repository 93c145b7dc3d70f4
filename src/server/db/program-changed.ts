// A manager saved a version of the program through this server (decision 0044): the versioned document's
// signal (document-changed.ts), named for the program.
import { documentChanged } from './document-changed';

const programChanged = documentChanged('program');

export const onProgramChanged = programChanged.on;
export const signalProgramChanged = (version: number, document: unknown): void => programChanged.signal(version, document);
