// PGlite has no lock between processes: two servers on one data directory would corrupt it.
// A lock file holding the owner's pid makes the second one stop with a clear reason instead.
// A crash (kill -9, a power cut, a container restart) leaves the file behind; it is taken over when its
// owner is gone. On Linux "gone" includes a zombie (a killed process nobody reaped, as under a container's
// pid 1 that reaps nothing) and a pid now used by another process (pids restart with a container): the
// file also records the owner's start time, which a reused pid does not share.
import fs from 'node:fs';
import path from 'node:path';

/** Linux: a process's state letter and start time (clock ticks after boot); undefined elsewhere. */
function processStat(pid: number): { state: string; startTime: string } | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (2nd field) may hold spaces; the fields after its closing parenthesis do not.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0]!, startTime: fields[19]! };
  } catch {
    return undefined;
  }
}

function isAlive(pid: number, startTime: string | undefined): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const stat = processStat(pid);
  if (!stat) return true;
  if (stat.state === 'Z' || stat.state === 'X') return false;
  return startTime === undefined || stat.startTime === startTime;
}

/** "pid" or "pid startTime": what the lock file holds. */
function ownerLine(): string {
  const startTime = processStat(process.pid)?.startTime;
  return startTime ? `${process.pid} ${startTime}` : String(process.pid);
}

export function acquireDirectoryLock(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockFile = path.join(dir, '..', 'pglite.lock');
  const mine = ownerLine();
  try {
    fs.writeFileSync(lockFile, mine, { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const [pidText, startTime] = fs.readFileSync(lockFile, 'utf8').trim().split(' ');
    const owner = Number(pidText);
    if (owner !== process.pid && Number.isInteger(owner) && owner > 0 && isAlive(owner, startTime)) {
      throw new Error(`the embedded database in ${dir} is in use by process ${owner}; give this copy its own DATA_DIR`);
    }
    fs.writeFileSync(lockFile, mine);
  }
  const release = () => {
    // Released by close: the exit hook goes too (a process that opens many databases, tests, keeps none).
    process.off('exit', release);
    try {
      if (fs.readFileSync(lockFile, 'utf8') === mine) fs.unlinkSync(lockFile);
    } catch {
      // Already gone: nothing to release.
    }
  };
  process.once('exit', release);
  return release;
}
