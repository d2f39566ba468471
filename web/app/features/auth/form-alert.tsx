import type { ReactNode, Ref } from 'react';
import { AlertCircle } from 'lucide-react';
import shared from './auth-forms.module.css';

export type FormAlertProps = {
  /** Nothing renders while this is empty. */
  children: ReactNode;
  /** `shared.alertError` inside a form; the auth pages pass their roomier `formError`. */
  className?: string;
  testId?: string;
  /** Pages that move focus to the error after a failed submit pass a ref (the box is focusable then). */
  ref?: Ref<HTMLDivElement>;
};

/** The error box of the account and registration forms, announced to screen readers as it appears. */
export function FormAlert({ children, className = shared.alertError, testId, ref }: FormAlertProps) {
  if (children === null || children === undefined || children === false || children === '') return null;
  return (
    <div ref={ref} tabIndex={ref ? -1 : undefined} className={className} role="alert" data-testid={testId}>
      <AlertCircle aria-hidden="true" />
      <p>{children}</p>
    </div>
  );
}
