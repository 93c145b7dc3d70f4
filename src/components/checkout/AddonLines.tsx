// An order's add-on lines (decision 0050), inside a summary list: quantity, name and the price paid.
import { useRouter } from 'next/router';
import { useTranslation } from '@/client/i18n';
import type { OrderView } from '@/modules/checkout/order-view';
import { formatMoney } from '@/universal/format/money';

export function AddonLines({ order }: { order: Pick<OrderView, 'addons' | 'currency'> }) {
  const { t } = useTranslation('addons');
  const { locale = 'en' } = useRouter();
  return (
    <>
      {order.addons.map((line) => (
        <div key={line.addonId} style={{ display: 'contents' }} data-addon={line.addonId}>
          <dt>{t('checkout.count', { count: line.quantity, name: t(`names.${line.addonId}.title`, { defaultValue: line.addonId }) })}</dt>
          <dd>{formatMoney(line.unitPrice * line.quantity, order.currency, locale)}</dd>
        </div>
      ))}
    </>
  );
}
