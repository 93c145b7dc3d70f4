// Product photos uploaded by managers (issue #27, decision 0055 "Uploaded photos"), over HTTP on the shared
// sites: a PNG is kept and served back byte-identical with its type and a long cache; the same bytes are one
// file; a file that is not a JPEG/PNG/WebP (whatever it claims) or is over 2 MB is refused with a clear
// message; gate staff and anonymous callers are refused; a name that reaches outside the photos' folder is a 404; the upload is
// audited; saved as a product's photo, visitors are sent it, and next/image serves it.
import { describe, expect, inject, it } from 'vitest';
import { Visitor, staffEmail } from './sites';

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

describe.each(inject('backends'))('product photos on $name', ({ url }) => {
  const upload = (visitor: Visitor, bytes: Buffer, contentType = 'application/octet-stream') =>
    visitor.request('/api/staff/catalog/images', { method: 'POST', headers: { 'content-type': contentType }, body: new Uint8Array(bytes) });

  it('keeps a PNG a manager uploads and serves it back byte-identical, as image/png with a long cache; audited', async () => {
    const manager = new Visitor(url);
    await manager.signInAsStaff(staffEmail('manager', 15));
    const res = await upload(manager, PNG, 'image/png');
    expect(res.status).toBe(201);
    const photo = (await res.json()) as { url: string; name: string; contentType: string; bytes: number };
    expect(photo).toMatchObject({ contentType: 'image/png', bytes: PNG.length });
    expect(photo.url).toMatch(/^\/api\/images\/products\/[0-9a-f]{64}\.png$/);
    // The same bytes again: the same address.
    expect(((await (await upload(manager, PNG)).json()) as { url: string }).url).toBe(photo.url);

    const served = await new Visitor(url).request(photo.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);

    const audit = (await (await manager.request('/api/staff/audit')).json()) as { entries: { action: string; target: string; actorEmail?: string }[] };
    expect(audit.entries.find((e) => e.action === 'catalog.photo' && e.target === photo.name)).toBeTruthy();
  });

  it('refuses a file that is not a JPEG, PNG or WebP, whatever its type says, and one over 2 MB, with a clear message', async () => {
    const manager = new Visitor(url);
    await manager.signInAsStaff(staffEmail('manager', 15));
    const text = await upload(manager, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/png');
    expect(text.status).toBe(415);
    expect(await text.json()).toEqual({ code: 'UNSUPPORTED_MEDIA_TYPE', error: 'The file is not a JPEG, PNG or WebP image.' });
    const empty = await upload(manager, Buffer.alloc(0));
    expect(empty.status).toBe(415);
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const tooLarge = await upload(manager, big, 'image/png');
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', error: 'The photo is larger than 2 MB.' });
    // In the caller's language.
    const french = new Visitor(url, 'fr');
    await french.signInAsStaff(staffEmail('manager', 16));
    expect(((await (await upload(french, Buffer.from('GIF89a'))).json()) as { error: string }).error).toBe('Le fichier n’est pas une image JPEG, PNG ou WebP.');
  });

  it('refuses gate staff (403) and anonymous callers (401)', async () => {
    const gate = new Visitor(url);
    await gate.signInAsStaff(staffEmail('gate', 15));
    const res = await upload(gate, PNG);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ code: 'FORBIDDEN', error: 'Only a manager may do this' });
    expect((await upload(new Visitor(url), PNG)).status).toBe(401);
  });

  it('answers 404 to names outside the photos’ folder or not a stored photo', async () => {
    const visitor = new Visitor(url);
    for (const name of ['..%2F..%2Fpackage.json', '%2E%2E%2Fticket-signing-key', '..%5C..%5Cpackage.json', `${'0'.repeat(64)}.png`, `${'a'.repeat(64)}.svg`]) {
      const res = await visitor.request(`/api/images/products/${name}`);
      expect(res.status, name).toBe(404);
      expect(res.headers.get('content-type'), name).toMatch(/json/);
    }
    // A NUL in the name is refused before any lookup (input hygiene).
    expect((await visitor.request(`/api/images/products/${'a'.repeat(64)}.png%00.png`)).status).toBe(400);
  });

  it('saved as a product’s photo, visitors are sent its address and next/image serves it', async () => {
    const manager = new Visitor(url);
    await manager.signInAsStaff(staffEmail('manager', 15));
    const photo = (await (await upload(manager, PNG)).json()) as { url: string };
    const catalog = async () => (await (await manager.request('/api/staff/catalog')).json()) as { version: number; document: { products: { id: string; image: string }[] } };
    const before = await catalog();
    const original = before.document.products.find((p) => p.id === 'sunrise')!.image;
    const save = async (image: string) => {
      const { version, document } = await catalog();
      document.products.find((p) => p.id === 'sunrise')!.image = image;
      const res = await manager.postJson('/api/staff/catalog', { baseVersion: version, document, reason: 'product photo test' });
      expect(res.status).toBe(200);
    };
    await save(photo.url);
    try {
      const products = (await (await new Visitor(url).request('/api/metadata/getProducts')).json()) as { id: string; image: string | null }[];
      expect(products.find((p) => p.id === 'sunrise')!.image).toBe(photo.url);
      const optimized = await new Visitor(url).request(`/_next/image?url=${encodeURIComponent(photo.url)}&w=640&q=75`, { headers: { accept: 'image/webp,image/png' } });
      expect(optimized.status).toBe(200);
      expect(optimized.headers.get('content-type')).toMatch(/^image\//);
    } finally {
      await save(original);
    }
  });
});
