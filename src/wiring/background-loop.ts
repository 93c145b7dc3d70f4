// A step that runs in the background of the server process: at once, then every `intervalMs`, one run at
// a time in this process (leases in the database keep several processes apart). A failed run is logged
// and the next one tries again.
export type BackgroundLoop = { kick: () => void };

export function startBackgroundLoop(name: string, intervalMs: number, step: () => Promise<unknown>): BackgroundLoop {
  let running: Promise<void> | undefined;
  const kick = () => {
    running ??= step()
      .then(() => undefined)
      .catch((error: unknown) => console.error(`[${name}] a run failed; the next one tries again`, error))
      .finally(() => (running = undefined));
  };
  setInterval(kick, intervalMs).unref();
  kick();
  return { kick };
}
