// The tickets handed over at the counter (decision 0053): one large QR per ticket, the same signed code the gate
// verifies, a print view, and whether they went by e-mail.
import { useEffect, useState } from 'react';
import QRCode from 'qrcode';
import { useRouter } from 'next/router';
import { useTranslation } from '@/client/i18n';
import type { CounterSaleResult } from '@/modules/box-office/sell';
import { Button } from '@/components/ui/Button';
import { formatMoney } from '@/universal/format/money';
import { formatDate, formatTime } from '@/universal/format/date-time';
import styles from './box-office.module.css';

export function HandOver({ sale, email, onNext }: { sale: CounterSaleResult; email: string; onNext: () => void }) {
  const { t } = useTranslation('boxoffice');
  const { locale = 'en' } = useRouter();
  const { order } = sale;
  const [images, setImages] = useState<Record<string, string>>({});
  useEffect(() => {
    let cancelled = false;
    void Promise.all(order.tickets.map(async (ticket) => [ticket.reference, await QRCode.toDataURL(ticket.code, { width: 560, margin: 2 })] as const)).then(
      (pairs) => !cancelled && setImages(Object.fromEntries(pairs)),
    );
    return () => {
      cancelled = true;
    };
  }, [order.tickets]);
  const money = (cents: number) => formatMoney(cents, order.currency, locale);
  return (
    <section aria-labelledby="handover-heading" className={styles.handOver}>
      <h2 id="handover-heading" tabIndex={-1}>
        {t('handOver.heading', { reference: order.reference })}
      </h2>
      <p>
        {order.productTitle} · {order.optionTitle} · {formatDate(order.availabilityId, locale)} {formatTime(order.availabilityId, locale)}
      </p>
      {sale.method === 'cash' && sale.change !== null && (
        <p className={`${styles.change} ${styles.noPrint}`} data-testid="change">
          {t('handOver.change', { change: money(sale.change), tendered: money(sale.tendered ?? 0), total: money(order.total) })}
        </p>
      )}
      {sale.method === 'card' && <p>{t('handOver.paidByCard', { total: money(order.total) })}</p>}
      {sale.emailed && <p>{t('handOver.emailed', { email })}</p>}
      <ul className={styles.qrList}>
        {order.tickets.map((ticket, index) => (
          <li key={ticket.reference} className={styles.qr}>
            {images[ticket.reference] ? (
              // A data URL made in the browser: nothing for the image optimiser to do.
              // eslint-disable-next-line @next/next/no-img-element
              <img src={images[ticket.reference]} alt={t('handOver.qr', { number: index + 1, reference: ticket.reference })} width={280} height={280} data-testid="ticket-qr" />
            ) : (
              <span className={styles.qrPlaceholder} />
            )}
            <span>{t('handOver.ticket', { number: index + 1, unit: ticket.unitTitle })}</span>
            <span className={styles.reference}>{ticket.reference}</span>
          </li>
        ))}
      </ul>
      <div className={`${styles.actions} ${styles.noPrint}`}>
        <Button type="button" variant="secondary" onClick={() => window.print()}>
          {t('handOver.print')}
        </Button>
        <Button type="button" onClick={onNext}>
          {t('handOver.next')}
        </Button>
      </div>
    </section>
  );
}
