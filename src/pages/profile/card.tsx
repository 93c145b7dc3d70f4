// /profile/card: the signed-in member's card (decision 0043): name, tier, points and next booking, and the
// QR of their signed member code for perks at the counter; "Add to Apple/Google Wallet" where configured.
// Printable (the buttons are left off paper) and sized for a phone.
import { useTranslation } from '@/client/i18n';
import { MemberQr } from '@/components/card/MemberQr';
import { Link } from '@/components/ui/Link';
import styles from '@/components/card/card.module.css';
import frame from '@/components/ui/page.module.css';
import { PageTitle } from '@/components/ui/PageTitle';
import { ATTRACTION } from '@/config/attraction';
import { isLocale } from '@/config/locales';
import { withOutagePage } from '@/http/outage-page';
import { requireMember } from '@/http/require-member';
import { memberCard, type MemberCard } from '@/modules/program/member-card';
import { memberCardWallets, type MemberCardWallets } from '@/wiring/member-card-wallets';
import { serverNow } from '@/server/clock';
import { MEMBER_QR_WIDTH, qrDataUrl } from '@/server/qr-images';
import { getDb } from '@/server/db/client';
import { translationProps } from '@/server/translations';

/** `qr`: the member code's QR, drawn on the server. */
type Props = { card: MemberCard; wallets: MemberCardWallets; qr: string };

export default function MemberCardPage({ card, wallets, qr }: Props) {
  const { t } = useTranslation('card');
  return (
    <div className={frame.page}>
      <PageTitle title={t('title')} />
      <h1 className={frame.heading}>{t('heading')}</h1>
      <p className={frame.intro}>{t('intro')}</p>
      <section className={styles.card} aria-labelledby="member-card-name">
        <div className={styles.band}>
          <p className={styles.attraction}>{t('program', { attraction: ATTRACTION.name })}</p>
          <h2 className={styles.name} id="member-card-name">
            {card.name}
          </h2>
        </div>
        <dl className={styles.facts}>
          <dt>{t('tier')}</dt>
          <dd>{card.tier.name}</dd>
          <dt>{t('points')}</dt>
          <dd>{t('pointsValue', { count: card.points })}</dd>
          <dt>{t('nextBooking')}</dt>
          <dd>{card.nextBooking ? `${card.nextBooking.product}, ${card.nextBooking.when}` : t('noBooking')}</dd>
        </dl>
        <div className={styles.qrBox}>
          <MemberQr image={qr} label={t('qr', { name: card.name })} />
          <p className={styles.hint}>{t('hint')}</p>
        </div>
      </section>
      <div className={styles.actions}>
        {wallets.apple && (
          // A file to save (the .pkpass), from an API route: not a page to navigate to.
          // eslint-disable-next-line @next/next/no-html-link-for-pages
          <a href="/api/wallet/member-card/apple">{t('addApple')}</a>
        )}
        {wallets.google && (
          <a href={wallets.google} target="_blank" rel="noopener noreferrer">
            {t('addGoogle')}
          </a>
        )}
        <button type="button" className={styles.print} onClick={() => window.print()}>
          {t('print')}
        </button>
        <Link href="/profile">{t('back')}</Link>
      </div>
    </div>
  );
}

export const getServerSideProps = withOutagePage<Props>(async (ctx) => {
  const { session, redirect } = await requireMember(ctx);
  if (redirect) return { redirect };
  const db = await getDb();
  const locale = isLocale(ctx.locale) ? ctx.locale : 'en';
  const card = await memberCard(db, session.user.id, locale, serverNow());
  if (!card) return { notFound: true };
  return {
    props: {
      ...(await translationProps(locale, ['card'])),
      session: JSON.parse(JSON.stringify(session)),
      card,
      wallets: await memberCardWallets(db, card, locale),
      qr: await qrDataUrl(card.code, MEMBER_QR_WIDTH),
    },
  };
});
