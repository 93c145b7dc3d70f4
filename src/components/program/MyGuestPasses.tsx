// A Local Legend's guest passes on the profile (decision 0042): each one's link to copy and share, and
// whether a friend has joined through it or used it already.
import { useSyncExternalStore } from 'react';
import { useRouter } from 'next/router';
import { useTranslation } from '@/client/i18n';
import { toast } from '@/client/toast';
import { Button } from '@/components/ui/Button';
import type { GuestPassView } from '@/modules/program/guest-passes';
import { localizedPath } from '@/universal/localized-path';
import type { Locale } from '@/config/locales';
import styles from './program.module.css';

export function MyGuestPasses({ passes }: { passes: GuestPassView[] }) {
  const { t } = useTranslation('rewards');
  const { locale = 'en' } = useRouter();
  // The full address needs the browser's origin; the server renders the path.
  const origin = useSyncExternalStore(
    () => () => undefined,
    () => window.location.origin,
    () => '',
  );
  const linkOf = (code: string) => `${origin}${localizedPath(`/join/${code}`, locale as Locale)}`;

  async function copy(code: string) {
    try {
      await navigator.clipboard.writeText(linkOf(code));
      toast.success(t('passes.copied'));
    } catch {
      toast.error(t('passes.copyFailed'));
    }
  }

  return (
    <section aria-labelledby="guest-passes-heading">
      <h2 id="guest-passes-heading">{t('passes.heading')}</h2>
      <p>{t('passes.intro')}</p>
      <ul className={styles.passes}>
        {passes.map((pass) => (
          <li key={pass.code} className={styles.pass}>
            <p className={styles.passStatus} data-status={pass.status}>
              {t(`passes.status.${pass.status}`, { name: pass.friendName ?? '' })}
            </p>
            {pass.status === 'unused' && (
              <div className={styles.passLink}>
                <label htmlFor={`pass-${pass.code}`}>{t('passes.link')}</label>
                <input id={`pass-${pass.code}`} readOnly value={linkOf(pass.code)} onFocus={(e) => e.currentTarget.select()} />
                <Button type="button" variant="secondary" onClick={() => void copy(pass.code)}>
                  {t('passes.copy')}
                </Button>
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
