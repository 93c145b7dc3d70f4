// PGlite has no lock between processes: two servers on one data directory would corrupt it.
// A lock file holding the owner's pid makes the second one stop with a clear reason instead.
import fs from 'node:fs';
import path from 'node:path';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function acquireDirectoryLock(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockFile = path.join(dir, '..', 'pglite.lock');
  try {
    fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const owner = Number(fs.readFileSync(lockFile, 'utf8'));
    if (owner !== process.pid && Number.isInteger(owner) && owner > 0 && isAlive(owner)) {
      throw new Error(`the embedded database in ${dir} is in use by process ${owner}; give this copy its own DATA_DIR`);
    }
    fs.writeFileSync(lockFile, String(process.pid));
  }
  const release = () => {
    try {
      if (fs.readFileSync(lockFile, 'utf8') === String(process.pid)) fs.unlinkSync(lockFile);
    } catch {
      // Already gone: nothing to release.
    }
  };
  process.once('exit', release);
  return release;
}
