// Apple Wallet passes, signed with a certificate of a test authority the test makes (node-forge): the
// .pkpass holds pass.json with the ticket's signed code, a manifest whose SHA-1 hashes match every file,
// and a detached PKCS#7 signature of the manifest by the pass certificate, which the authority issued.
import crypto from 'node:crypto';
import forge from 'node-forge';
import { describe, expect, it } from 'vitest';
import { appleWalletPass } from '@/modules/wallet/apple-wallet';
import type { OrderRow } from '@/modules/checkout/order-view';
import { testPassAuthority, unzipStored } from '../support/pass-authority';

const { caKeys, caCert, config } = testPassAuthority();
const order = {
  supplierReference: 'SKY-ABC123',
  availabilityId: '2026-12-05T10:00:00-05:00',
  productTitle: 'Main Deck',
  optionTitle: 'Any time',
  locale: 'en',
  lines: [{ unitId: 'adult', title: 'Adult', quantity: 1, unitPrice: 4400 }],
  tickets: [{ reference: 'TKT-AAAA1111', unitId: 'adult', code: 'SKT1.payload.signature-one' }],
} as unknown as OrderRow;
const labels = { reference: 'Booking reference', when: 'Date and time', ticket: 'Ticket', address: 'Address' };

describe('Apple Wallet pass', () => {
  const files = unzipStored(appleWalletPass(order, 'TKT-AAAA1111', config, labels));

  it('carries the ticket: its signed code as the QR, its reference as serial number, the visit and the address', () => {
    const pass = JSON.parse(files.get('pass.json')!.toString());
    expect(pass).toMatchObject({ passTypeIdentifier: 'pass.example.skypass', teamIdentifier: 'TEAM123456', serialNumber: 'TKT-AAAA1111', organizationName: 'Skyline Tower' });
    expect(pass.barcodes[0]).toMatchObject({ format: 'PKBarcodeFormatQR', message: 'SKT1.payload.signature-one', altText: 'TKT-AAAA1111' });
    expect(pass.eventTicket.auxiliaryFields).toContainEqual(expect.objectContaining({ key: 'reference', value: 'SKY-ABC123' }));
    expect(pass.eventTicket.secondaryFields[0].value).toBe('Saturday 12/5/2026, 10:00 AM');
    expect(pass.eventTicket.backFields[0].value).toContain('350 Skyline Avenue');
  });

  it('lists every file in the manifest with its SHA-1, and signs the manifest with the pass certificate', () => {
    const manifestBytes = files.get('manifest.json')!;
    const manifest = JSON.parse(manifestBytes.toString()) as Record<string, string>;
    for (const [name, content] of files) {
      if (name === 'manifest.json' || name === 'signature') continue;
      expect(manifest[name], name).toBe(crypto.createHash('sha1').update(content).digest('hex'));
    }
    const p7 = forge.pkcs7.messageFromAsn1(forge.asn1.fromDer(files.get('signature')!.toString('binary'))) as forge.pkcs7.PkcsSignedData & {
      rawCapture: { authenticatedAttributes: forge.asn1.Asn1[]; signature: string };
    };
    // The signer is the pass certificate, issued by the authority.
    const signer = p7.certificates.find((c) => c.subject.getField('CN').value === 'Pass Type ID: pass.example.skypass')!;
    expect(caCert.verify(signer)).toBe(true);
    // The signed attributes name the manifest's digest, and the signature covers them.
    const attributes = p7.rawCapture.authenticatedAttributes;
    const digest = attributes
      .map((a) => a.value as forge.asn1.Asn1[])
      .find((a) => forge.asn1.derToOid((a[0]!.value as string)) === forge.pki.oids.messageDigest!)![1]!;
    const signedDigest = ((digest.value as forge.asn1.Asn1[])[0]!.value as string);
    expect(Buffer.from(signedDigest, 'binary').toString('hex')).toBe(crypto.createHash('sha1').update(manifestBytes).digest('hex'));
    const set = forge.asn1.toDer(forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SET, true, attributes)).getBytes();
    const md = forge.md.sha1.create().update(set);
    // forge throws on a signature that is not the key's.
    const verifies = (key: forge.pki.rsa.PublicKey) => {
      try {
        return key.verify(md.digest().bytes(), p7.rawCapture.signature);
      } catch {
        return false;
      }
    };
    expect(verifies(signer.publicKey as forge.pki.rsa.PublicKey)).toBe(true);
    expect(verifies(caKeys.publicKey)).toBe(false);
  });
});
