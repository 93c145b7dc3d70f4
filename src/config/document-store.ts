// The versioned documents in force in this server process (decisions 0044, 0055): for each document (the
// program, the catalogue) the database's newest version once the server has loaded it
// (src/modules/documents/versioned-document.ts), its file before that (a build, a unit test). One holder per
// document and process on globalThis, as universal/process-global.ts keeps its values (Next.js bundles each
// route with its own copy of this module); the config layer may not import it.

export type DocumentHolder<T> = {
  /** The version in force and its checked document; undefined until the database's is loaded. */
  loaded?: { version: number; document: T };
  /** Called on every read: lets the cache notice, without waiting, that another server saved a version. */
  onRead?: () => void;
};

export function documentHolder<T>(name: string): DocumentHolder<T> {
  const root = globalThis as typeof globalThis & { __skypassDocuments?: Record<string, DocumentHolder<unknown>> };
  const all = (root.__skypassDocuments ??= {});
  return (all[name] ??= {}) as DocumentHolder<T>;
}

/** The document in force: the loaded version, else the file's (and a read lets the cache recheck). */
export function currentDocument<T>(name: string, fromFile: () => T): T {
  const holder = documentHolder<T>(name);
  holder.onRead?.();
  return holder.loaded?.document ?? fromFile();
}
