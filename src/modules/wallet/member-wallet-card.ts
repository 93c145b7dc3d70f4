// The membership card in Apple and Google Wallet (decision 0043): an Apple store card pass and a Google
// loyalty object showing the member's tier, points and next booking, whose barcode is the signed member
// code. Each member's card has one serial (member_wallet_cards, made when the member first asks for a
// card), so its updates reach it: Apple devices fetch the latest pass from the PassKit web service,
// Google's object is rewritten through the REST API (deliver-pass-updates.ts).
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { PKPass } from 'passkit-generator';
import { ATTRACTION } from '@/config/attraction';
import { isLocale, type Locale } from '@/config/locales';
import type { Database } from '@/server/db/client';
import { memberWalletCards } from '@/server/db/schema';
import { serverT } from '@/server/i18n';
import { getMemberProfile } from '../accounts/member-profile';
import { memberCard, type MemberCard } from '../program/member-card';
import type { AppleWalletConfig, PassState } from './apple-wallet';
import { googleSaveJwt, type GoogleWalletConfig } from './google-wallet';

/** The card's words, in the member's language (locales/{lng}/card.json). */
export type MemberCardLabels = { program: string; tier: string; points: string; nextBooking: string; noBooking: string; member: string };

/** Apple's and Google's serials of member cards start so; a ticket's reference never does. */
export const MEMBER_CARD_SERIAL_PREFIX = 'member-';

/** The member's card serial, made on first use (random: it names no member). */
export async function memberCardSerial(db: Database, userId: string, now: Date): Promise<string> {
  const serialNumber = `${MEMBER_CARD_SERIAL_PREFIX}${crypto.randomBytes(12).toString('base64url')}`;
  await db.insert(memberWalletCards).values({ userId, serialNumber, updatedAt: now }).onConflictDoNothing({ target: memberWalletCards.userId });
  const [card] = await db.select({ serial: memberWalletCards.serialNumber }).from(memberWalletCards).where(eq(memberWalletCards.userId, userId));
  return card!.serial;
}

export async function memberOfCard(db: Database, serial: string): Promise<{ userId: string; updatedAt: Date } | undefined> {
  const [card] = await db.select({ userId: memberWalletCards.userId, updatedAt: memberWalletCards.updatedAt }).from(memberWalletCards).where(eq(memberWalletCards.serialNumber, serial));
  return card;
}

const nextBookingText = (card: MemberCard, labels: MemberCardLabels) => (card.nextBooking ? `${card.nextBooking.product}, ${card.nextBooking.when}` : labels.noBooking);

export function appleMemberCardPass(card: MemberCard, serial: string, config: AppleWalletConfig, labels: MemberCardLabels, state: PassState = {}): Buffer {
  const passJson = {
    formatVersion: 1,
    passTypeIdentifier: config.passTypeIdentifier,
    teamIdentifier: config.teamIdentifier,
    organizationName: ATTRACTION.name,
    description: labels.program,
    serialNumber: serial,
    backgroundColor: 'rgb(11, 29, 58)',
    foregroundColor: 'rgb(255, 255, 255)',
    labelColor: 'rgb(232, 185, 49)',
    storeCard: {},
    ...(state.webService ? { webServiceURL: state.webService.url, authenticationToken: state.webService.authenticationToken } : {}),
  };
  const pass = new PKPass(
    { 'pass.json': Buffer.from(JSON.stringify(passJson)), ...config.images },
    { signerCert: config.signerCert, signerKey: config.signerKey, signerKeyPassphrase: config.signerKeyPassphrase, wwdr: config.wwdr },
  );
  // A changed value shows on the lock screen ("changeMessage"), as loyalty cards do.
  pass.headerFields.push({ key: 'points', label: labels.points, value: card.points, changeMessage: `${labels.points}: %@` });
  pass.primaryFields.push({ key: 'member', label: labels.member, value: card.name });
  pass.secondaryFields.push({ key: 'tier', label: labels.tier, value: card.tier.name, changeMessage: `${labels.tier}: %@` });
  pass.auxiliaryFields.push({ key: 'next', label: labels.nextBooking, value: nextBookingText(card, labels) });
  pass.backFields.push({ key: 'address', label: ATTRACTION.name, value: ATTRACTION.address });
  pass.setBarcodes({ format: 'PKBarcodeFormatQR', message: card.code, messageEncoding: 'iso-8859-1' });
  return pass.getAsBuffer();
}

const idPart = (text: string) => text.replace(/[^\w.-]/g, '_');
/** The loyalty class of the membership cards, next to the tickets' event ticket class. */
export const googleMemberClassId = (config: Pick<GoogleWalletConfig, 'issuerId' | 'classSuffix'>) => `${config.issuerId}.${idPart(config.classSuffix)}-members`;
export const googleMemberObjectId = (issuerId: string, serial: string) => `${issuerId}.${idPart(serial)}`;

/** What the loyalty object shows that can change: sent again (PATCH) on every update. */
export function googleMemberObjectFields(card: MemberCard, labels: MemberCardLabels) {
  return {
    accountName: card.name,
    loyaltyPoints: { label: labels.points, balance: { int: card.points } },
    barcode: { type: 'QR_CODE', value: card.code },
    textModulesData: [
      { id: 'tier', header: labels.tier, body: card.tier.name },
      { id: 'next', header: labels.nextBooking, body: nextBookingText(card, labels) },
    ],
  };
}

/** The loyalty object as the save link makes it. */
export function googleMemberObject(card: MemberCard, serial: string, config: Pick<GoogleWalletConfig, 'issuerId' | 'classSuffix'>, labels: MemberCardLabels) {
  return { id: googleMemberObjectId(config.issuerId, serial), classId: googleMemberClassId(config), state: 'ACTIVE', accountId: serial, ...googleMemberObjectFields(card, labels) };
}

/** The signed JWT of the "Save to Google Wallet" link of the card, the loyalty class included (Google makes
 * it on the first save). */
export function googleMemberCardJwt(card: MemberCard, serial: string, config: GoogleWalletConfig, labels: MemberCardLabels, siteUrl: string, now = new Date()): string {
  const payload = {
    loyaltyClasses: [{ id: googleMemberClassId(config), issuerName: ATTRACTION.name, programName: labels.program, reviewStatus: 'UNDER_REVIEW' }],
    loyaltyObjects: [googleMemberObject(card, serial, config, labels)],
  };
  return googleSaveJwt(payload, config, siteUrl, now);
}

export function memberCardLabels(locale: Locale): MemberCardLabels {
  const t = serverT(locale, 'card');
  return {
    program: t('program', { attraction: ATTRACTION.name }),
    member: t('member'),
    tier: t('tier'),
    points: t('points'),
    nextBooking: t('nextBooking'),
    noBooking: t('noBooking'),
  };
}

/** The member's card as their wallet shows it: in the language they joined in. */
export async function walletMemberCard(db: Database, userId: string, now: Date): Promise<{ card: MemberCard; labels: MemberCardLabels } | undefined> {
  const profile = await getMemberProfile(db, userId);
  const locale = profile && isLocale(profile.locale) ? profile.locale : 'en';
  const card = await memberCard(db, userId, locale, now);
  return card && { card, labels: memberCardLabels(locale) };
}
