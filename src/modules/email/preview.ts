// An e-mail's HTML part as a mail client shows it, for the demo mailbox: the images it carries as
// attachments (`cid:` references) become data: URIs, and its links open outside the mailbox's frame.

export type StoredAttachment = { filename: string; cid: string; contentType: string; base64: string };

// Only what can be put inside a quoted attribute as is: an image type and plain base64.
const IMAGE_TYPE = /^image\/[\w.+-]+$/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** `src="cid:…"` of an attached image becomes a data: URI; a reference to nothing attached stays as it was. */
export function inlineAttachedImages(html: string, attachments: readonly StoredAttachment[]): string {
  const images = new Map(attachments.filter((a) => IMAGE_TYPE.test(a.contentType) && BASE64.test(a.base64)).map((a) => [a.cid, a]));
  return html.replace(/(["'])cid:([^"'<>\s]+)\1/gi, (whole, quote: string, cid: string) => {
    const image = images.get(cid.replace(/&amp;/g, '&'));
    return image ? `${quote}data:${image.contentType};base64,${image.base64}${quote}` : whole;
  });
}

/** The document for a sandboxed frame's `srcdoc`: images inlined, and links that open a new tab (the site
 * itself refuses to be framed). */
export function previewDocument(html: string, attachments: readonly StoredAttachment[]): string {
  const inlined = inlineAttachedImages(html, attachments);
  const base = '<base target="_blank">';
  const head = /<head(\s[^>]*)?>/i;
  return head.test(inlined) ? inlined.replace(head, (tag) => tag + base) : base + inlined;
}
