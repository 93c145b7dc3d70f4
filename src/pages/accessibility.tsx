// The accessibility statement (docs/product.md#accessibility-statement, docs/decisions/0047): the WCAG 2.2 AA
// criteria with how each is met and checked, the known barriers, and whom to tell about one.
import { useTranslation } from '@/client/i18n';
import { CRITERIA, KNOWN_GAPS, criterionKey } from '@/components/accessibility/criteria';
import styles from '@/components/accessibility/accessibility.module.css';
import frame from '@/components/ui/page.module.css';
import { PageTitle } from '@/components/ui/PageTitle';
import { ATTRACTION, BRAND } from '@/config/attraction';
import { staticTranslations } from '@/server/translations';

export default function AccessibilityPage() {
  const { t } = useTranslation('accessibility');
  const attraction = ATTRACTION.name;
  return (
    <div className={frame.page}>
      <PageTitle title={t('title')} description={t('standard.text')} />
      <h1 className={frame.heading}>{t('heading')}</h1>
      <p className={frame.intro}>{t('intro', { brand: BRAND, attraction })}</p>

      <section className={styles.section} aria-labelledby="standard">
        <h2 id="standard">{t('standard.heading')}</h2>
        <p>{t('standard.text')}</p>
      </section>

      <section className={styles.section} aria-labelledby="criteria">
        <h2 id="criteria">{t('criteria.heading')}</h2>
        <ul className={styles.criteria}>
          {CRITERIA.map((criterion) => (
            <li key={criterion.id} className={styles.criterion}>
              <h3>
                {criterion.id} {t(`criteria.items.${criterionKey(criterion.id)}.name`)}
              </h3>
              <p className={styles.meta}>
                {t('criteria.level', { level: criterion.level })} · {t(`criteria.${criterion.status}`)}
              </p>
              <p>{t(`criteria.items.${criterionKey(criterion.id)}.how`)}</p>
              <p className={styles.meta}>{t('criteria.checkedBy', { methods: criterion.checkedBy.map((m) => t(`methods.${m}`)).join('; ') })}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className={styles.section} aria-labelledby="gaps">
        <h2 id="gaps">{t('gaps.heading')}</h2>
        <p>{t('gaps.intro')}</p>
        <ul>
          {KNOWN_GAPS.map((gap) => (
            <li key={gap}>{t(`gaps.items.${gap}`)}</li>
          ))}
        </ul>
      </section>

      <section className={styles.section} aria-labelledby="report">
        <h2 id="report">{t('report.heading')}</h2>
        <p>{t('report.text')}</p>
        <p>
          <a href={ATTRACTION.links.contact}>{t('report.contact', { attraction })}</a>
        </p>
        <p>{t('report.address', { address: ATTRACTION.address })}</p>
      </section>
    </div>
  );
}

export const getStaticProps = staticTranslations(['accessibility']);
