// The deduction lines of an order (member price, promo code, reward, gift card), as <dt>/<dd> pairs inside the
// caller's <dl>: the checkout summary and the booking page show the same lines (src/universal/order-deductions.ts,
// which the tickets e-mail lists too). The page loads the `checkout` and `rewards` namespaces.
import { useRouter } from 'next/router';
import { useTranslation } from '@/client/i18n';
import { formatMoney } from '@/universal/format/money';
import { orderDeductions, type DeductedOrder } from '@/universal/order-deductions';

export function OrderDeductions({ order, currency }: { order: DeductedOrder; currency: string }) {
  const { t } = useTranslation('checkout');
  const { t: tr } = useTranslation('rewards');
  const { locale = 'en' } = useRouter();
  return (
    <>
      {orderDeductions(order, t, tr).map((line) => (
        <div key={line.kind} style={{ display: 'contents' }} data-deduction={line.kind}>
          <dt>{line.label}</dt>
          <dd>−{formatMoney(line.amount, currency, locale)}</dd>
        </div>
      ))}
    </>
  );
}
