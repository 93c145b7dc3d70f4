// The points rules of the ambassador program (decision 0037): the `points` section of config/program.json,
// checked on first read and at start-up (check-all.ts). Everything that needs them asks
// `currentPointsRules()`, so that rules kept in the database (issue #24's /staff/program) can replace the
// file behind this one function, as currentProgram() does for the tiers.
import raw from '../../config/program.json';
import { checkConfigFile } from './check-file';
import { programPointsSchema, type PointsRules } from './points-schema';

let checked: PointsRules | undefined;

export function currentPointsRules(): PointsRules {
  checked ??= checkConfigFile('config/program.json', programPointsSchema, raw).points;
  return checked;
}
