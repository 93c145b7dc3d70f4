// The points rules of the ambassador program (decision 0037): the `points` section of the program in force
// (currentProgram(), decision 0044), so a manager's edit on /staff/program reaches them with the rest.
import type { PointsRules } from './points-schema';
import { currentProgram } from './program';

export function currentPointsRules(): PointsRules {
  return currentProgram().points;
}
