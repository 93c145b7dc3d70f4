// The ambassador program in force. Everything that needs it asks `currentProgram()`, synchronously: the
// newest version in the database (edited on /staff/program, decision 0044), which the server loads at
// start and reloads when a version is saved; config/program.json (its first version) until then.
import raw from '../../config/program.json';
import { checkConfigFile } from './check-file';
import { currentDocument } from './document-store';
import { programSchema, type Program } from './program-schema';

let fromFile: Program | undefined;

/** config/program.json, checked: the seed of the database's first version. */
export function programOfFile(): Program {
  fromFile ??= checkConfigFile('config/program.json', programSchema, raw);
  return fromFile;
}

export function currentProgram(): Program {
  return currentDocument('program', programOfFile);
}
