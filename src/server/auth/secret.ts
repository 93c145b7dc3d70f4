// NEXTAUTH_SECRET signs csrf tokens and hashes sign-in links. Outside production (and in the demo) a
// random one is made once and kept in DATA_DIR, so that links and sessions survive a restart.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { getEnv } from '../env';

let secret: string | undefined;

export function authSecret(): string {
  if (secret) return secret;
  const env = getEnv();
  if (env.NEXTAUTH_SECRET) return (secret = env.NEXTAUTH_SECRET);
  const file = path.resolve(env.DATA_DIR, 'auth-secret');
  try {
    secret = fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    secret = crypto.randomBytes(32).toString('hex');
    fs.writeFileSync(file, secret, { mode: 0o600 });
  }
  return secret;
}
