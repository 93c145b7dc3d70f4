// The embedded database's directory lock after a crash: a live owner keeps it; a dead one, a zombie (killed,
// never reaped, as under a container's pid 1) and a pid reused by another process give it up. Linux (/proc).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDirectoryLock } from '@/server/db/directory-lock';

const dirs: string[] = [];
const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function dataDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skypass-lock-'));
  dirs.push(dir);
  return { pglite: path.join(dir, 'pglite'), lockFile: path.join(dir, 'pglite.lock') };
}

const startTime = (pid: number) => {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]!;
};
const state = (pid: number) => fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]![0];

/** A process that stays up; its output is its pid, or the pid of a child it started. */
function running(command: string): Promise<{ child: ChildProcess; pid: number }> {
  const child = spawn('sh', ['-c', command], { stdio: ['ignore', 'pipe', 'ignore'] });
  children.push(child);
  return new Promise((resolve) => child.stdout!.once('data', (chunk: Buffer) => resolve({ child, pid: Number(String(chunk).trim()) })));
}

describe('the directory lock of the embedded database', () => {
  it('stops a second process while the owner lives', async () => {
    const { pglite, lockFile } = dataDir();
    const { pid } = await running('echo $$; exec sleep 60');
    fs.writeFileSync(lockFile, `${pid} ${startTime(pid)}`);
    expect(() => acquireDirectoryLock(pglite)).toThrow(`in use by process ${pid}`);
  });

  it('takes over from an owner that was killed', async () => {
    const { pglite, lockFile } = dataDir();
    const { child, pid } = await running('echo $$; exec sleep 60');
    const line = `${pid} ${startTime(pid)}`;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    fs.writeFileSync(lockFile, line);
    const release = acquireDirectoryLock(pglite);
    expect(fs.readFileSync(lockFile, 'utf8')).toBe(`${process.pid} ${startTime(process.pid)}`);
    release();
    expect(fs.existsSync(lockFile)).toBe(false);
  });

  it('takes over from a killed owner that nobody reaped (a zombie)', async () => {
    const { pglite, lockFile } = dataDir();
    // The inner sleep's parent becomes the outer one, which never waits for its children.
    const { child, pid } = await running('sleep 60 & echo $!; exec sleep 60');
    // Killed while the shell still runs, the inner sleep would be reaped by it: wait for the exec.
    await expect.poll(() => fs.readFileSync(`/proc/${child.pid}/comm`, 'utf8').trim(), { timeout: 10_000 }).toBe('sleep');
    // As an older version wrote it: the pid alone.
    fs.writeFileSync(lockFile, String(pid));
    process.kill(pid, 'SIGKILL');
    await expect.poll(() => state(pid), { timeout: 10_000 }).toBe('Z');
    const release = acquireDirectoryLock(pglite);
    release();
  });

  it('takes over when the owner’s pid now belongs to another process', async () => {
    const { pglite, lockFile } = dataDir();
    const { pid } = await running('echo $$; exec sleep 60');
    fs.writeFileSync(lockFile, `${pid} ${Number(startTime(pid)) - 1}`);
    const release = acquireDirectoryLock(pglite);
    release();
  });

  it('leaves no exit hook behind once released, however many databases the process opened', () => {
    const before = process.listenerCount('exit');
    const releases = Array.from({ length: 12 }, () => acquireDirectoryLock(dataDir().pglite));
    expect(process.listenerCount('exit')).toBe(before + 12);
    for (const release of releases) release();
    expect(process.listenerCount('exit')).toBe(before);
  });
});
