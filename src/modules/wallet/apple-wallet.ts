// Apple Wallet: one event ticket pass (.pkpass) per ticket, made and signed with passkit-generator (PKCS#7
// over the manifest, with the pass type certificate and Apple's WWDR intermediate, both from the
// environment). The barcode is the ticket's signed code; the serial number is the ticket's reference, so
// a changed booking's new tickets are new passes. Shown only when APPLE_PASS_* is configured.
import { PKPass } from 'passkit-generator';
import { ATTRACTION } from '@/config/attraction';
import { formatDate, formatTime } from '@/universal/format/date-time';
import type { OrderRow } from '../checkout/order-view';

export type AppleWalletConfig = {
  passTypeIdentifier: string;
  teamIdentifier: string;
  signerCert: string;
  signerKey: string;
  signerKeyPassphrase?: string;
  wwdr: string;
  /** icon.png (and @2x, @3x): the pass's required images. */
  images: Record<string, Buffer>;
};

export type PassLabels = { reference: string; when: string; ticket: string; address: string };

/** Where the pass asks for its updates (the PassKit web service) and with which token; and, for a ticket
 * that no longer admits anyone, the back field saying why (the pass is then voided). */
export type PassState = { webService?: { url: string; authenticationToken: string }; voided?: { label: string; text: string } };

export function appleWalletPass(order: OrderRow, ticketReference: string, config: AppleWalletConfig, labels: PassLabels, state: PassState = {}): Buffer {
  const ticket = [...(order.tickets ?? []), ...(order.replacedTickets ?? [])].find((t) => t.reference === ticketReference);
  if (!ticket) throw new Error(`no ticket ${ticketReference} in booking ${order.supplierReference}`);
  const unit = order.lines.find((l) => l.unitId === ticket.unitId)?.title ?? ticket.unitId;
  const passJson = {
    formatVersion: 1,
    passTypeIdentifier: config.passTypeIdentifier,
    teamIdentifier: config.teamIdentifier,
    organizationName: ATTRACTION.name,
    description: `${ATTRACTION.name}: ${order.productTitle}`,
    serialNumber: ticket.reference,
    backgroundColor: 'rgb(11, 29, 58)',
    foregroundColor: 'rgb(255, 255, 255)',
    labelColor: 'rgb(232, 185, 49)',
    eventTicket: {},
    ...(state.webService ? { webServiceURL: state.webService.url, authenticationToken: state.webService.authenticationToken } : {}),
    ...(state.voided ? { voided: true } : {}),
  };
  const pass = new PKPass(
    { 'pass.json': Buffer.from(JSON.stringify(passJson)), ...config.images },
    { signerCert: config.signerCert, signerKey: config.signerKey, signerKeyPassphrase: config.signerKeyPassphrase, wwdr: config.wwdr },
  );
  const locale = order.locale;
  pass.primaryFields.push({ key: 'event', label: ATTRACTION.name, value: order.productTitle });
  pass.secondaryFields.push({ key: 'when', label: labels.when, value: `${formatDate(order.availabilityId, locale)}, ${formatTime(order.availabilityId, locale)}` });
  pass.auxiliaryFields.push({ key: 'ticket', label: labels.ticket, value: unit }, { key: 'reference', label: labels.reference, value: order.supplierReference });
  if (state.voided) pass.backFields.push({ key: 'status', label: state.voided.label, value: state.voided.text });
  pass.backFields.push({ key: 'address', label: labels.address, value: ATTRACTION.address });
  pass.setBarcodes({ format: 'PKBarcodeFormatQR', message: ticket.code ?? ticket.reference, messageEncoding: 'iso-8859-1', altText: ticket.reference });
  pass.setRelevantDate(new Date(order.availabilityId));
  return pass.getAsBuffer();
}
