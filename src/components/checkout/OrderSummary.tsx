import { useRouter } from 'next/router';
import { useTranslation } from '@/client/i18n';
import { orderInPageLanguage } from '@/client/i18n/catalog-names';
import { formatDate, formatTime } from '@/universal/format/date-time';
import { formatMoney } from '@/universal/format/money';
import type { OrderView } from '@/modules/checkout/order-view';
import summary from '@/components/ui/summary.module.css';
import { rewardLabel } from '@/universal/reward-label';
import { AddonLines } from './AddonLines';

export function OrderSummary({ order: booked }: { order: OrderView }) {
  const { t } = useTranslation('checkout');
  const order = orderInPageLanguage(t, booked);
  const { t: tr } = useTranslation('rewards');
  const { locale = 'en' } = useRouter();
  return (
    <>
      <dl className={summary.summaryList}>
        <dt>{t('summary.experience')}</dt>
        <dd>
          {order.productTitle}
          {order.optionTitle && order.optionTitle !== order.productTitle ? ` · ${order.optionTitle}` : ''}
        </dd>
        <dt>{t('summary.date')}</dt>
        <dd>{formatDate(order.availabilityId, locale)}</dd>
        <dt>{t('summary.time')}</dt>
        <dd>{formatTime(order.availabilityId, locale)}</dd>
        {order.lines.map((line) => (
          <div key={line.unitId} style={{ display: 'contents' }}>
            <dt>{t('summary.line', { count: line.quantity, unit: line.title })}</dt>
            <dd>{formatMoney(line.unitPrice * line.quantity, order.currency, locale)}</dd>
          </div>
        ))}
        <AddonLines order={order} />
        {order.discount > 0 && (
          <>
            <dt>{t('summary.memberDiscount')}</dt>
            <dd>−{formatMoney(order.discount, order.currency, locale)}</dd>
          </>
        )}
        {order.promo > 0 && order.promoCode && (
          <>
            <dt>{t('summary.promoCode', { code: order.promoCode })}</dt>
            <dd>−{formatMoney(order.promo, order.currency, locale)}</dd>
          </>
        )}
        {order.reward > 0 && order.rewardReason && (
          <>
            <dt>{rewardLabel(tr, order.rewardReason)}</dt>
            <dd>−{formatMoney(order.reward, order.currency, locale)}</dd>
          </>
        )}
        {order.giftCard > 0 && (
          <>
            <dt>{t('summary.giftCard')}</dt>
            <dd>−{formatMoney(order.giftCard, order.currency, locale)}</dd>
          </>
        )}
      </dl>
      <p className={summary.total}>
        <span>{t('summary.total')}</span>
        <span>{formatMoney(order.total, order.currency, locale)}</span>
      </p>
    </>
  );
}
