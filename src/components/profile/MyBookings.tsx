import { useEffect, useRef, useState } from 'react';
import { useRouter } from 'next/router';
import { Link } from '@/components/ui/Link';
import { useTranslation } from '@/client/i18n';
import { orderInPageLanguage } from '@/client/i18n/catalog-names';
import { formatDate, formatTime } from '@/universal/format/date-time';
import { formatMoney } from '@/universal/format/money';
import { Tickets } from '@/components/checkout/Tickets';
import type { OrderView } from '@/modules/checkout/order-view';
import styles from './profile.module.css';

/** An order waiting for payment past its hold reads as expired. */
const statusOf = (order: OrderView, now: number) =>
  order.status === 'PENDING_PAYMENT' && new Date(order.expirationTime).getTime() <= now ? 'EXPIRED' : order.status;

export function MyBookings({ orders, now }: { orders: OrderView[]; now: number }) {
  const { t } = useTranslation('profile');
  const { locale = 'en' } = useRouter();
  if (orders.length === 0) {
    return (
      <p>
        {t('bookings.empty')} <Link href="/products">{t('bookings.bookNow')}</Link>
      </p>
    );
  }
  return (
    <ul className={styles.bookings}>
      {orders.map((booked) => {
        const order = orderInPageLanguage(t, booked);
        const status = statusOf(order, now);
        return (
          <li key={order.bookingId} className={styles.booking}>
            <div className={styles.bookingHeader}>
              <h2>
                {order.productTitle}
                {order.optionTitle !== order.productTitle ? ` · ${order.optionTitle}` : ''}
              </h2>
              <span className={styles.status} data-status={status}>
                {t(`bookings.status.${status}`)}
              </span>
            </div>
            <p className={styles.bookingMeta}>
              {formatDate(order.availabilityId, locale)} · {formatTime(order.availabilityId, locale)} · {order.lines.map((l) => `${l.quantity} × ${l.title}`).join(', ')} ·{' '}
              {formatMoney(order.total, order.currency, locale)}
            </p>
            <p className={styles.bookingMeta}>
              {t('bookings.reference')} <strong>{order.reference}</strong>
            </p>
            {status === 'CONFIRMED' && (
              <p className={styles.bookingMeta}>
                <Link href={`/bookings/${encodeURIComponent(order.reference)}`}>{t('bookings.manage')}</Link>
              </p>
            )}
            {status === 'CONFIRMED' && order.tickets.length > 0 && (
              <TicketsWhenOpened summary={t('bookings.showTickets', { count: order.tickets.length })} tickets={order.tickets} />
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** A booking's tickets, drawn once the member opens them: a profile whose tickets stay closed loads no QR
 * library and draws no code (decision 0074). A list opened before the page hydrated is drawn at hydration. */
function TicketsWhenOpened({ summary, tickets }: { summary: string; tickets: OrderView['tickets'] }) {
  const details = useRef<HTMLDetailsElement>(null);
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    if (details.current?.open) setOpened(true);
  }, []);
  return (
    <details ref={details} onToggle={(event) => event.currentTarget.open && setOpened(true)}>
      <summary>{summary}</summary>
      {opened && <Tickets tickets={tickets} />}
    </details>
  );
}
