// Typed configuration, validated once. Every variable is documented in README.md.
import net from 'node:net';
import { z } from 'zod';
import { DEMO_OPS_KEY, DEMO_RESELLER } from './demo-keys';
import { parseNetworks } from './egress/internal-addresses';

const booleanish = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const WINDOW_UNITS = { s: 1_000, m: 60_000, h: 3_600_000 } as const;

/** "5/15m" means at most 5 in any 15-minute window. */
export type RateLimit = { max: number; windowMs: number };

export function parseRateLimit(value: string): RateLimit | undefined {
  const match = /^(\d{1,6})\/(\d{1,4})([smh])$/.exec(value.trim());
  if (!match) return undefined;
  const [, max, amount, unit] = match;
  const windowMs = Number(amount) * WINDOW_UNITS[unit as keyof typeof WINDOW_UNITS];
  if (Number(max) < 1 || windowMs < 1_000) return undefined;
  return { max: Number(max), windowMs };
}

/**
 * Which proxies in front of the site are believed about the client's address (X-Forwarded-For): the
 * number of them (`hops`), or their addresses and networks (`proxies`, IPs or CIDRs).
 */
export type TrustProxy = { hops: number } | { proxies: string[] };

const TRUST_PROXY_FORMAT = 'TRUST_PROXY is a number of proxies (0, 1, 2, …) or their addresses (10.0.0.1, 10.0.0.0/8, ::1, …)';

/** "2" → two proxies; "10.0.0.0/8, 192.168.1.10" → those; "true"/"false" are 1 and 0, as before. */
export function parseTrustProxy(value: string | undefined): TrustProxy | undefined {
  const text = (value ?? '').trim();
  if (text === '' || text === 'false') return { hops: 0 };
  if (text === 'true') return { hops: 1 };
  if (/^\d{1,2}$/.test(text)) return { hops: Number(text) };
  const proxies = text.split(',').map((entry) => entry.trim());
  const valid = proxies.every((entry) => {
    const [address = '', prefix, extra] = entry.split('/');
    const family = net.isIP(address);
    if (family === 0 || extra !== undefined) return false;
    return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
  });
  return valid ? { proxies } : undefined;
}

const rateLimit = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value, ctx) => {
      const parsed = parseRateLimit(value);
      if (!parsed) {
        ctx.addIssue({ code: 'custom', message: `"${value}" is not a rate limit like 5/15m` });
        return z.NEVER;
      }
      return parsed;
    });

