// The annual pass of the catalogue (config/catalog.json `annualPass`, decision 0051), or a 404 where none is sold.
import { currentCatalog, type AnnualPassConfig, type CatalogConfig } from '@/config/catalog';
import { AppError } from '@/server/errors';

export function annualPassConfig(catalog: CatalogConfig = currentCatalog()): AnnualPassConfig {
  if (!catalog.annualPass) throw new AppError('NOT_FOUND', 'passNotSold');
  return catalog.annualPass;
}
