// The catalogue's first version is config/catalog.json (decision 0055), seeded as every versioned document
// is, with each product's and option's texts in every language from locales/{lng}/catalog.json (the texts
// the site showed before they were in the catalogue).
import { catalogOfFile, type CatalogConfig } from '@/config/catalog';
import { LOCALES } from '@/config/locales';
import { serverT } from '../i18n';
import type { Database } from './database';
import { catalogVersions } from './schema';
import { seedDocument } from './seed-document';

/** The file's catalogue with the locale files' texts of its products and options. */
export function catalogWithLocaleTexts(file: CatalogConfig = catalogOfFile()): CatalogConfig {
  const translators = LOCALES.map((locale) => [locale, serverT(locale, 'catalog')] as const);
  /** A key's text in each language that has one of its own (i18next answers the key when none has). */
  const texts = (key: string) => Object.fromEntries(translators.map(([locale, t]) => [locale, t(key)]).filter(([, text]) => text !== key));
  return {
    ...file,
    products: file.products.map((p) => {
      const title = texts(`products.${p.id}.title`);
      const short = texts(`products.${p.id}.shortDescription`);
      const description = texts(`products.${p.id}.description`);
      return {
        ...p,
        texts:
          p.texts ??
          Object.fromEntries(
            LOCALES.filter((l) => title[l] || short[l] || description[l]).map((l) => [l, { title: title[l], shortDescription: short[l], description: description[l] }]),
          ),
        options: p.options.map((o) => ({ ...o, titles: o.titles ?? texts(`options.${o.id}.title`) })),
      };
    }),
  };
}

export async function seedCatalog(db: Database, now: Date): Promise<void> {
  await seedDocument(db, catalogVersions, 'config/catalog.json', catalogWithLocaleTexts() as Record<string, unknown>, now);
}