/** "a@x.org, B@y.org" → ["a@x.org", "b@y.org"]. */
const emailList = (name: string) =>
  z
    .string()
    .default('')
    .transform((value, ctx) => {
      const emails = value
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean);
      if (emails.some((e) => !z.email().safeParse(e).success)) {
        ctx.addIssue({ code: 'custom', message: `${name} is a comma-separated list of e-mail addresses` });
        return z.NEVER;
      }
      return emails;
    });

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
  DATA_DIR: z.string().min(1).default('data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  NEXTAUTH_URL: z.url().optional(),
  NEXTAUTH_SECRET: z.string().min(32, 'NEXTAUTH_SECRET must be at least 32 characters').optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).optional(),
  SKYPASS_DEMO: booleanish,
  /** Where the server's clock starts (an ISO instant; it runs on from there): demo mode and tests only (src/server/clock.ts). */
  SKYPASS_CLOCK: z.iso.datetime({ offset: true, message: 'SKYPASS_CLOCK is an ISO instant like 2027-05-12T10:00:00-04:00' }).optional(),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const parsed = parseTrustProxy(value);
      if (!parsed) {
        ctx.addIssue({ code: 'custom', message: TRUST_PROXY_FORMAT });
        return z.NEVER;
      }
      return parsed;
    }),
  OCTO_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  OCTO_API_KEY: z.string().min(8).optional(),
  OCTO_WEBHOOK_SECRET: z.string().min(16, 'OCTO_WEBHOOK_SECRET must be at least 16 characters').optional(),
  OCTO_RESELLER_KEYS: z
    .string()
    .regex(/^[a-z0-9-]+:[^,:\s]{16,}(,[a-z0-9-]+:[^,:\s]{16,})*$/, 'OCTO_RESELLER_KEYS is "reseller-id:key-of-16-or-more-characters,…"')
    .optional(),
  /** Internal networks resellers' webhooks may reach after all (a partner's private network): addresses
   * and CIDRs, "10.20.0.0/16, fd12::/16". Every other internal address is refused (docs/decisions/0034). */
  OCTO_WEBHOOK_ALLOW: z
    .string()
    .default('')
    .transform((value, ctx) => {
      const networks = parseNetworks(value);
      if (!networks) {
        ctx.addIssue({ code: 'custom', message: 'OCTO_WEBHOOK_ALLOW is a list of addresses and networks (10.20.0.0/16, fd12::/16, …)' });
        return z.NEVER;
      }
      return networks;
    }),
  STRIPE_SECRET_KEY: z.string().startsWith('sk_', 'STRIPE_SECRET_KEY starts with sk_').optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().startsWith('pk_', 'STRIPE_PUBLISHABLE_KEY starts with pk_').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_', 'STRIPE_WEBHOOK_SECRET starts with whsec_').optional(),
  /** Where the Stripe API is: only tests point it elsewhere (a local stand-in). */
  STRIPE_API_BASE: z.url().optional(),
  POAP_API_KEY: z.string().min(8).optional(),
  POAP_CLIENT_ID: z.string().min(1).optional(),
  POAP_CLIENT_SECRET: z.string().min(8).optional(),
  /** Where the POAP API and its token endpoint are: only tests point them elsewhere (a local stand-in). */
  POAP_API_BASE: z.url().optional(),
  POAP_AUTH_URL: z.url().optional(),
  /** The bearer key of the operator's API (ticket redemption at the gate). */
  OPS_API_KEY: z.string().min(16, 'OPS_API_KEY must be at least 16 characters').optional(),
  /** How long a booking is held while the member pays. */
  PAYMENT_HOLD_MINUTES: z.coerce.number().int().min(6).max(120).default(30),
  RATE_LIMIT_SIGNIN_PER_EMAIL: rateLimit('5/15m'),
  RATE_LIMIT_SIGNIN_PER_IP: rateLimit('20/15m'),
  RATE_LIMIT_LOOKUP_PER_EMAIL: rateLimit('20/15m'),
  RATE_LIMIT_LOOKUP_PER_IP: rateLimit('60/15m'),
  /** Book (payWithPayment) per member and per client address. */
  RATE_LIMIT_BOOK_PER_MEMBER: rateLimit('10/15m'),
  RATE_LIMIT_BOOK_PER_IP: rateLimit('30/15m'),
  /** Changes and cancellations of a booking (confirmed), per member and per client address. */
  RATE_LIMIT_CHANGE_PER_MEMBER: rateLimit('10/15m'),
  RATE_LIMIT_CHANGE_PER_IP: rateLimit('30/15m'),
  /** Quotes of a change and terms of a cancellation, per member and per client address. */
  RATE_LIMIT_QUOTE_PER_MEMBER: rateLimit('60/15m'),
  RATE_LIMIT_QUOTE_PER_IP: rateLimit('180/15m'),
  /** Gift card codes looked up (the balance check and the printable page), per client address and from
   * everyone: a code is 16 characters of 30, but every guess still costs (decision 0047). */
  RATE_LIMIT_GIFT_CARD_LOOKUP_PER_IP: rateLimit('10/15m'),
  RATE_LIMIT_GIFT_CARD_LOOKUP: rateLimit('500/15m'),
  /** Posts to Apple Wallet's log endpoint (it carries no token), per client address and from everyone. */
  RATE_LIMIT_WALLET_LOG_PER_IP: rateLimit('10/15m'),
  RATE_LIMIT_WALLET_LOG: rateLimit('200/15m'),
  /** Wrong bearer keys (operator API, OCTO API, OCTO webhook) per client address. */
  RATE_LIMIT_KEY_FAILURES_PER_IP: rateLimit('10/15m'),
  /** How many unpaid bookings a member may hold at once: a new Book releases the oldest beyond it. */
  UNPAID_BOOKINGS_PER_MEMBER: z.coerce.number().int().min(1).max(10).default(1),
  /** Ed25519 keys of the ticket codes: base64 of the 32-byte private seed, and of the public key. */
  TICKET_SIGNING_KEY: z.base64('TICKET_SIGNING_KEY is the base64 of a 32-byte Ed25519 key').length(44, 'TICKET_SIGNING_KEY is the base64 of a 32-byte Ed25519 key').optional(),
  /** After a rotation, the key that signed the tickets sold before it: they still verify until they have passed. */
  TICKET_SIGNING_KEY_PREVIOUS: z.base64('TICKET_SIGNING_KEY_PREVIOUS is the base64 of a 32-byte Ed25519 key').length(44, 'TICKET_SIGNING_KEY_PREVIOUS is the base64 of a 32-byte Ed25519 key').optional(),
  TICKET_VERIFY_KEY: z.base64('TICKET_VERIFY_KEY is the base64 of a 32-byte Ed25519 key').length(44, 'TICKET_VERIFY_KEY is the base64 of a 32-byte Ed25519 key').optional(),
  /** The staff console's users: gate staff, and managers (who may do everything). */
  STAFF_EMAILS: emailList('STAFF_EMAILS'),
  MANAGER_EMAILS: emailList('MANAGER_EMAILS'),
  /** The box office's staff (decision 0053): they sell and refund at the counter (/staff/sell); managers may too. */
  BOXOFFICE_EMAILS: emailList('BOXOFFICE_EMAILS'),
  /** "Save to Google Wallet": the issuer, the event ticket class (without the issuer prefix) and the
   * service account that signs the save links (its e-mail and its RSA key as PEM, \n allowed). */
  GOOGLE_WALLET_ISSUER_ID: z.string().regex(/^\d{4,30}$/, 'GOOGLE_WALLET_ISSUER_ID is the issuer number').optional(),
  GOOGLE_WALLET_CLASS_ID: z.string().regex(/^[\w.-]{1,100}$/, 'GOOGLE_WALLET_CLASS_ID holds letters, digits, ".", "_" and "-"').optional(),
  GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL: z.email().optional(),
  GOOGLE_WALLET_PRIVATE_KEY: z.string().includes('PRIVATE KEY', { message: 'GOOGLE_WALLET_PRIVATE_KEY is a PEM private key' }).optional(),
  /** Apple Wallet passes: the pass type identifier and team, the pass type certificate and its key (PEM,
   * \n allowed; a passphrase if the key has one) and Apple's WWDR intermediate certificate (PEM). */
  APPLE_PASS_TYPE_ID: z.string().regex(/^pass\.[\w.-]+$/, 'APPLE_PASS_TYPE_ID looks like pass.com.example.tickets').optional(),
  APPLE_TEAM_ID: z.string().regex(/^[A-Z0-9]{10}$/, 'APPLE_TEAM_ID is 10 capital letters and digits').optional(),
  APPLE_PASS_CERT: z.string().includes('CERTIFICATE', { message: 'APPLE_PASS_CERT is a PEM certificate' }).optional(),
  APPLE_PASS_KEY: z.string().includes('PRIVATE KEY', { message: 'APPLE_PASS_KEY is a PEM private key' }).optional(),
  APPLE_PASS_KEY_PASSPHRASE: z.string().optional(),
  APPLE_WWDR_CERT: z.string().includes('CERTIFICATE', { message: 'APPLE_WWDR_CERT is a PEM certificate' }).optional(),
  /** The key of Apple passes' authentication tokens (HMAC of the serial): one derived from APPLE_PASS_KEY when unset. */
  APPLE_PASS_AUTH_SECRET: z.string().min(32, 'APPLE_PASS_AUTH_SECRET must be at least 32 characters').optional(),
  /** Where Apple's push service and Google Wallet's API and token endpoint are: only tests point them elsewhere. */
  APNS_BASE_URL: z.url({ protocol: /^https$/ }).default('https://api.push.apple.com'),
  GOOGLE_WALLET_API_BASE: z.url({ protocol: /^https?$/ }).default('https://walletobjects.googleapis.com'),
  GOOGLE_OAUTH_TOKEN_URL: z.url({ protocol: /^https?$/ }).default('https://oauth2.googleapis.com/token'),
  /** How early or late (minutes) the gate admits a ticket around its slot's start (at most two days). */
  GATE_TOLERANCE_MINUTES: z.coerce.number().int().min(0).max(2880).default(30),
  /** Readiness (GET /api/health) fails once a due background job has waited this long for a runner; 0: never (decision 0046). */
  HEALTH_MAX_JOB_LAG_SECONDS: z.coerce.number().int().min(0).max(86_400).default(600),
  /** Outside a scheduled on-sale, the queue switches itself on for 10 minutes once the site holds more than
   * this many bookings a minute (decision 0056); 0: never. */
  ONSALE_AUTO_HOLDS_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(1200),
});

