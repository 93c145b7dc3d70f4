// Product photos (decision 0055 "Uploaded photos"): the kind is told by the bytes, not the name; kept once
// by content; refused when not an image or too large, writing nothing; read back only by a name storePhoto makes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PHOTO_MAX_BYTES, photoKind, readPhoto, storePhoto } from '@/modules/catalog/product-photos';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([4, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);

describe('product photos', () => {
  let dir: string;
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skypass-photos-'))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));
  const kept = () => (fs.existsSync(path.join(dir, 'images/products')) ? fs.readdirSync(path.join(dir, 'images/products')) : []);

  it('tells JPEG, PNG and WebP by their first bytes, and nothing else', () => {
    expect([photoKind(JPEG), photoKind(PNG), photoKind(WEBP)]).toEqual(['jpg', 'png', 'webp']);
    expect(photoKind(Buffer.from('GIF89a'))).toBeUndefined();
    expect(photoKind(Buffer.from('<svg/>'))).toBeUndefined();
    expect(photoKind(Buffer.from('RIFF\0\0\0\0WAVE'))).toBeUndefined();
    expect(photoKind(Buffer.alloc(0))).toBeUndefined();
  });

  it('keeps a photo once, named by its content, and reads it back byte-identical', () => {
    const first = storePhoto(dir, PNG);
    expect(first.url).toBe(`/api/images/products/${first.name}`);
    expect(storePhoto(dir, PNG).name).toBe(first.name);
    expect(kept()).toEqual([first.name]);
    const read = readPhoto(dir, first.name);
    expect(read.contentType).toBe('image/png');
    expect(read.bytes.equals(PNG)).toBe(true);
  });

  it('refuses what is not an image, or too large, writing nothing', () => {
    expect(() => storePhoto(dir, Buffer.from('hello'))).toThrow(expect.objectContaining({ code: 'UNSUPPORTED_MEDIA_TYPE' }));
    expect(() => storePhoto(dir, Buffer.concat([PNG, Buffer.alloc(PHOTO_MAX_BYTES)]))).toThrow(expect.objectContaining({ code: 'PAYLOAD_TOO_LARGE' }));
    expect(kept()).toEqual([]);
  });

  it('reads nothing but a stored photo’s name', () => {
    fs.writeFileSync(path.join(dir, 'secret'), 'x');
    for (const name of ['../../secret', '../secret', 'secret', `${'0'.repeat(64)}.png`, `${'a'.repeat(64)}.png/..`, '']) {
      expect(() => readPhoto(dir, name), name).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
    }
  });
});
