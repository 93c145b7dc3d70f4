// The gate's camera reading where the browser has no BarcodeDetector (decision 0070): every ticket's QR code
// reads, as the camera sees it held square in front of it at 640 × 480.
import { describe, expect, it } from 'vitest';
import { qrInPicture, type Picture } from '@/client/staff/qr-in-picture';
import { signTicketCode } from '@/modules/tickets/ticket-codes';
import { privateKeyFromSeed } from '@/server/ticket-keys';
import { TEST_TICKET_KEY } from '../integration/sites';
import { qrLuma } from '../support/qr-picture';

const WIDTH = 640;
const HEIGHT = 480;

/** The camera's picture of a QR code: grey RGBA pixels from the luma plane, softened by `blur` (a lens out of focus). */
function picture(text: string, blur = false): Picture {
  let luma: Uint8Array = qrLuma(text, WIDTH, HEIGHT);
  if (blur) {
    const soft = new Uint8Array(luma);
    for (let y = 1; y < HEIGHT - 1; y++) {
      for (let x = 1; x < WIDTH - 1; x++) {
        let sum = 0;
        for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) sum += luma[(y + dy) * WIDTH + x + dx]!;
        soft[y * WIDTH + x] = sum / 9;
      }
    }
    luma = soft;
  }
  const data = new Uint8ClampedArray(WIDTH * HEIGHT * 4);
  luma.forEach((value, i) => data.set([value, value, value, 255], i * 4));
  return { data, width: WIDTH, height: HEIGHT };
}

// Signed as the site signs them, with the test sites' published key: the same codes on every run.
const key = { privateKey: privateKeyFromSeed(TEST_TICKET_KEY) };
const ticketCodes = Array.from({ length: 40 }, (_, i) => {
  const booking = `SKY-${(0x3a7f21 + i * 7919).toString(36).toUpperCase().padStart(6, '0').slice(-6)}`;
  return signTicketCode({ ticket: `TKT-${booking.slice(4)}${i}`, booking, slot: `2027-05-${String(12 + (i % 15)).padStart(2, '0')}T10:30:00-04:00` }, key);
});

// Codes of tickets that ZXing's JavaScript port, the gate's reader before, could not read in exactly such a picture.
const missedByZxing = [
  'SKT1.WyJUS1QtSjYwM1NLSDUiLCJTS1ktOFRFMk1NIiwiMjAyNy0wNS0xMlQxMDozMDowMC0wNDowMCJd.MWdFLSEPLjWmaDKoa8R7Af3_nNjcwdKOmedJdxNf1lAfKtvlxvBOHogUT6IpAcBdUK3sgelUoCfanuUFHz_JCw',
  'SKT1.WyJUS1QtTUpIOEUxWEYiLCJTS1ktMUdGQUpQIiwiMjAyNy0wNS0xMlQxMDozMDowMC0wNDowMCJd.i4TIqkOimxO8jLLJnladS6FBDM1a4Hmk3f1vTKUrDwA8Sxxz_2hPCVtFGFrf14_TSLxYJC9xVKIs0j6i1wF5DA',
  'SKT1.WyJUS1QtNUQ0TjBYM04iLCJTS1ktQ01OMUVXIiwiMjAyNy0wNS0xMlQxMDozMDowMC0wNDowMCJd.Q48c_b7KmGiVJ06W9MRy7jltkq6S5bs_dCqkCb4g00Kz1YwUqS05o0uhb93Hr3ELvwKLYx7alMM-AflbL8CvAg',
];

describe('the QR code in a camera picture', () => {
  it('reads every ticket of forty, each in its own picture', () => {
    const read = ticketCodes.map((code) => qrInPicture(picture(code)));
    expect(read).toEqual(ticketCodes);
  });

  it('reads the tickets the gate could not read before', () => {
    expect(missedByZxing.map((code) => qrInPicture(picture(code)))).toEqual(missedByZxing);
  });

  it('reads a ticket slightly out of focus', () => {
    const codes = [...ticketCodes.slice(0, 5), ...missedByZxing];
    expect(codes.map((code) => qrInPicture(picture(code, true)))).toEqual(codes);
  });

  it('finds nothing in a picture without a code', () => {
    expect(qrInPicture({ data: new Uint8ClampedArray(WIDTH * HEIGHT * 4).fill(200), width: WIDTH, height: HEIGHT })).toBeUndefined();
  });
});
