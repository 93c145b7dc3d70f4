// The SMTP mail adapter against a local SMTP server, a site that mails through it, and the start-up
// refusal of a production site that has no mail server or secret.
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSmtpTransport } from '@/adapters/mail/smtp';
import { freePort, spawnSite, startSite, type RunningServer } from '../support/server';
import { TEST_TICKET_KEY, Visitor, uniqueEmail } from './sites';

let smtp: SMTPServer;
let smtpPort: number;
const received: ParsedMail[] = [];

beforeAll(async () => {
  smtpPort = await freePort();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => received.push(mail))
        .then(() => callback(), callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
});

afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

function waitForMail(to: string): Promise<ParsedMail> {
  return vi.waitFor(
    () => {
      const mail = received.find((m) => m.to && !Array.isArray(m.to) && m.to.text === to);
      if (!mail) throw new Error(`no mail to ${to}`);
      return mail;
    },
    { timeout: 5_000, interval: 50 },
  );
}

describe('the SMTP mail adapter', () => {
  it('delivers the message to the SMTP server', async () => {
    const transport = createSmtpTransport(`smtp://127.0.0.1:${smtpPort}`, 'Skyline Ambassadors <ambassadors@skyline-tower.example>');
    await transport.send({ to: 'guest@example.com', subject: 'Hello', text: 'Plain text', html: '<p>HTML</p>' });
    const mail = await waitForMail('guest@example.com');
    expect(mail.subject).toBe('Hello');
    expect(mail.from?.text).toBe('"Skyline Ambassadors" <ambassadors@skyline-tower.example>');
    expect(mail.text?.trim()).toBe('Plain text');
    expect(mail.html).toContain('<p>HTML</p>');
  });

  it('gives a message sent twice under one idempotency key one Message-ID, by which mail clients know a repeat', async () => {
    const transport = createSmtpTransport(`smtp://127.0.0.1:${smtpPort}`, 'Skyline Ambassadors <ambassadors@skyline-tower.example>');
    const message = { to: 'twice@example.com', subject: 'Your tickets', text: 't', html: 'h', idempotencyKey: 'tickets:0b7e0b3c-4f7e-4a8e-9a57-0d4f5c7c1f20' };
    await transport.send(message);
    await transport.send(message);
    await vi.waitFor(() => expect(received.filter((m) => m.to && !Array.isArray(m.to) && m.to.text === 'twice@example.com')).toHaveLength(2));
    const ids = received.filter((m) => m.to && !Array.isArray(m.to) && m.to.text === 'twice@example.com').map((m) => m.messageId);
    expect(ids).toEqual(['<tickets.0b7e0b3c-4f7e-4a8e-9a57-0d4f5c7c1f20@skyline-tower.example>', '<tickets.0b7e0b3c-4f7e-4a8e-9a57-0d4f5c7c1f20@skyline-tower.example>']);
  });

  it('reports a server that is not there', async () => {
    const transport = createSmtpTransport(`smtp://127.0.0.1:${await freePort()}`, 'a@example.com');
    await expect(transport.send({ to: 'x@example.com', subject: 's', text: 't', html: 'h' })).rejects.toThrow();
  });
});

describe('a production site that mails through SMTP', () => {
  let site: RunningServer;

  beforeAll(async () => {
    site = await startSite({
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      NEXTAUTH_SECRET: 'integration-test-secret-integration-test-secret',
      TICKET_SIGNING_KEY: TEST_TICKET_KEY,
      TRUST_PROXY: 'true',
    });
  });

  afterAll(async () => site?.stop());

  it('sends the sign-in link by SMTP, as HTML and text', async () => {
    const visitor = new Visitor(site.url);
    const email = uniqueEmail('smtp');
    expect((await visitor.join(email)).status).toBe(201);
    expect((await visitor.requestLink(email)).status).toBe(200);
    const mail = await waitForMail(email);
    expect(mail.subject).toBe('Your sign-in link for Skyline Ambassadors');
    expect(mail.text).toContain(`${site.url}/api/auth/callback/email?`);
    expect(mail.html).toContain('Sign in');
  });

  it('has no dev mailbox, no clock to set and no session to start without the link', async () => {
    const visitor = new Visitor(site.url);
    expect((await visitor.request('/api/dev/outbox?to=a@example.com')).status).toBe(404);
    expect((await visitor.request('/dev/mailbox')).status).toBe(404);
    expect((await visitor.postJson('/api/dev/clock', { at: '2030-01-01T00:00:00Z' })).status).toBe(404);
    expect((await visitor.postJson('/api/dev/session', { email: 'manager-1@staff.example' })).status).toBe(404);
  });

  it('ignores SKYPASS_CLOCK, and says so at start-up', async () => {
    // spawnSite hands every site the test's clock; a production site runs on the real time regardless.
    expect(site.log()).toContain('SKYPASS_CLOCK is ignored outside demo mode and tests: the site runs on the real time');
  });
});

describe('start-up checks', () => {
  it('refuses to start in production without SMTP_URL, NEXTAUTH_SECRET and TICKET_SIGNING_KEY, in one line', async () => {
    const { child, output } = spawnSite({ DATA_DIR: '/nonexistent/never-used', SKYPASS_DEMO: 'false' }, await freePort());
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(output()).toContain(
      'Skypass will not start: SMTP_URL, NEXTAUTH_SECRET and TICKET_SIGNING_KEY must be set in production (or set SKYPASS_DEMO=true to run the demo)\n',
    );
  });

  it('refuses a bad variable with its name', async () => {
    const { child, output } = spawnSite({ SKYPASS_DEMO: 'true', RATE_LIMIT_SIGNIN_PER_IP: 'plenty' }, await freePort());
    expect(await new Promise((resolve) => child.once('exit', resolve))).toBe(1);
    expect(output()).toMatch(/Skypass will not start: invalid configuration: RATE_LIMIT_SIGNIN_PER_IP: "plenty" is not a rate limit/);
  });
});
