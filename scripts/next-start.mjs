// How the built site is started wherever a script, a test or a benchmark runs it: Next.js's own server, with the
// listen backlog preloaded (listen-backlog.cjs, decision 0080). Arguments for `node`; add `-p PORT -H HOST`.
import { fileURLToPath } from 'node:url';

export const NEXT_START = ['--require', fileURLToPath(new URL('./listen-backlog.cjs', import.meta.url)), 'node_modules/next/dist/bin/next', 'start'];
