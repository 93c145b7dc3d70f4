// The branded frame every e-mail shares, and HTML escaping for what goes into it.
import { ATTRACTION } from '@/config/attraction';

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A complete HTML e-mail: the brand bar, `body` (already escaped HTML), and the attraction's name. */
export function brandedEmail(locale: string, title: string, body: string): string {
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f2f4f8;font-family:Helvetica,Arial,sans-serif;color:#14213d">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f2f4f8;padding:32px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:#0b1d3a;color:#ffffff;padding:20px 28px;font-size:18px;font-weight:bold;letter-spacing:.5px">${escapeHtml(ATTRACTION.brand)}</td></tr>
<tr><td style="padding:28px">${body}</td></tr>
<tr><td style="padding:16px 28px;background:#f7f8fb;font-size:12px;color:#4a5568">${escapeHtml(ATTRACTION.name)}</td></tr>
</table></td></tr></table></body></html>`;
}
