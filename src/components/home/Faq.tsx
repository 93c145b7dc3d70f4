// The FAQ as an accessible accordion: each question is a button that shows or hides its answer.
import { useId, useState } from 'react';
import styles from './home.module.css';

export type FaqItem = { id: string; question: string; answer: string };

export function Faq({ items }: { items: FaqItem[] }) {
  const base = useId();
  const [open, setOpen] = useState<string | undefined>(items[0]?.id);
  return (
    <div className={styles.faq}>
      {items.map((item) => {
        const expanded = open === item.id;
        return (
          <div key={item.id} className={styles.faqItem}>
            <h3 className={styles.faqQuestion}>
              <button
                type="button"
                id={`${base}-q-${item.id}`}
                aria-expanded={expanded}
                aria-controls={`${base}-a-${item.id}`}
                onClick={() => setOpen(expanded ? undefined : item.id)}
              >
                {item.question}
                <span className={styles.faqSign} aria-hidden="true">
                  {expanded ? '−' : '+'}
                </span>
              </button>
            </h3>
            <div id={`${base}-a-${item.id}`} role="region" aria-labelledby={`${base}-q-${item.id}`} hidden={!expanded} className={styles.faqAnswer}>
              <p>{item.answer}</p>
            </div>
          </div>
        );
      })}
    </div>
  );
}
