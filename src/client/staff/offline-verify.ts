// A ticket code's signature checked on the device (decision 0054): Ed25519 with the site's public keys
// through WebCrypto (Chromium, Firefox and Safari have it). Where a browser lacks Ed25519, `unavailable`:
// the gate then admits by lookup in the day's list alone (a code naming a ticket and its booking as held).
import { base64Bytes, type ParsedCode } from '@/universal/offline-gate';

const imported = new Map<string, Promise<CryptoKey | undefined>>();

function keyOf(raw: string): Promise<CryptoKey | undefined> {
  let key = imported.get(raw);
  if (!key) {
    key = crypto.subtle.importKey('raw', base64Bytes(raw) as BufferSource, { name: 'Ed25519' }, false, ['verify']).catch(() => undefined);
    imported.set(raw, key);
  }
  return key;
}

export async function verifySignature(parsed: ParsedCode, publicKeys: string[]): Promise<'valid' | 'forged' | 'unavailable'> {
  let anyKey = false;
  for (const raw of publicKeys) {
    const key = await keyOf(raw);
    if (!key) continue;
    anyKey = true;
    if (await crypto.subtle.verify({ name: 'Ed25519' }, key, parsed.signature as BufferSource, parsed.signed as BufferSource)) return 'valid';
  }
  return anyKey ? 'forged' : 'unavailable';
}
