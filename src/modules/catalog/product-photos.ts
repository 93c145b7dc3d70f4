// Product photos uploaded by managers on /staff/catalog (issue #27, decision 0055, "Uploaded photos"): a
// JPEG, PNG or WebP of at most PHOTO_MAX_BYTES, its kind told by its first bytes (never by a name), kept
// content-addressed under DATA_DIR/images/products/<sha256>.<ext> and served by
// GET /api/images/products/<name>. The same bytes are one file, kept once.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { AppError } from '@/server/errors';

export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;

/** The address a stored photo is served at; the catalogue's `image` field holds it. */
export const PHOTO_ROUTE = '/api/images/products';

const KINDS = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;
type Extension = keyof typeof KINDS;

/** The only names a stored photo can have: what `storePhoto` makes. Anything else (a `..`, a slash) is no photo. */
const NAME = /^[0-9a-f]{64}\.(jpg|png|webp)$/;

/** The kind of image the bytes are, by their signature, or undefined. */
export function photoKind(bytes: Buffer): Extension | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return undefined;
}

function folder(dataDir: string): string {
  return path.resolve(dataDir, 'images', 'products');
}

/** Checks and keeps a photo; answers its name and address. Refuses (AppError) what is not a JPEG, PNG or
 * WebP, an empty file and one over PHOTO_MAX_BYTES, writing nothing. */
export function storePhoto(dataDir: string, bytes: Buffer): { name: string; url: string; contentType: string; bytes: number } {
  if (bytes.length > PHOTO_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', 'photoTooLarge', { limit: `${PHOTO_MAX_BYTES / 1024 / 1024} MB` });
  const kind = photoKind(bytes);
  if (!kind) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'photoNotImage');
  const name = `${crypto.createHash('sha256').update(bytes).digest('hex')}.${kind}`;
  const dir = folder(dataDir);
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  if (!fs.existsSync(file)) {
    // Written aside then renamed: a reader never sees half a photo.
    const partial = `${file}.${process.pid}.${crypto.randomUUID()}.part`;
    fs.writeFileSync(partial, bytes);
    fs.renameSync(partial, file);
  }
  return { name, url: `${PHOTO_ROUTE}/${name}`, contentType: KINDS[kind], bytes: bytes.length };
}

/** A stored photo's bytes and type; NOT_FOUND for a name `storePhoto` cannot have made or one not kept here. */
export function readPhoto(dataDir: string, name: string): { bytes: Buffer; contentType: string } {
  const match = NAME.exec(name);
  if (!match) throw new AppError('NOT_FOUND', 'notFound');
  const file = path.join(folder(dataDir), name);
  if (!fs.existsSync(file)) throw new AppError('NOT_FOUND', 'notFound');
  return { bytes: fs.readFileSync(file), contentType: KINDS[match[1] as Extension] };
}
