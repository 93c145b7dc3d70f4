// /gift-cards (docs/product.md#gift-cards): buy a gift card (members), and check a card's balance (anyone).
import { useTranslation } from '@/client/i18n';
import { BuyGiftCard, type GiftCardOffer } from '@/components/gift-cards/BuyGiftCard';
import { GiftCardBalance } from '@/components/gift-cards/GiftCardBalance';
import styles from '@/components/gift-cards/gift-cards.module.css';
import { Card } from '@/components/ui/Card';
import frame from '@/components/ui/page.module.css';
import { PageTitle } from '@/components/ui/PageTitle';
import { ATTRACTION, TIME_ZONE } from '@/config/attraction';
import { currentGiftCardRules } from '@/config/gift-cards';
import { withOutagePage } from '@/http/outage-page';
import { serverNow } from '@/server/clock';
import { translationProps } from '@/server/translations';
import { formatMoney } from '@/universal/format/money';
import { addLocalDays, todayIn } from '@/universal/local-date';
import { readSession } from '@/wiring/member-session';
import { useRouter } from 'next/router';

type Props = { offer: GiftCardOffer; validMonths: number };

export default function GiftCardsPage({ offer, validMonths }: Props) {
  const { t } = useTranslation('giftcards');
  const { locale = 'en' } = useRouter();
  const intro = t('intro', { attraction: ATTRACTION.name, min: formatMoney(offer.min, offer.currency, locale), max: formatMoney(offer.max, offer.currency, locale), months: validMonths });
  return (
    <div className={frame.page}>
      <PageTitle title={t('title')} description={intro} />
      <h1 className={frame.heading}>{t('heading', { attraction: ATTRACTION.name })}</h1>
      <p className={frame.intro}>{intro}</p>
      <div className={styles.columns}>
        <section aria-labelledby="buy-heading">
          <Card>
            <h2 id="buy-heading">{t('buy.heading')}</h2>
            <BuyGiftCard offer={offer} />
          </Card>
        </section>
        <section aria-labelledby="balance-heading">
          <Card>
            <h2 id="balance-heading">{t('balance.heading')}</h2>
            <GiftCardBalance />
          </Card>
        </section>
      </div>
    </div>
  );
}

export const getServerSideProps = withOutagePage<Props>(async (ctx) => {
  const rules = currentGiftCardRules();
  const today = todayIn(TIME_ZONE, serverNow());
  // The member's session from the server: the buying form is rendered at once, instead of the sign-in
  // line that the form replaced when the session arrived, pushing the balance check down (CLS 0.46; decision 0058).
  const session = await readSession(ctx.req);
  return {
    props: {
      ...(await translationProps(ctx.locale, ['giftcards', 'checkout'])),
      session: session ? JSON.parse(JSON.stringify(session)) : null,
      offer: { presets: rules.presets, min: rules.min, max: rules.max, step: rules.step, currency: ATTRACTION.currency, today, lastDate: addLocalDays(today, rules.deliverWithinDays) },
      validMonths: rules.validMonths,
    },
  };
});
