// The demo's mailbox: what the outbox "sent", so that a visitor can follow their sign-in link.
import { withOutagePage } from '@/http/outage-page';
import { useTranslation } from '@/client/i18n';
import { devMailboxEnabled, readOutbox } from '@/wiring/mail';
import styles from '@/components/dev/mailbox.module.css';
import { EmailFrame } from '@/components/dev/EmailFrame';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { PageTitle } from '@/components/ui/PageTitle';
import { TextField } from '@/components/ui/TextField';
import { normalizeEmail } from '@/universal/normalize-email';
import { previewDocument } from '@/modules/email/preview';
import { TIME_ZONE } from '@/config/attraction';
import { translationProps } from '@/server/translations';

/** `html`: the HTML part with its images inlined, for the frame's srcdoc. */
type Message = { id: string; to: string; subject: string; text: string; html: string; sentAt: string };
type Props = { to: string; messages: Message[] };

const URL_PATTERN = /(https?:\/\/[^\s]+)/g;

function Linkified({ text }: { text: string }) {
  return (
    <>
      {text.split(URL_PATTERN).map((part, i) => (i % 2 === 1 ? <a key={i} href={part}>{part}</a> : part))}
    </>
  );
}

export default function MailboxPage({ to, messages }: Props) {
  const { t } = useTranslation('common');
  return (
    <div className={styles.page}>
      <PageTitle title={t('mailbox.title')} />
      <h1>{t('mailbox.title')}</h1>
      <p>{t('mailbox.intro')}</p>
      <form className={styles.filter} method="get">
        <TextField label={t('mailbox.filter')} type="email" name="to" defaultValue={to} />
        <Button type="submit" variant="secondary">
          {t('mailbox.show')}
        </Button>
      </form>
      {messages.length === 0 ? (
        <p>{t('mailbox.empty')}</p>
      ) : (
        <ul className={styles.list}>
          {messages.map((m) => (
            <li key={m.id}>
              <Card>
                <h2>{m.subject}</h2>
                <p className={styles.meta}>{t('mailbox.meta', { to: m.to, sentAt: m.sentAt })}</p>
                <EmailFrame srcDoc={m.html} title={t('mailbox.htmlPart', { subject: m.subject })} />
                <details className={styles.textPart}>
                  <summary>{t('mailbox.textPart')}</summary>
                  <p className={styles.body}>
                    <Linkified text={m.text} />
                  </p>
                </details>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export const getServerSideProps = withOutagePage<Props>(async ({ locale = 'en', query }) => {
  if (!devMailboxEnabled()) return { notFound: true };
  const to = typeof query.to === 'string' ? normalizeEmail(query.to).slice(0, 254) : '';
  const rows = await readOutbox(to || undefined);
  const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: TIME_ZONE });
  return {
    props: {
      ...(await translationProps(locale)),
      to,
      messages: rows.map((r) => ({
        id: r.id,
        to: r.to,
        subject: r.subject,
        text: r.text,
        html: previewDocument(r.html, r.attachments ?? []),
        sentAt: format.format(r.createdAt),
      })),
    },
  };
});
