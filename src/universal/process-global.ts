// One value per server process, whatever bundle asks: Next.js bundles the start-up code and each API route
// apart, each with its own copies of the modules, so a module-level value would exist once per bundle.
export function processGlobal<T>(name: string, create: () => T): T {
  const holder = globalThis as typeof globalThis & { __skypassGlobals?: Map<string, unknown> };
  const globals = (holder.__skypassGlobals ??= new Map());
  if (!globals.has(name)) globals.set(name, create());
  return globals.get(name) as T;
}
