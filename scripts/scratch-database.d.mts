export function createScratchDatabase(adminUrl: string, prefix: string, template?: string): Promise<{ url: string; drop: () => Promise<void> }>;
