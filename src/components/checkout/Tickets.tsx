import { useEffect, useState } from 'react';
import { useTranslation } from '@/client/i18n';
import { unitName } from '@/client/i18n/catalog-names';
import type { OrderView } from '@/modules/checkout/order-view';
import styles from './checkout.module.css';

/** One QR code per ticket: it carries the ticket's signed code (modules/tickets/ticket-codes.ts). */
export function Tickets({ tickets }: { tickets: OrderView['tickets'] }) {
  const { t } = useTranslation('checkout');
  const [images, setImages] = useState<Record<string, string>>({});
  useEffect(() => {
    let cancelled = false;
    // The QR library loads with the first ticket shown, not with the page (decision 0058): its place is kept meanwhile.
    void import('qrcode')
      .then(({ default: QRCode }) => Promise.all(tickets.map(async (ticket) => [ticket.reference, await QRCode.toDataURL(ticket.code, { width: 300, margin: 1 })] as const)))
      .then((pairs) => !cancelled && setImages(Object.fromEntries(pairs)));
    return () => {
      cancelled = true;
    };
  }, [tickets]);
  return (
    <ul className={styles.tickets}>
      {tickets.map((ticket, index) => (
        <li key={ticket.reference} className={styles.ticket}>
          {images[ticket.reference] ? (
            // A data URL made in the browser: nothing for the image optimiser to do.
            // eslint-disable-next-line @next/next/no-img-element
            <img src={images[ticket.reference]} alt={t('confirmation.qr', { reference: ticket.reference })} width={150} height={150} />
          ) : (
            <span style={{ display: 'block', width: 150, height: 150, margin: '0 auto 8px' }} />
          )}
          <div>{t('confirmation.ticket', { number: index + 1, unit: unitName(t, ticket.unitId, ticket.unitTitle) })}</div>
          <div className={styles.reference}>{ticket.reference}</div>
        </li>
      ))}
    </ul>
  );
}
