import type { ReactNode } from 'react';
import { Link } from 'react-router';
import styles from './register-page.module.css';

export type NextStep = { to: string; icon: ReactNode; title: string; text: string };

/** The "what to do next" tiles of the welcome pages. */
export function NextSteps({ steps }: { steps: NextStep[] }) {
  return (
    <ul className={styles.nextSteps}>
      {steps.map((step) => (
        <li key={step.to}>
          <Link to={step.to} className={styles.nextStep}>
            {step.icon}
            <strong>{step.title}</strong>
            <span>{step.text}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
