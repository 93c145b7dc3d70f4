import { useEffect, useState } from 'react';
import { useTranslation } from '@/client/i18n';
import { unitName } from '@/client/i18n/catalog-names';
import type { OrderView } from '@/modules/checkout/order-view';
import styles from './checkout.module.css';

/** One QR code per ticket: it carries the ticket's signed code (modules/tickets/ticket-codes.ts).
 * `drawn`: the QR codes drawn on the server (server/qr-images.ts), by ticket reference, where the page had
 * the tickets there; otherwise they are drawn here. */
export function Tickets({ tickets, drawn }: { tickets: OrderView['tickets']; drawn?: Record<string, string> }) {
  const { t } = useTranslation('checkout');
  const [images, setImages] = useState<Record<string, string>>({});
  const allDrawn = !!drawn && tickets.every((ticket) => drawn[ticket.reference]);
  useEffect(() => {
    if (allDrawn) return;
    let cancelled = false;
    // The QR library loads with the first ticket shown, not with the page (decision 0058): its place is kept meanwhile.
    void import('qrcode')
      .then(({ default: QRCode }) => Promise.all(tickets.map(async (ticket) => [ticket.reference, await QRCode.toDataURL(ticket.code, { width: 300, margin: 1 })] as const)))
      .then((pairs) => !cancelled && setImages(Object.fromEntries(pairs)));
    return () => {
      cancelled = true;
    };
  }, [tickets, allDrawn]);
  const shown = drawn && allDrawn ? drawn : images;
  return (
    <ul className={styles.tickets}>
      {tickets.map((ticket, index) => (
        <li key={ticket.reference} className={styles.ticket}>
          {shown[ticket.reference] ? (
            // A data URL (drawn on the server or here): nothing for the image optimiser to do.
            // eslint-disable-next-line @next/next/no-img-element
            <img src={shown[ticket.reference]} alt={t('confirmation.qr', { reference: ticket.reference })} width={150} height={150} />
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
