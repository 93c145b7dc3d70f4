import { useRouter } from 'next/router';
import { useTranslation } from '@/client/i18n';
import { orderInPageLanguage } from '@/client/i18n/catalog-names';
import { formatDate, formatTime } from '@/universal/format/date-time';
import { formatMoney } from '@/universal/format/money';
import type { OrderView } from '@/modules/checkout/order-view';
import summary from '@/components/ui/summary.module.css';
import { OrderDeductions } from './OrderDeductions';
import { AddonLines } from './AddonLines';

export function OrderSummary({ order: booked }: { order: OrderView }) {
  const { t } = useTranslation('checkout');
  const order = orderInPageLanguage(t, booked);
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
        <OrderDeductions order={order} currency={order.currency} />
      </dl>
      <p className={summary.total}>
        <span>{t('summary.total')}</span>
        <span>{formatMoney(order.total, order.currency, locale)}</span>
      </p>
    </>
  );
}
