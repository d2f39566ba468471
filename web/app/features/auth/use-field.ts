import { useCallback, useRef, useState, type ChangeEvent, type FocusEvent } from 'react';
import { normaliseEmail } from '@cuewave/contract/account-rules';
import type { AuthT } from './messages';

export type Validator = (value: string) => string | null;

/**
 * One form field with the validation timing of spec §5: checked when it loses focus (the change
 * event of a text input) and on submit, not while typing; typing only clears an error once the
 * value is fixed, so nobody is scolded mid-word.
 */
export function useField(validate: Validator, initial = '') {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const ref = useRef<HTMLInputElement>(null);
  const validateRef = useRef(validate);
  validateRef.current = validate;

  const onChange = useCallback((event: ChangeEvent<HTMLInputElement>) => {
    const next = event.target.value;
    setValue(next);
    setError((current) => (current && !validateRef.current(next) ? null : current));
  }, []);

  const onBlur = useCallback((event: FocusEvent<HTMLInputElement>) => {
    // Leaving an untouched empty field is not an error yet; submitting it is.
    if (!event.target.value) return;
    setError(validateRef.current(event.target.value));
  }, []);

  /** Validates now (submit); returns whether the value is acceptable. */
  const check = useCallback(() => {
    const problem = validateRef.current(value);
    setError(problem);
    return !problem;
  }, [value]);

  return { value, setValue, error, setError, ref, check, inputProps: { value, onChange, onBlur, ref } };
}

export type Field = ReturnType<typeof useField>;

/** Runs every field's check and focuses the first invalid one (spec: focus the first problem). */
export function checkAll(fields: Field[]): boolean {
  let first: Field | null = null;
  for (const field of fields) if (!field.check() && !first) first = field;
  first?.ref.current?.focus();
  return !first;
}

/** The email rule of the contract, in the page's language (`t` of the `auth` namespace). */
export function emailProblem(value: string, t: AuthT): string | null {
  if (!value.trim()) return t('field.emailMissing');
  return normaliseEmail(value) ? null : t('field.emailInvalid');
}
