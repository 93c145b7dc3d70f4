// The hashes of the inline scripts in the pages Next.js prerendered at build time (the bundler's bootstrap
// of each page): those pages are files, rendered before any request, so no nonce can reach them and the
// Content-Security-Policy allows them by hash instead. Read once from the build, per server process.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const PRERENDERED = path.join(process.cwd(), '.next', 'server', 'pages');
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/** Whether a <script> with these attributes runs: data blocks (type="application/json") never do. */
function runs(attributes: string): boolean {
  const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
  return !type || type === 'module' || /javascript|ecmascript/.test(type);
}

function htmlFiles(dir: string): string[] {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return htmlFiles(full);
    return entry.name.endsWith('.html') ? [full] : [];
  });
}

/** The sha256 (base64) of every inline script of an HTML page. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = '', body = ''] of html.matchAll(SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes) || !body || !runs(attributes)) continue;
    hashes.push(crypto.createHash('sha256').update(body, 'utf8').digest('base64'));
  }
  return hashes;
}

/** The distinct hashes of the inline scripts of every page under `dir`. */
export function scriptHashesIn(dir: string): string[] {
  return [...new Set(htmlFiles(dir).flatMap((file) => inlineScriptHashes(fs.readFileSync(file, 'utf8'))))].sort();
}

let cached: string[] | undefined;

export function prerenderedScriptHashes(): string[] {
  cached ??= scriptHashesIn(PRERENDERED);
  return cached;
}
