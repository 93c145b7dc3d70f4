// Apple's PassKit web service (Wallet Developer Guide, "Updating a Pass"): devices register for the
// passes they hold, ask which of them changed since a tag, fetch the latest pass, and unregister. Every
// pass carries an authentication token, an HMAC of its serial number (the ticket's reference) with a
// server secret, so no token is stored and one pass's token opens no other. The latest pass of a
// replaced ticket, or of a cancelled booking's, is voided with a back field saying why. A membership card
// (serial "member-…", decision 0043) is served the same way, made from the member's state at the time.
// Abuse (docs/decisions/0035): the log endpoint carries no token in Apple's protocol, so it is rate-limited
// per client address and overall, bounded in lines and length, and logged with control characters escaped;
// a pass is registered on at most MAX_DEVICES_PER_PASS devices.
import crypto from 'node:crypto';
import { and, eq, gt, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { isLocale } from '@/config/locales';
import type { Database } from '@/server/db/client';
import type { RateLimit } from '@/server/env';
import { loggable } from '@/server/log-text';
import { enforceRateLimits } from '@/server/rate-limit';
import { applePassRegistrations, memberWalletCards, orders, walletPassUpdates } from '@/server/db/schema';
import { serverNow } from '@/server/clock';
import { serverT } from '@/server/i18n';
import { formatDate, formatTime } from '@/universal/format/date-time';
import type { OrderRow } from '../checkout/order-view';
import { appleWalletPass, type AppleWalletConfig } from './apple-wallet';
import { log } from '@/server/log';
import { appleMemberCardPass, MEMBER_CARD_SERIAL_PREFIX, memberOfCard, walletMemberCard } from './member-wallet-card';

export type AppleWebServiceDeps = {
  db: Database;
  config: AppleWalletConfig;
  secret: string;
  siteUrl: string;
  /** Posts to the log endpoint, per client address and from everyone together. */
  logLimits: { perAddress: RateLimit; overall: RateLimit };
};

/** A member's phone, watch and a few more; beyond, a registration is refused (401, the only refusal
 * Apple's protocol has for it), so that no one fills the push queue of one pass. */
export const MAX_DEVICES_PER_PASS = 10;

export type WebServiceRequest = {
  method: string;
  clientIp: string;
  /** The path below the web service's URL, split: ['v1', 'devices', …]. */
  segments: string[];
  authorization?: string;
  ifModifiedSince?: string;
  passesUpdatedSince?: string;
  body?: unknown;
};

export type WebServiceAnswer = { status: number; headers?: Record<string, string>; json?: unknown; pass?: Buffer };

export const appleWebServiceUrl = (siteUrl: string) => `${siteUrl}/api/wallet/apple`;

export function passAuthenticationToken(secret: string, serial: string): string {
  return crypto.createHmac('sha256', secret).update(`apple-pass:${serial}`).digest('hex');
}

function tokenMatches(secret: string, serial: string, authorization: string | undefined): boolean {
  const given = Buffer.from(/^ApplePass (.+)$/.exec(authorization ?? '')?.[1] ?? '');
  const expected = Buffer.from(passAuthenticationToken(secret, serial));
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/** The booking a ticket belongs (or belonged, before a change) to. */
async function orderOfTicket(db: Database, serial: string): Promise<OrderRow | undefined> {
  const needle = JSON.stringify([{ reference: serial }]);
  const [order] = await db
    .select()
    .from(orders)
    .where(or(sql`${orders.tickets} @> ${needle}::jsonb`, sql`${orders.replacedTickets} @> ${needle}::jsonb`));
  return order && order.status !== 'PENDING_PAYMENT' && order.status !== 'EXPIRED' ? order : undefined;
}

/** HTTP dates carry whole seconds. */
const wholeSeconds = (date: Date) => Math.floor(date.getTime() / 1000) * 1000;

async function latestPass(deps: AppleWebServiceDeps, serial: string, order: OrderRow, ifModifiedSince?: string): Promise<WebServiceAnswer> {
  const [update] = await deps.db.select().from(walletPassUpdates).where(eq(walletPassUpdates.serialNumber, serial));
  const modified = update?.updatedAt ?? order.confirmedAt ?? order.createdAt;
  const lastModified = new Date(wholeSeconds(modified)).toUTCString();
  const since = ifModifiedSince ? Date.parse(ifModifiedSince) : NaN;
  if (!Number.isNaN(since) && wholeSeconds(modified) <= since) return { status: 304, headers: { 'Last-Modified': lastModified } };
  const locale = isLocale(order.locale) ? order.locale : 'en';
  const t = serverT(locale, 'booking');
  const replaced = order.replacedTickets.some((ticket) => ticket.reference === serial);
  const when = `${formatDate(order.availabilityId, locale)}, ${formatTime(order.availabilityId, locale)}`;
  const voided =
    order.status === 'CANCELLED' || order.status === 'REFUNDED'
      ? { label: t('wallet.status'), text: t('wallet.cancelled') }
      : replaced
        ? { label: t('wallet.status'), text: t('wallet.replaced', { when }) }
        : undefined;
  const pass = appleWalletPass(
    order,
    serial,
    deps.config,
    { reference: t('reference'), when: t('when'), ticket: t('wallet.ticket'), address: t('wallet.address') },
    { webService: { url: appleWebServiceUrl(deps.siteUrl), authenticationToken: passAuthenticationToken(deps.secret, serial) }, voided },
  );
  return { status: 200, headers: { 'Last-Modified': lastModified }, pass };
}

/** The latest membership card of its serial (decision 0043), as the member stands now. */
async function latestMemberCard(deps: AppleWebServiceDeps, serial: string, ifModifiedSince?: string): Promise<WebServiceAnswer> {
  const card = await memberOfCard(deps.db, serial);
  const shown = card && (await walletMemberCard(deps.db, card.userId, serverNow()));
  if (!card || !shown) return { status: 404 };
  const lastModified = new Date(wholeSeconds(card.updatedAt)).toUTCString();
  const since = ifModifiedSince ? Date.parse(ifModifiedSince) : NaN;
  if (!Number.isNaN(since) && wholeSeconds(card.updatedAt) <= since) return { status: 304, headers: { 'Last-Modified': lastModified } };
  const webService = { url: appleWebServiceUrl(deps.siteUrl), authenticationToken: passAuthenticationToken(deps.secret, serial) };
  return { status: 200, headers: { 'Last-Modified': lastModified }, pass: appleMemberCardPass(shown.card, serial, deps.config, shown.labels, { webService }) };
}

const registration = z.object({ pushToken: z.string().min(1).max(200) });
const logs = z.object({ logs: z.array(z.string().max(1_000)).max(20) });
const id = /^[\w.-]{1,200}$/;

export async function appleWebService(deps: AppleWebServiceDeps, request: WebServiceRequest): Promise<WebServiceAnswer> {
  const { db, config } = deps;
  const [version, kind, ...rest] = request.segments;
  if (version !== 'v1' || rest.some((part) => !id.test(part))) return { status: 404 };

  if (kind === 'log' && rest.length === 0 && request.method === 'POST') {
    await enforceRateLimits(db, [
      { key: `wallet-log:ip:${request.clientIp}`, limit: deps.logLimits.perAddress },
      { key: 'wallet-log:all', limit: deps.logLimits.overall },
    ]);
    const parsed = logs.safeParse(request.body);
    if (!parsed.success) return { status: 400 };
    for (const line of parsed.data.logs) log.warn(`[wallet] Apple Wallet says: ${loggable(line)}`);
    return { status: 200 };
  }

  if (kind === 'passes' && rest.length === 2 && request.method === 'GET') {
    const [passTypeId, serial] = rest as [string, string];
    if (passTypeId !== config.passTypeIdentifier) return { status: 404 };
    if (!tokenMatches(deps.secret, serial, request.authorization)) return { status: 401 };
    if (serial.startsWith(MEMBER_CARD_SERIAL_PREFIX)) return latestMemberCard(deps, serial, request.ifModifiedSince);
    const order = await orderOfTicket(db, serial);
    return order ? latestPass(deps, serial, order, request.ifModifiedSince) : { status: 404 };
  }

  if (kind !== 'devices' || rest[1] !== 'registrations') return { status: 404 };
  const [device, , passTypeId, serial] = rest as [string, string, string, string | undefined];
  if (passTypeId !== config.passTypeIdentifier || rest.length > 4) return { status: 404 };

  if (serial === undefined) {
    if (request.method !== 'GET') return { status: 405 };
    // The tag is the time (ms) of the latest update the device has seen.
    const since = request.passesUpdatedSince && /^\d{1,15}$/.test(request.passesUpdatedSince) ? new Date(Number(request.passesUpdatedSince)) : undefined;
    // A ticket's pass changes with its booking, a membership card with the member (decision 0043).
    const updatedAt = sql<Date | null>`coalesce(${walletPassUpdates.updatedAt}, ${memberWalletCards.updatedAt})`.mapWith(walletPassUpdates.updatedAt);
    const rows = await db
      .select({ serial: applePassRegistrations.serialNumber, updatedAt })
      .from(applePassRegistrations)
      .leftJoin(walletPassUpdates, eq(walletPassUpdates.serialNumber, applePassRegistrations.serialNumber))
      .leftJoin(memberWalletCards, eq(memberWalletCards.serialNumber, applePassRegistrations.serialNumber))
      .where(and(eq(applePassRegistrations.deviceLibraryId, device), eq(applePassRegistrations.passTypeId, passTypeId), since ? gt(updatedAt, since) : undefined));
    if (rows.length === 0) return { status: 204 };
    const latest = Math.max(0, ...rows.map((r) => r.updatedAt?.getTime() ?? 0), since?.getTime() ?? 0);
    return { status: 200, json: { serialNumbers: rows.map((r) => r.serial), lastUpdated: String(latest) } };
  }

  if (!tokenMatches(deps.secret, serial, request.authorization)) return { status: 401 };
  const key = and(
    eq(applePassRegistrations.deviceLibraryId, device),
    eq(applePassRegistrations.passTypeId, passTypeId),
    eq(applePassRegistrations.serialNumber, serial),
  );
  if (request.method === 'DELETE') {
    await db.delete(applePassRegistrations).where(key);
    return { status: 200 };
  }
  if (request.method !== 'POST') return { status: 405 };
  const parsed = registration.safeParse(request.body);
  if (!parsed.success) return { status: 400 };
  const known = serial.startsWith(MEMBER_CARD_SERIAL_PREFIX) ? await memberOfCard(db, serial) : await orderOfTicket(db, serial);
  if (!known) return { status: 404 };
  return db.transaction(async (tx) => {
    // One registration of a pass at a time, so that concurrent devices cannot pass the cap together.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`apple-pass:${passTypeId}|${serial}`}, 0))`);
    const [known] = await tx.select({ serial: applePassRegistrations.serialNumber }).from(applePassRegistrations).where(key);
    if (known) {
      await tx.update(applePassRegistrations).set({ pushToken: parsed.data.pushToken }).where(key);
      return { status: 200 };
    }
    const devices = await tx.$count(
      applePassRegistrations,
      and(eq(applePassRegistrations.passTypeId, passTypeId), eq(applePassRegistrations.serialNumber, serial)),
    );
    if (devices >= MAX_DEVICES_PER_PASS) return { status: 401 };
    await tx.insert(applePassRegistrations).values({ deviceLibraryId: device, passTypeId, serialNumber: serial, pushToken: parsed.data.pushToken });
    return { status: 201 };
  });
}

