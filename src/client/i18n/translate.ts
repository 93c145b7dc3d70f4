// The whole of what the pages need from a translation library: nested keys, an optional `ns:` prefix,
// {{name}} placeholders, plurals by `count` as i18next writes them (key_one, key_few, key_other: the
// language's plural category, then _other) and a defaultValue. Kept this small so it costs the browser almost nothing
// (docs/decisions/0017-own-translations-and-session.md).

type Tree = { [key: string]: string | Tree };
/** Translations a page carries: namespace → the contents of locales/{locale}/{ns}.json. */
export type Namespaces = Record<string, Tree>;
/** What translationProps puts into the page props and the provider reads. */
export type PageTranslations = { locale: string; namespaces: Namespaces };

export type TOptions = { defaultValue?: string } & Record<string, unknown>;
export type TFunction = (key: string, options?: TOptions) => string;

function lookup(tree: Tree | undefined, path: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of path.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

function interpolate(text: string, values: TOptions): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (values[name] === undefined ? whole : String(values[name])));
}

const pluralRules = new Map<string, Intl.PluralRules>();

/** The keys a count may be written under, the language's own category first (i18next's suffixes). */
function pluralPaths(path: string, count: unknown, locale: string): string[] {
  if (typeof count !== 'number') return [path];
  let rules = pluralRules.get(locale);
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(locale)));
  return [`${path}_${rules.select(count)}`, `${path}_other`, path];
}

/** A translator over these namespaces; the first of `defaults` is tried, then the others, then the key.
 * `locale` chooses the plural form of a `count`. */
export function makeT(namespaces: Namespaces, defaults: string[], locale = 'en'): TFunction {
  return (key, options = {}) => {
    const colon = key.indexOf(':');
    const order = colon > 0 ? [key.slice(0, colon)] : defaults;
    const path = colon > 0 ? key.slice(colon + 1) : key;
    const paths = pluralPaths(path, options.count, locale);
    for (const ns of order) {
      for (const candidate of paths) {
        const text = lookup(namespaces[ns], candidate);
        if (text !== undefined) return interpolate(text, options);
      }
    }
    return options.defaultValue !== undefined ? interpolate(options.defaultValue, options) : path;
  };
}
