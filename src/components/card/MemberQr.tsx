// The member card's QR: the signed member code (modules/program/member-codes.ts), drawn in the browser
// like the tickets' (components/checkout/Tickets.tsx), large enough for a counter's scanner off a phone.
import { useEffect, useState } from 'react';
import styles from './card.module.css';

const SIZE = 220;

export function MemberQr({ code, label }: { code: string; label: string }) {
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    // The QR library loads after the page (decision 0058): the QR's place is kept meanwhile.
    void import('qrcode')
      .then(({ default: QRCode }) => QRCode.toDataURL(code, { width: SIZE * 2, margin: 1 }))
      .then((url) => !cancelled && setImage(url));
    return () => {
      cancelled = true;
    };
  }, [code]);
  return image ? (
    // A data URL made in the browser: nothing for the image optimiser to do.
    // eslint-disable-next-line @next/next/no-img-element
    <img className={styles.qr} src={image} alt={label} width={SIZE} height={SIZE} />
  ) : (
    <span className={styles.qr} style={{ width: SIZE, height: SIZE }} />
  );
}
