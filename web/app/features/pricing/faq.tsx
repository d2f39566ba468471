import { useId, useState, type ReactNode } from 'react';
import { ChevronDown } from 'lucide-react';
import { cx } from '../../components/ui/cx';
import styles from './faq.module.css';

/** `question` may be a component that renders its words in the page's language (see faq-items.tsx). */
export type FaqItem = { id: string; question: ReactNode; answer: ReactNode };

/**
 * Questions and answers as an accordion (WAI-ARIA disclosure pattern): each question is a button in
 * a heading with aria-expanded, controlling its answer region. Enter and Space toggle it (native
 * button behaviour); several answers can be open at once. Answers are in the server-rendered HTML,
 * only hidden, so search engines and find-in-page users still get them.
 */
export function Faq({ items, headingLevel = 3 }: { items: readonly FaqItem[]; headingLevel?: 2 | 3 | 4 }) {
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const base = useId();
  const Heading = `h${headingLevel}` as const;
  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <div className={styles.faq} data-testid="faq">
      {items.map((item) => {
        const expanded = open.has(item.id);
        const buttonId = `${base}-${item.id}-q`;
        const panelId = `${base}-${item.id}-a`;
        return (
          <div key={item.id} className={cx(styles.item, expanded && styles.open)} data-testid={`faq-${item.id}`}>
            <Heading className={styles.heading}>
              <button
                type="button"
                id={buttonId}
                className={styles.question}
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => toggle(item.id)}
              >
                <span>{item.question}</span>
                <ChevronDown aria-hidden="true" className={styles.chevron} />
              </button>
            </Heading>
            <div id={panelId} role="region" aria-labelledby={buttonId} className={styles.answer} hidden={!expanded}>
              {item.answer}
            </div>
          </div>
        );
      })}
    </div>
  );
}
