// The wallet membership card's Google side (decision 0043): the save link's JWT carries the loyalty class
// and the member's object (points, tier, next visit, the member code's QR), signed with the service
// account's key; an update PATCHes the loyalty object with the fields that change.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createGoogleWalletObjects } from '@/adapters/wallet/google-wallet-rest';
import type { MemberCard } from '@/modules/program/member-card';
import { googleMemberCardJwt, googleMemberObjectFields, type MemberCardLabels } from '@/modules/wallet/member-wallet-card';

const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const config = { issuerId: '3388000000022222222', classSuffix: 'skyline-tickets', serviceAccountEmail: 'wallet@skypass-test.iam.gserviceaccount.com', privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() };
const card: MemberCard = { memberId: 'm-1', name: 'Ana Lima', tier: { id: 'regular', name: 'Regular' }, points: 350, nextBooking: { reference: 'SKY-7F3K9Q', product: 'Main Deck', when: 'Thursday 5/13/2027, 12:00 PM' }, code: 'SKM1.abc.def' };
const labels: MemberCardLabels = { program: 'Skyline Tower Ambassadors', member: 'Member', tier: 'Tier', points: 'Points', nextBooking: 'Next visit', noBooking: 'No visit booked' };

describe('the Google Wallet membership card', () => {
  it('is saved through a signed link carrying its loyalty class and the member’s object', () => {
    const jwt = googleMemberCardJwt(card, 'member-abc', config, labels, 'https://tickets.example', new Date('2027-05-12T14:00:00Z'));
    const [header, claims, signature] = jwt.split('.') as [string, string, string];
    expect(crypto.verify('RSA-SHA256', Buffer.from(`${header}.${claims}`), publicKey, Buffer.from(signature, 'base64url'))).toBe(true);
    const { payload } = JSON.parse(Buffer.from(claims, 'base64url').toString());
    expect(payload.loyaltyClasses).toEqual([{ id: `${config.issuerId}.skyline-tickets-members`, issuerName: 'Skyline Tower', programName: 'Skyline Tower Ambassadors', reviewStatus: 'UNDER_REVIEW' }]);
    expect(payload.loyaltyObjects).toEqual([
      {
        id: `${config.issuerId}.member-abc`,
        classId: `${config.issuerId}.skyline-tickets-members`,
        state: 'ACTIVE',
        accountId: 'member-abc',
        accountName: 'Ana Lima',
        loyaltyPoints: { label: 'Points', balance: { int: 350 } },
        barcode: { type: 'QR_CODE', value: 'SKM1.abc.def' },
        textModulesData: [
          { id: 'tier', header: 'Tier', body: 'Regular' },
          { id: 'next', header: 'Next visit', body: 'Main Deck, Thursday 5/13/2027, 12:00 PM' },
        ],
      },
    ]);
  });

  it('is updated with a PATCH of its loyalty object', async () => {
    const requests: { method?: string; url?: string; body: string }[] = [];
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk));
      req.on('end', () => {
        requests.push({ method: req.method, url: req.url, body });
        res.setHeader('content-type', 'application/json');
        res.end(req.url === '/token' ? JSON.stringify({ access_token: 'ya29.test', expires_in: 3600 }) : '{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const objects = createGoogleWalletObjects({ serviceAccountEmail: config.serviceAccountEmail, privateKey: config.privateKey, apiBase: base, tokenUrl: `${base}/token` });
      const fields = googleMemberObjectFields({ ...card, nextBooking: null }, labels);
      expect(await objects.updateLoyalty(`${config.issuerId}.member-abc`, fields)).toEqual({ status: 200 });
      const patch = requests.find((r) => r.method === 'PATCH')!;
      expect(patch.url).toBe(`/walletobjects/v1/loyaltyObject/${config.issuerId}.member-abc`);
      expect(JSON.parse(patch.body)).toMatchObject({ loyaltyPoints: { balance: { int: 350 } }, textModulesData: [{ body: 'Regular' }, { body: 'No visit booked' }] });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
