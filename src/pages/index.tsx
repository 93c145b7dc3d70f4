import Image from 'next/image';
import { Link } from '@/components/ui/Link';
import { useTranslation } from '@/client/i18n';
import { Faq } from '@/components/home/Faq';
import styles from '@/components/home/home.module.css';
import frame from '@/components/ui/page.module.css';
import { PageTitle } from '@/components/ui/PageTitle';
import { ATTRACTION, BRAND } from '@/config/attraction';
import { SHOWN_DROPS } from '@/config/drops';
import { staticTranslations } from '@/server/translations';

const STEPS = ['join', 'book', 'visit', 'collect'] as const;
const FAQ = ['what', 'cost', 'poap', 'password', 'times', 'hold'] as const;

export default function HomePage() {
  const { t } = useTranslation(['home', 'drops', 'catalog']);
  const attraction = ATTRACTION.name;
  const earnedBy = (drop: (typeof SHOWN_DROPS)[number]) =>
    drop.productId
      ? t('artwork.earnedBy.booking-confirmed-product', { product: t(`catalog:products.${drop.productId}.title`) })
      : t(`artwork.earnedBy.${drop.trigger}`);

  return (
    <>
      <PageTitle title={t('title')} description={t('hero.lead', { attraction })} />
      <section className={styles.hero} aria-labelledby="hero-title">
        <div className={styles.heroInner}>
          <div>
            <p className={styles.eyebrow}>{attraction}</p>
            <h1 id="hero-title" className={styles.title}>
              {t('hero.heading', { brand: BRAND })}
            </h1>
            <p className={styles.lead}>{t('hero.lead', { attraction })}</p>
            <p className={styles.ctas}>
              <Link href="/login" className={styles.cta}>
                {t('hero.cta')}
              </Link>
              <Link href="/products" className={styles.ctaSecondary}>
                {t('hero.tickets')}
              </Link>
            </p>
          </div>
          <Image
            className={styles.heroImage}
            src="/images/products/main-and-top-deck.jpg"
            alt={t('hero.imageAlt')}
            width={1200}
            height={800}
            sizes="(min-width: 1000px) 520px, 92vw"
            priority
          />
        </div>
      </section>

      <section id="HowItWorks" className={styles.section} aria-labelledby="how-title">
        <h2 id="how-title" className={styles.sectionTitle}>
          {t('how.heading')}
        </h2>
        <p className={frame.intro}>{t('how.intro')}</p>
        <ol className={styles.stepList}>
          {STEPS.map((step, index) => (
            <li key={step} className={styles.step}>
              <span className={styles.stepNumber} aria-hidden="true">
                {index + 1}
              </span>
              <h3>{t(`how.${step}.title`)}</h3>
              <p>{t(`how.${step}.text`, { attraction })}</p>
            </li>
          ))}
        </ol>
      </section>

      <section id="Artwork" className={styles.section} aria-labelledby="artwork-title">
        <h2 id="artwork-title" className={styles.sectionTitle}>
          {t('artwork.heading')}
        </h2>
        <p className={frame.intro}>{t('artwork.intro', { attraction })}</p>
        <ul className={styles.collection}>
          {SHOWN_DROPS.map((drop) => (
            <li key={drop.id} className={styles.collectible}>
              <Image src={drop.artwork} alt="" width={180} height={180} unoptimized className={styles.collectibleArt} />
              <h3>{t(`drops:${drop.id}.name`)}</h3>
              <p>{earnedBy(drop)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section id="FAQ" className={styles.section} aria-labelledby="faq-title">
        <h2 id="faq-title" className={styles.sectionTitle}>
          {t('faq.heading')}
        </h2>
        <Faq items={FAQ.map((id) => ({ id, question: t(`faq.items.${id}.question`), answer: t(`faq.items.${id}.answer`, { attraction }) }))} />
      </section>

      <section className={styles.ctaBand} aria-labelledby="cta-title">
        <h2 id="cta-title">{t('cta.heading')}</h2>
        <p>{t('cta.text')}</p>
        <Link href="/products" className={styles.cta}>
          {t('cta.button')}
        </Link>
      </section>
    </>
  );
}

export const getStaticProps = staticTranslations(['home', 'drops', 'catalog']);
