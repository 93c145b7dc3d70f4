import type { QueryResult } from 'pg';

export function adminQuery(adminUrl: string, sql: string, values?: unknown[]): Promise<QueryResult>;
export function createScratchDatabase(adminUrl: string, prefix: string, template?: string): Promise<{ url: string; drop: () => Promise<void> }>;
