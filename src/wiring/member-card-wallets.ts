// The wallet buttons of /profile/card (decision 0043), as this server is configured: Apple Wallet's pass
// download when APPLE_PASS_* is set, Google Wallet's save link when GOOGLE_WALLET_* is (the same settings
// as the tickets' passes). Offering Google's link gives the member their card serial, so that its updates
// are pushed from then on.
import type { Locale } from '@/config/locales';
import type { MemberCard } from '@/modules/program/member-card';
import { googleMemberCardJwt, memberCardLabels, memberCardSerial } from '@/modules/wallet/member-wallet-card';
import { googleWalletSaveUrl } from '@/modules/wallet/google-wallet';
import { serverNow } from '@/server/clock';
import type { Database } from '@/server/db/client';
import { getEnv } from '@/server/env';
import { appleWalletConfig, googleWalletConfig } from './wallet';

export type MemberCardWallets = { apple: boolean; google: string | null };

export async function memberCardWallets(db: Database, card: MemberCard, locale: Locale): Promise<MemberCardWallets> {
  const google = googleWalletConfig();
  const googleUrl = google
    ? googleWalletSaveUrl(googleMemberCardJwt(card, await memberCardSerial(db, card.memberId, serverNow()), google, memberCardLabels(locale), getEnv().siteUrl))
    : null;
  return { apple: appleWalletConfig() !== null, google: googleUrl };
}
