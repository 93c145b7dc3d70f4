// The program in force in this server process (decision 0044): the database's newest version once the
// server has loaded it (src/modules/program/program-cache.ts), config/program.json before that (a build,
// a unit test). One holder per process on globalThis, as universal/process-global.ts keeps its values
// (Next.js bundles each route with its own copy of this module); the config layer may not import it.
import type { Program } from './program-schema';

type Holder = {
  /** The version in force and its checked document; undefined until the database's is loaded. */
  loaded?: { version: number; program: Program };
  /** Called on every read: lets the cache notice, without waiting, that another server saved a version. */
  onRead?: () => void;
};

export function programHolder(): Holder {
  const root = globalThis as typeof globalThis & { __skypassProgram?: Holder };
  return (root.__skypassProgram ??= {});
}
