// "Save to Google Wallet": a link carrying a JWT signed (RS256, node:crypto) with the issuer's service-account
// key. It holds one event ticket object per ticket, whose barcode is the ticket's signed code, and the
// object ids are the tickets' references: a change gives new tickets and so new objects, and the old
// ones can be found by their ids. Shown only when GOOGLE_WALLET_* is configured.
import crypto from 'node:crypto';
import { ATTRACTION } from '@/config/attraction';
import type { OrderRow } from '../checkout/order-view';

export type GoogleWalletConfig = {
  issuerId: string;
  /** The event ticket class (made once in the Google Pay & Wallet console), without the issuer prefix. */
  classSuffix: string;
  serviceAccountEmail: string;
  /** PEM (PKCS#8) of the service account's RSA key. */
  privateKey: string;
};

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** Google's object ids allow letters, digits, '.', '_' and '-'. */
const idPart = (text: string) => text.replace(/[^\w.-]/g, '_');

/** The event ticket object of a ticket: `{issuerId}.{ticket reference}`. */
export const googleObjectId = (issuerId: string, ticketReference: string) => `${issuerId}.${idPart(ticketReference)}`;

export function googleWalletObjects(order: OrderRow, config: GoogleWalletConfig, holderName: string) {
  return (order.tickets ?? []).map((ticket) => ({
    id: googleObjectId(config.issuerId, ticket.reference),
    classId: `${config.issuerId}.${idPart(config.classSuffix)}`,
    state: 'ACTIVE',
    ticketHolderName: holderName,
    ticketNumber: ticket.reference,
    reservationInfo: { confirmationCode: order.supplierReference },
    barcode: { type: 'QR_CODE', value: ticket.code ?? ticket.reference, alternateText: ticket.reference },
    validTimeInterval: { start: { date: order.availabilityId } },
    linkedOfferIds: [],
    textModulesData: [{ id: 'visit', header: ATTRACTION.name, body: `${order.productTitle} · ${order.optionTitle}` }],
  }));
}

/** A signed "Save to Google Wallet" JWT carrying `payload` (objects, and classes Google makes on the first
 * save). Its `iat` is read by Google against Google's own clock: the real time, never the shop's settable
 * clock (src/server/clock.ts). */
export function googleSaveJwt(payload: Record<string, unknown>, config: GoogleWalletConfig, siteUrl: string, now = new Date()): string {
  const claims = { iss: config.serviceAccountEmail, aud: 'google', typ: 'savetowallet', iat: Math.floor(now.getTime() / 1000), origins: [siteUrl], payload };
  const signed = `${b64url({ alg: 'RS256', typ: 'JWT' })}.${b64url(claims)}`;
  const signature = crypto.sign('RSA-SHA256', Buffer.from(signed), config.privateKey).toString('base64url');
  return `${signed}.${signature}`;
}

/** The signed JWT of the save link for an order's tickets. */
export function googleWalletJwt(order: OrderRow, config: GoogleWalletConfig, holderName: string, siteUrl: string, now = new Date()): string {
  return googleSaveJwt({ eventTicketObjects: googleWalletObjects(order, config, holderName) }, config, siteUrl, now);
}

export const googleWalletSaveUrl = (jwt: string) => `https://pay.google.com/gp/v/save/${jwt}`;
