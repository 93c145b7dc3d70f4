// The member card's QR: the signed member code (modules/program/member-codes.ts), drawn on the server
// (server/qr-images.ts, at twice this size) so that it is in the page's HTML, its largest paint (decision
// 0058); large enough for a counter's scanner off a phone.
import styles from './card.module.css';

const SIZE = 220;

export function MemberQr({ image, label }: { image: string; label: string }) {
  return (
    // A data URL drawn on the server: nothing for the image optimiser to do.
    // eslint-disable-next-line @next/next/no-img-element
    <img className={styles.qr} src={image} alt={label} width={SIZE} height={SIZE} />
  );
}
