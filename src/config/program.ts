// The ambassador program as configured (config/program.json). Everything that needs the program asks
// `currentProgram()`, so that a program kept in the database (edited on /staff/program, issue #24) can
// replace the file behind this one function.
import raw from '../../config/program.json';
import { checkConfigFile } from './check-file';
import { programSchema, type Program } from './program-schema';

let checked: Program | undefined;

export function currentProgram(): Program {
  checked ??= checkConfigFile('config/program.json', programSchema, raw);
  return checked;
}
