// The demo mailbox shows an e-mail's HTML part with the images it carries and links that leave the frame.
import { describe, expect, it } from 'vitest';
import { inlineAttachedImages, previewDocument } from '@/modules/email/preview';

const qr = { filename: 'TKT-1.png', cid: 'TKT-1@skypass', contentType: 'image/png', base64: 'iVBORw0KGgo=' };

describe('the e-mail preview', () => {
  it('turns an attached image of a cid: reference into a data: URI', () => {
    expect(inlineAttachedImages('<img src="cid:TKT-1@skypass" alt="TKT-1">', [qr])).toBe('<img src="data:image/png;base64,iVBORw0KGgo=" alt="TKT-1">');
    expect(inlineAttachedImages("<img src='cid:TKT-1@skypass'>", [qr])).toBe("<img src='data:image/png;base64,iVBORw0KGgo='>");
  });

  it('leaves references to nothing attached, to attachments that are not images, and to unsafe content as they were', () => {
    const calendar = { filename: 'B.ics', cid: 'B.ics@skypass', contentType: 'text/calendar; charset=utf-8', base64: 'QkVHSU4=' };
    const quoted = { ...qr, cid: 'bad@skypass', contentType: 'image/png" onerror="x' };
    const notBase64 = { ...qr, cid: 'odd@skypass', base64: 'abc"><script>' };
    const html = '<img src="cid:other@skypass"><a href="cid:B.ics@skypass">x</a><img src="cid:bad@skypass"><img src="cid:odd@skypass">';
    expect(inlineAttachedImages(html, [qr, calendar, quoted, notBase64])).toBe(html);
  });

  it('opens links in a new tab, inside the head when there is one', () => {
    expect(previewDocument('<html><head><title>T</title></head><body><a href="https://x.example">x</a></body></html>', [])).toBe(
      '<html><head><base target="_blank"><title>T</title></head><body><a href="https://x.example">x</a></body></html>',
    );
    expect(previewDocument('<header>hi</header>', [])).toBe('<base target="_blank"><header>hi</header>');
  });

  it('inlines the QR code of every ticket', () => {
    const second = { ...qr, cid: 'TKT-2@skypass', filename: 'TKT-2.png' };
    const doc = previewDocument('<!doctype html><html lang="en"><head><meta charset="utf-8"></head><body><img src="cid:TKT-1@skypass"><img src="cid:TKT-2@skypass"></body></html>', [qr, second]);
    expect(doc).not.toContain('cid:');
    expect(doc.match(/src="data:image\/png;base64,/g)).toHaveLength(2);
  });
});
