// The whole of what the pages need from a translation library: nested keys, an optional `ns:` prefix,
// {{name}} placeholders and a defaultValue. Kept this small so it costs the browser almost nothing
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

/** A translator over these namespaces; the first of `defaults` is tried, then the others, then the key. */
export function makeT(namespaces: Namespaces, defaults: string[]): TFunction {
  return (key, options = {}) => {
    const colon = key.indexOf(':');
    const order = colon > 0 ? [key.slice(0, colon)] : defaults;
    const path = colon > 0 ? key.slice(colon + 1) : key;
    for (const ns of order) {
      const text = lookup(namespaces[ns], path);
      if (text !== undefined) return interpolate(text, options);
    }
    return options.defaultValue !== undefined ? interpolate(options.defaultValue, options) : path;
  };
}
