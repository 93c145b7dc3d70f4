// The site's listen backlog (scripts/listen-backlog.cjs, decision 0080), preloaded into a node process of its own
// as the site is started: Node's own queue of connections not yet accepted is 511, which the arrival minute of the
// biggest day overflows. Run in a child process, since the preload replaces net.Server's listen for its process.
import { execFileSync, spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const PRELOAD = 'scripts/listen-backlog.cjs';

/** Runs `script` in node with the preload; answers what it printed, as JSON. */
function withPreload(script: string, env: Record<string, string> = {}) {
  const out = execFileSync(process.execPath, ['--require', `./${PRELOAD}`, '--input-type=commonjs', '-e', script], { env: { ...process.env, ...env }, encoding: 'utf8' });
  return JSON.parse(out);
}

describe('the listen backlog preload', () => {
  it('gives a backlog to every way Next.js or Node listens on a port without one, and leaves a chosen one alone', () => {
    const calls = withPreload(`
      const { withBacklog } = require('./${PRELOAD}');
      const callback = () => undefined;
      const shown = (args) => args.map((a) => (typeof a === 'function' ? 'callback' : a));
      console.log(JSON.stringify([
        withBacklog([3000, '127.0.0.1']),
        withBacklog([3000, undefined]),
        shown(withBacklog([3000, '127.0.0.1', callback])),
        shown(withBacklog(['3000', callback])),
        withBacklog([{ port: 0, host: '::' }]),
        withBacklog([3000, '127.0.0.1', 16]),
        withBacklog([3000, 16]),
        withBacklog([{ port: 0, backlog: 16 }]),
        withBacklog(['/run/site.sock']),
      ]));`);
    expect(calls).toEqual([
      [{ port: 3000, host: '127.0.0.1', backlog: 4096 }],
      [{ port: 3000, backlog: 4096 }],
      [{ port: 3000, host: '127.0.0.1', backlog: 4096 }, 'callback'],
      [{ port: 3000, backlog: 4096 }, 'callback'],
      [{ port: 0, host: '::', backlog: 4096 }],
      [3000, '127.0.0.1', 16],
      [3000, 16],
      [{ port: 0, backlog: 16 }],
      ['/run/site.sock'],
    ]);
  });

  it('takes its depth from LISTEN_BACKLOG (4096 unset), and stops the process on a bad one with a one-line reason', () => {
    const depth = (value: string) => withPreload(`console.log(JSON.stringify(require('./${PRELOAD}').BACKLOG))`, { LISTEN_BACKLOG: value });
    expect(depth('8192')).toBe(8192);
    expect(depth('')).toBe(4096);
    for (const bad of ['lots', '0', '-1', '1.5', '70000']) {
      const run = spawnSync(process.execPath, ['--require', `./${PRELOAD}`, '-e', 'console.log("started")'], { env: { ...process.env, LISTEN_BACKLOG: bad }, encoding: 'utf8' });
      expect(run.status).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr).toBe(`LISTEN_BACKLOG must be a whole number from 1 to 65535, not "${bad}"\n`);
    }
  });

  it('still listens, calls back and serves, as http.Server does for next start', () => {
    const answer = withPreload(`
      const http = require('node:http');
      const server = http.createServer((req, res) => res.end('served'));
      server.listen(0, '127.0.0.1', () => {
        const { port, address } = server.address();
        http.get({ host: address, port, path: '/' }, (res) => {
          let body = '';
          res.on('data', (chunk) => (body += chunk));
          res.on('end', () => { console.log(JSON.stringify({ address, body })); server.close(); });
        });
      });`);
    expect(answer).toEqual({ address: '127.0.0.1', body: 'served' });
  });
});