/** The parsed environment, with the values computed from it once. */
const withComputed = schema.transform((env) => ({
  ...env,
  /** The site's public address, for e-mailed links and payment returns: NEXTAUTH_URL or localhost. */
  siteUrl: (env.NEXTAUTH_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
}));

export type Env = z.infer<typeof withComputed>;

/** Parses an environment; throws one line naming every bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = withComputed.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`invalid configuration: ${problems}`);
  }
  return result.data;
}

/** The reason the site must not start, or undefined when it may. */
export function startupRefusal(env: Env): string | undefined {
  if (Boolean(env.OCTO_BASE_URL) !== Boolean(env.OCTO_API_KEY)) return 'OCTO_BASE_URL and OCTO_API_KEY go together';
  const poap = [env.POAP_API_KEY, env.POAP_CLIENT_ID, env.POAP_CLIENT_SECRET].filter(Boolean).length;
  if (poap !== 0 && poap !== 3) return 'POAP_API_KEY, POAP_CLIENT_ID and POAP_CLIENT_SECRET go together';
  const google = [env.GOOGLE_WALLET_ISSUER_ID, env.GOOGLE_WALLET_CLASS_ID, env.GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL, env.GOOGLE_WALLET_PRIVATE_KEY].filter(Boolean).length;
  if (google !== 0 && google !== 4) return 'GOOGLE_WALLET_ISSUER_ID, GOOGLE_WALLET_CLASS_ID, GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL and GOOGLE_WALLET_PRIVATE_KEY go together';
  const apple = [env.APPLE_PASS_TYPE_ID, env.APPLE_TEAM_ID, env.APPLE_PASS_CERT, env.APPLE_PASS_KEY, env.APPLE_WWDR_CERT].filter(Boolean).length;
  if (apple !== 0 && apple !== 5) return 'APPLE_PASS_TYPE_ID, APPLE_TEAM_ID, APPLE_PASS_CERT, APPLE_PASS_KEY and APPLE_WWDR_CERT go together';
  const stripe = [env.STRIPE_SECRET_KEY, env.STRIPE_PUBLISHABLE_KEY, env.STRIPE_WEBHOOK_SECRET].filter(Boolean).length;
  if (stripe !== 0 && stripe !== 3) return 'STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET go together';
  // Servers sharing a database share their ticket key: a key each made for itself would make the others' tickets FORGED.
  if (env.DATABASE_URL && !env.TICKET_SIGNING_KEY && !env.TICKET_VERIFY_KEY) return 'TICKET_SIGNING_KEY must be set when DATABASE_URL is set: every server of the site signs tickets with the same key';
  if (env.SKYPASS_DEMO) return undefined;
  // The demo's keys are published: they must not become a real site's keys.
  if (env.OPS_API_KEY === DEMO_OPS_KEY) return 'OPS_API_KEY is the published demo key: choose a key of your own outside demo mode';
  if (env.OCTO_RESELLER_KEYS?.split(',').some((pair) => pair.slice(pair.indexOf(':') + 1) === DEMO_RESELLER.key)) {
    return 'OCTO_RESELLER_KEYS holds the published demo key: give each reseller a key of its own outside demo mode';
  }
  if (env.NODE_ENV !== 'production') return undefined;
  const missing = [!env.SMTP_URL && 'SMTP_URL', !env.NEXTAUTH_SECRET && 'NEXTAUTH_SECRET', !env.TICKET_SIGNING_KEY && 'TICKET_SIGNING_KEY'].filter((name): name is string => Boolean(name));
  if (missing.length === 0) return undefined;
  const names = missing.length === 1 ? missing[0] : `${missing.slice(0, -1).join(', ')} and ${missing.at(-1)}`;
  return `${names} must be set in production (or set SKYPASS_DEMO=true to run the demo)`;
}

let cached: Env | undefined;

export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
