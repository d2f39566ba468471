import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ShieldCheck } from 'lucide-react';
import { parseLicenceCode } from '@cuewave/contract/licence';
import { Button } from '../../components/ui/button';
import styles from './licence-code-form.module.css';

/** The shape of a code, the same in every language (not a text to translate). */
const CODE_PATTERN_HINT = 'CW-XXXX-XXXX';

/** Type a certificate's code, see whether it is genuine on /licenses/verify/{code}. */
export function LicenceCodeForm() {
  const navigate = useNavigate();
  const { t } = useTranslation('pricing');
  const id = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = parseLicenceCode(value);
    if (!code) {
      setError(t('codeForm.invalid'));
      return;
    }
    setError(null);
    void navigate(`/licenses/verify/${code}`);
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={t('codeForm.name')}>
      <label htmlFor={id} className={styles.label}>
        {t('codeForm.label')}
      </label>
      <div className={styles.row}>
        <input
          id={id}
          className={styles.input}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          placeholder={CODE_PATTERN_HINT}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          data-testid="licence-code-input"
        />
        <Button type="submit" variant="secondary" icon={<ShieldCheck />} data-testid="licence-code-submit">
          {t('codeForm.submit')}
        </Button>
      </div>
      {error ? (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
