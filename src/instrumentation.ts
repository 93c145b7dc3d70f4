// Runs once when a server process starts (not during `next build`): checks the configuration,
// then opens, migrates and seeds the database before the first request.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return;
  const { startServer } = await import('@/wiring/startup');
  await startServer();
}
