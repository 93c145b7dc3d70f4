import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import styles from '@/components/home/home.module.css';
import { PageTitle } from '@/components/ui/PageTitle';
import { ATTRACTION, BRAND } from '@/config/attraction';
import { staticTranslations } from '@/server/translations';

const STEPS = ['join', 'visit', 'collect'] as const;

export default function HomePage() {
  const { t } = useTranslation('home');
  return (
    <>
      <PageTitle title={t('title')} />
      <section className={styles.hero} aria-labelledby="hero-title">
        <div className={styles.heroInner}>
          <p className={styles.eyebrow}>{ATTRACTION.name}</p>
          <h1 id="hero-title" className={styles.title}>
            {t('hero.heading', { brand: BRAND })}
          </h1>
          <p className={styles.lead}>{t('hero.lead', { attraction: ATTRACTION.name })}</p>
          <Link href="/login" className={styles.cta}>
            {t('hero.cta')}
          </Link>
        </div>
      </section>
      <section id="HowItWorks" className={styles.steps} aria-labelledby="how-title">
        <h2 id="how-title">{t('how.heading')}</h2>
        <ol className={styles.stepList}>
          {STEPS.map((step, index) => (
            <li key={step} className={styles.step}>
              <span className={styles.stepNumber} aria-hidden="true">
                {index + 1}
              </span>
              <h3>{t(`how.${step}.title`)}</h3>
              <p>{t(`how.${step}.text`, { attraction: ATTRACTION.name })}</p>
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}

export const getStaticProps = staticTranslations(['home']);
