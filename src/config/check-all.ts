// Checks the configuration files at start-up, so that a bad edit stops the server with one line
// naming the file and the field. The browser reads the same files without zod (it never ships there).
import attraction from '../../config/attraction.json';
import catalog from '../../config/catalog.json';
import drops from '../../config/drops.json';
import giftCards from '../../config/gift-cards.json';
import program from '../../config/program.json';
import { attractionSchema } from './attraction-schema';
import { catalogSchema } from './catalog';
import { checkConfigFile, ConfigFileError } from './check-file';
import { dropsSchema } from './drops-schema';
import { giftCardsSchema } from './gift-cards-schema';
import { programPointsSchema } from './points-schema';
import { programSchema } from './program-schema';
import { currentMemberPlaces } from './member-places';

export function checkAllConfigFiles(): void {
  checkConfigFile('config/attraction.json', attractionSchema, attraction);
  const { challenges } = checkConfigFile('config/program.json', programSchema, program);
  checkConfigFile('config/gift-cards.json', giftCardsSchema, giftCards);
  currentMemberPlaces();
  const { points } = checkConfigFile('config/program.json', programPointsSchema, program);
  const products = new Set(checkConfigFile('config/catalog.json', catalogSchema, catalog).products.map((p) => p.id));
  const strayPoints = Object.keys(points.products).find((id) => !products.has(id));
  if (strayPoints) throw new ConfigFileError(`config/program.json: points.products.${strayPoints}: no product "${strayPoints}" in config/catalog.json`);
  const { drops: checked } = checkConfigFile('config/drops.json', dropsSchema, drops);
  // A challenge's token is a drop earned only through challenges (decision 0043).
  const tokenless = challenges.findIndex((challenge) => !checked.some((drop) => drop.id === challenge.dropId && drop.trigger === 'challenge-completed'));
  if (tokenless >= 0) {
    throw new ConfigFileError(`config/program.json: challenges.${tokenless}.dropId: no drop "${challenges[tokenless]!.dropId}" with the trigger challenge-completed in config/drops.json`);
  }
  const stray = checked.findIndex((drop) => drop.productId && !products.has(drop.productId));
  if (stray >= 0) {
    throw new ConfigFileError(`config/drops.json: drops.${stray}.productId: no product "${checked[stray]!.productId}" in config/catalog.json`);
  }
}
