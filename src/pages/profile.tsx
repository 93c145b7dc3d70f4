import { withOutagePage } from '@/http/outage-page';
import { useTranslation } from '@/client/i18n';
import { useMembership } from '@/client/loyalty/use-membership';
import { MyBookings } from '@/components/profile/MyBookings';
import { MyMoments } from '@/components/profile/MyMoments';
import { MyPoints } from '@/components/profile/MyPoints';
import { MyTier } from '@/components/profile/MyTier';
import { MyTokens } from '@/components/profile/MyTokens';
import { Link } from '@/components/ui/Link';
import { MyWaitlist } from '@/components/profile/MyWaitlist';
import styles from '@/components/profile/profile.module.css';
import frame from '@/components/ui/page.module.css';
import { Card } from '@/components/ui/Card';
import { PageTitle } from '@/components/ui/PageTitle';
import { Tabs } from '@/components/ui/Tabs';
import { getMemberProfile } from '@/modules/accounts/member-profile';
import { memberOrders } from '@/modules/checkout/member-orders';
import { orderView, type OrderView } from '@/modules/checkout/order-view';
import { getMembership, type Membership } from '@/modules/loyalty/membership';
import { memberWaitlist, type WaitlistPlace } from '@/modules/waitlist/member-waitlist';
import { getSupplier } from '@/wiring/supplier';
import { requireMember } from '@/http/require-member';
import { getDb } from '@/server/db/client';
import { formatLongDate } from '@/universal/format/date-time';
import { personName } from '@/universal/person-name';
import { translationProps } from '@/server/translations';
import { isLocale } from '@/config/locales';
import { currentProgram } from '@/config/program';
import { currentPointsRules } from '@/config/points';
import { serverNow } from '@/server/clock';
import { MyGuestPasses } from '@/components/program/MyGuestPasses';
import { guestPassesOf, issueGuestPasses, type GuestPassView } from '@/modules/program/guest-passes';
import { MyAnnualPass } from '@/components/passes/MyAnnualPass';
import { memberPasses, type MemberPassView } from '@/modules/passes/member-pass';
import { currentCatalog } from '@/config/catalog';

type Props = {
  member: { name: string; email: string; phoneNumber: string; country: string; joined: string; marketingOptIn: boolean };
  orders: OrderView[];
  membership: Membership;
  waitlist: WaitlistPlace[];
  /** A Local Legend's guest passes (decision 0042); none for other tiers. */
  guestPasses: GuestPassView[];
  /** How far back visits count towards a tier. */
  windowMonths: number;
  /** How long confirmed points last. */
  pointsExpiryMonths: number;
  renderedAt: number;
  /** The member's annual passes (decision 0051), the gift code to claim from a gift's e-mail link, and the
   * renewal's price; null when no pass is sold. */
  passes: MemberPassView[];
  claimPass: string | null;
  passPrice: { price: number; currency: string } | null;
};

export default function ProfilePage({ member, orders, membership, waitlist, guestPasses, windowMonths, pointsExpiryMonths, renderedAt, passes, claimPass, passPrice }: Props) {
  const { t } = useTranslation('profile');
  // The membership as the server rendered it, then as the poll finds it.
  const current = useMembership().data ?? membership;
  const tokens = current.tokens;
  const details = (
    <dl className={styles.details}>
      <dt>{t('details.name')}</dt>
      <dd>{member.name}</dd>
      <dt>{t('details.email')}</dt>
      <dd>{member.email}</dd>
      <dt>{t('details.phoneNumber')}</dt>
      <dd>{member.phoneNumber}</dd>
      <dt>{t('details.country')}</dt>
      <dd>{member.country}</dd>
      <dt>{t('details.memberSince')}</dt>
      <dd>{member.joined}</dd>
      <dt>{t('details.news')}</dt>
      <dd>{member.marketingOptIn ? t('details.newsYes') : t('details.newsNo')}</dd>
    </dl>
  );
  return (
    <div className={frame.page}>
      <PageTitle title={t('title')} />
      <h1 className={frame.heading}>{t('heading')}</h1>
      <p className={frame.intro}>{t('welcome', { name: member.name })}</p>
      <div className={styles.programCards}>
        <Card className={styles.tierCard}>
          <MyTier membership={current} windowMonths={windowMonths} />
        </Card>
        <Card>
          <MyPoints points={current.points} expiryMonths={pointsExpiryMonths} />
        </Card>
      </div>
      <p className={styles.cardLink}>
        <Link href="/profile/card">{t('program.card')}</Link>
      </p>
      <Card className={styles.tierCard}>
        <MyMoments moments={current.moments} />
      </Card>
      {passPrice && (passes.length > 0 || claimPass) && (
        <Card className={styles.tierCard}>
          <MyAnnualPass initial={passes} claimCode={claimPass} renewal={passPrice} />
        </Card>
      )}
      {guestPasses.length > 0 && (
        <Card>
          <MyGuestPasses passes={guestPasses} />
        </Card>
      )}
      <Card>
        <Tabs
          label={t('heading')}
          tabs={[
            { id: 'tokens', label: t('tabs.tokens'), content: <MyTokens tokens={tokens} /> },
            {
              id: 'bookings',
              label: t('tabs.bookings'),
              content: (
                <>
                  <MyWaitlist places={waitlist} />
                  <MyBookings orders={orders} now={renderedAt} />
                </>
              ),
            },
            { id: 'details', label: t('tabs.details'), content: details },
          ]}
        />
      </Card>
    </div>
  );
}

export const getServerSideProps = withOutagePage<Props>(async (ctx) => {
  const { session, redirect } = await requireMember(ctx);
  if (redirect) return { redirect };
  const db = await getDb();
  const locale = ctx.locale ?? 'en';
  const language = isLocale(locale) ? locale : 'en';
  const catalog = currentCatalog();
  // This quarter's guest passes are given when the member next looks (decision 0042).
  await issueGuestPasses(db, session.user.id, serverNow());
  const [profile, orders, membership, waitlist, guestPasses, passes] = await Promise.all([
    getMemberProfile(db, session.user.id),
    memberOrders(db, session.user.id),
    getMembership(db, session.user.id, language),
    memberWaitlist({ db, supplier: await getSupplier() }, session.user.id, language),
    guestPassesOf(db, session.user.id),
    catalog.annualPass ? memberPasses(db, session.user.id) : [],
  ]);
  if (!profile) return { notFound: true };
  const country = new Intl.DisplayNames([locale], { type: 'region' }).of(profile.country) ?? profile.country;
  return {
    props: {
      ...(await translationProps(locale, ['profile', 'checkout', 'catalog', 'moments', 'rewards', 'passes'])),
      // Through JSON: page props may not hold undefined values.
      session: JSON.parse(JSON.stringify(session)),
      member: {
        name: personName(profile.firstName, profile.lastName, locale),
        email: profile.email,
        phoneNumber: profile.phoneNumber,
        country,
        joined: formatLongDate(profile.joinedAt, locale),
        marketingOptIn: profile.marketingOptIn,
      },
      orders: orders.map(orderView),
      membership,
      waitlist,
      guestPasses,
      windowMonths: currentProgram().windowMonths,
      pointsExpiryMonths: currentPointsRules().expiryMonths,
      renderedAt: serverNow().getTime(),
      passes,
      claimPass: typeof ctx.query.claimPass === 'string' ? ctx.query.claimPass.slice(0, 40) : null,
      passPrice: catalog.annualPass ? { price: catalog.annualPass.price, currency: catalog.currency } : null,
    },
  };
});
