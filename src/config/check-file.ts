// Every configuration file is checked the same way: against its zod schema, with the first problem
// named by file and field ("config/catalog.json: products.0.options.0.capacity: …").
import type { z } from 'zod';

export class ConfigFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigFileError';
  }
}

export function checkConfigFile<S extends z.ZodType>(file: string, schema: S, raw: unknown): z.infer<S> {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.length ? issue.path.join('.') : '(the whole file)';
  throw new ConfigFileError(`${file}: ${field}: ${issue?.message ?? 'invalid'}`);
}
