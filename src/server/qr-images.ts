// QR codes drawn on the server, as data URLs for a page's props: the page's largest paint is then in its
// HTML, instead of waiting for the page's scripts and the QR library in the browser (decision 0058).
// The sizes are the browser's own (components/card/MemberQr.tsx, components/checkout/Tickets.tsx).
import QRCode from 'qrcode';

export const TICKET_QR_WIDTH = 300;
export const MEMBER_QR_WIDTH = 440;

export function qrDataUrl(text: string, width: number): Promise<string> {
  return QRCode.toDataURL(text, { width, margin: 1 });
}

/** One QR per ticket, keyed by the ticket's reference, carrying its code. */
export async function ticketQrImages(tickets: { reference: string; code: string }[]): Promise<Record<string, string>> {
  return Object.fromEntries(await Promise.all(tickets.map(async (t) => [t.reference, await qrDataUrl(t.code, TICKET_QR_WIDTH)] as const)));
}
