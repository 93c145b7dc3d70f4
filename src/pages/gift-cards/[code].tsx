// /gift-cards/<code>: the printable gift card (docs/product.md#gift-cards). The code is the key: the page
// counts against the same lookup limits as the balance check, and shows nothing of the buyer but the name
// they signed with.
import { useRouter } from 'next/router';
import { useTranslation } from '@/client/i18n';
import styles from '@/components/gift-cards/gift-cards.module.css';
import { Button } from '@/components/ui/Button';
import frame from '@/components/ui/page.module.css';
import { PageTitle } from '@/components/ui/PageTitle';
import { ATTRACTION } from '@/config/attraction';
import { clientAddress } from '@/http/client-address';
import { withOutagePage } from '@/http/outage-page';
import { lookUpGiftCard, type GiftCardView } from '@/modules/gift-cards/look-up-gift-card';
import { serverNow } from '@/server/clock';
import { getDb } from '@/server/db/client';
import { AppError } from '@/server/errors';
import { translationProps } from '@/server/translations';
import { formatLongDate } from '@/universal/format/date-time';
import { formatMoney } from '@/universal/format/money';

type Props = { card: GiftCardView };

export default function PrintableGiftCard({ card }: Props) {
  const { t } = useTranslation('giftcards');
  const { locale = 'en' } = useRouter();
  const money = (cents: number) => formatMoney(cents, card.currency, locale);
  return (
    <div className={frame.page}>
      <PageTitle title={t('print.title')} />
      <article className={styles.printable}>
        <h1>{t('print.heading', { attraction: ATTRACTION.name })}</h1>
        {card.recipientName && <p>{t('print.for', { name: card.recipientName })}</p>}
        <p>{t('print.from', { name: card.senderName })}</p>
        {card.message && <p className={styles.quote}>“{card.message}”</p>}
        <p className={styles.balance}>{money(card.amount)}</p>
        <p>
          {t('print.code')}
          <br />
          <strong className={styles.code}>{card.code}</strong>
        </p>
        <p>{card.status === 'ACTIVE' ? t('balance.validUntil', { date: formatLongDate(card.expiresAt, locale) }) : t(`balance.status.${card.status}`)}</p>
        <p>{t('balance.result', { balance: money(card.balance), amount: money(card.amount) })}</p>
        <p className={styles.noPrint}>
          <Button type="button" onClick={() => window.print()}>
            {t('print.print')}
          </Button>
        </p>
      </article>
    </div>
  );
}

export const getServerSideProps = withOutagePage<Props, { code: string }>(async (ctx) => {
  try {
    const card = await lookUpGiftCard(await getDb(), ctx.params?.code ?? '', clientAddress(ctx.req), serverNow());
    return { props: { ...(await translationProps(ctx.locale, ['giftcards'])), card } };
  } catch (error) {
    if (error instanceof AppError && (error.code === 'NOT_FOUND' || error.code === 'RATE_LIMITED')) return { notFound: true };
    throw error;
  }
});
