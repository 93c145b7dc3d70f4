import { useTranslation } from '@/client/i18n';
import type { ProgramVersion } from '@/modules/program/program-versions';
import { formatLongDate, formatTime } from '@/universal/format/date-time';
import styles from './program-admin.module.css';

/** Every saved version of the program (or of the catalogue: `seedLabel` names its file), newest first: when, who, why. */
export function ProgramHistory({ history, seedLabel }: { history: ProgramVersion[]; seedLabel?: string }) {
  const { t, i18n } = useTranslation('program-admin');
  const locale = i18n.language;
  return (
    <section aria-labelledby="program-history">
      <h2 id="program-history">{t('history.title')}</h2>
      <div className={styles.scroll} tabIndex={0} role="region" aria-labelledby="program-history">
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('history.version')}</th>
              <th scope="col">{t('history.when')}</th>
              <th scope="col">{t('history.who')}</th>
              <th scope="col">{t('history.reason')}</th>
            </tr>
          </thead>
          <tbody>
            {history.map((v) => (
              <tr key={v.version}>
                <td>{v.version}</td>
                <td>
                  {formatLongDate(v.createdAt, locale)} {formatTime(v.createdAt, locale)}
                </td>
                <td>{v.editedBy ?? seedLabel ?? t('history.seed')}</td>
                <td>{v.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
