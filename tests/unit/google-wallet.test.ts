// The Google Wallet save link: a JWT signed RS256 with the service account's key (one the test makes),
// checked with the public key, carrying one event ticket per ticket with its signed code as the QR.
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { googleWalletJwt, googleWalletSaveUrl } from '@/modules/wallet/google-wallet';
import type { OrderRow } from '@/modules/checkout/order-view';

const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const config = {
  issuerId: '3388000000022222222',
  classSuffix: 'skyline-visit',
  serviceAccountEmail: 'wallet@skypass-test.iam.gserviceaccount.com',
  privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
};
const order = {
  supplierReference: 'SKY-ABC123',
  availabilityId: '2026-12-05T10:00:00-05:00',
  productTitle: 'Main Deck',
  optionTitle: 'Any time',
  tickets: [
    { reference: 'TKT-AAAA1111', unitId: 'adult', code: 'SKT1.payload.signature-one' },
    { reference: 'TKT-BBBB2222', unitId: 'child', code: 'SKT1.payload.signature-two' },
  ],
} as unknown as OrderRow;

describe('Google Wallet save link', () => {
  it('is signed with the service account key and carries every ticket with its signed code', () => {
    const jwt = googleWalletJwt(order, config, 'Lea Roux', 'https://tickets.example', new Date('2026-11-23T12:00:00Z'));
    const [header, claims, signature] = jwt.split('.') as [string, string, string];
    expect(crypto.verify('RSA-SHA256', Buffer.from(`${header}.${claims}`), publicKey, Buffer.from(signature, 'base64url'))).toBe(true);
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({ alg: 'RS256', typ: 'JWT' });
    const body = JSON.parse(Buffer.from(claims, 'base64url').toString());
    expect(body).toMatchObject({ iss: config.serviceAccountEmail, aud: 'google', typ: 'savetowallet', origins: ['https://tickets.example'], iat: Date.parse('2026-11-23T12:00:00Z') / 1000 });
    const objects = body.payload.eventTicketObjects;
    expect(objects).toHaveLength(2);
    expect(objects[0]).toMatchObject({
      id: '3388000000022222222.TKT-AAAA1111',
      classId: '3388000000022222222.skyline-visit',
      state: 'ACTIVE',
      ticketHolderName: 'Lea Roux',
      reservationInfo: { confirmationCode: 'SKY-ABC123' },
      barcode: { type: 'QR_CODE', value: 'SKT1.payload.signature-one', alternateText: 'TKT-AAAA1111' },
    });
    expect(googleWalletSaveUrl(jwt)).toBe(`https://pay.google.com/gp/v/save/${jwt}`);
  });

  it('a forged or altered link does not verify', () => {
    const jwt = googleWalletJwt(order, config, 'Lea Roux', 'https://tickets.example');
    const [header, claims, signature] = jwt.split('.') as [string, string, string];
    const altered = Buffer.from(Buffer.from(claims, 'base64url').toString().replace('TKT-AAAA1111', 'TKT-ZZZZ9999')).toString('base64url');
    expect(crypto.verify('RSA-SHA256', Buffer.from(`${header}.${altered}`), publicKey, Buffer.from(signature, 'base64url'))).toBe(false);
  });
});
