import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { CheckCircle2, Send } from 'lucide-react';
import { ENTERPRISE_LIMITS, ENTERPRISE_USES } from '@cuewave/contract/enterprise';
import { Button } from '../../components/ui/button';
import { cx } from '../../components/ui/cx';
import { TextField } from '../../components/ui/text-field';
import { apiSend } from '../../lib/api';
import { useCaptcha } from '../auth/captcha';
import { FormAlert } from '../auth/form-alert';
import { errorCode, useApiErrorText } from '../registration/error-messages';
import {
  ENTERPRISE_FIELD_ORDER,
  validateEnterprise,
  type EnterpriseErrors,
  type EnterpriseField,
  type EnterpriseFields,
} from './enterprise-validation';
import field from '../../components/ui/text-field.module.css';
import styles from './enterprise.module.css';

const EMPTY: EnterpriseFields = { name: '', email: '', company: '', use: '', channels: '', message: '' };

/**
 * The enterprise contact form: checked in the browser with the API's schema, then sent with an
 * invisible captcha to POST /v1/enterprise/contact. Success replaces the form with a confirmation.
 */
export function EnterpriseForm({
  defaultEmail = '',
  defaultUse = '',
  countLabel,
  countHint,
}: {
  defaultEmail?: string;
  /** The /in-store page asks about venues (decision 069): the use is picked and the count means locations. */
  defaultUse?: EnterpriseFields['use'];
  /** The count field's label and hint; the enterprise page's own (channels) when not given. */
  countLabel?: string;
  countHint?: string;
}) {
  const { t } = useTranslation('enterprise');
  const apiErrorText = useApiErrorText();
  const id = useId();
  const captcha = useCaptcha('contact');
  const [fields, setFields] = useState<EnterpriseFields>({ ...EMPTY, email: defaultEmail, use: defaultUse });
  const [errors, setErrors] = useState<EnterpriseErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const refs = useRef<Partial<Record<EnterpriseField, HTMLElement | null>>>({});
  const errorRef = useRef<HTMLDivElement>(null);
  const doneRef = useRef<HTMLHeadingElement>(null);
  // The form (and the button that had focus) is gone: keyboard and screen-reader users land on the answer.
  useEffect(() => {
    if (sentTo) doneRef.current?.focus();
  }, [sentTo]);

  const set = (name: EnterpriseField) => (value: string) => {
    setFields((current) => ({ ...current, [name]: value }));
    if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
  };
  const register = (name: EnterpriseField) => (element: HTMLElement | null) => {
    refs.current[name] = element;
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const result = validateEnterprise(fields, t);
    if (!result.ok) {
      setErrors(result.errors);
      const first = ENTERPRISE_FIELD_ORDER.find((name) => result.errors[name]);
      if (first) refs.current[first]?.focus();
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      const solution = await captcha.solve();
      await apiSend('POST', '/v1/enterprise/contact', { json: { ...result.body, captcha: solution } });
      setSentTo(result.body.email);
    } catch (error) {
      setFormError(
        errorCode(error) === 'recaptcha error'
          ? t('form.failed.captcha')
          : t('form.failed.other', { reason: apiErrorText(error) }),
      );
      window.setTimeout(() => errorRef.current?.focus(), 0);
    } finally {
      setSubmitting(false);
    }
  }

  if (sentTo) {
    return (
      <div className={styles.done} role="status" data-testid="enterprise-sent">
        <CheckCircle2 aria-hidden="true" className={styles.doneIcon} />
        <h2 ref={doneRef} tabIndex={-1} className={styles.doneTitle}>
          {t('form.sent.title')}
        </h2>
        <p>
          <Trans t={t} i18nKey="form.sent.text" values={{ email: sentTo }} components={{ strong: <strong /> }} />
        </p>
      </div>
    );
  }

  const errorId = (name: EnterpriseField) => (errors[name] ? `${id}-${name}-error` : undefined);
  const fieldError = (name: EnterpriseField) =>
    errors[name] ? (
      <p id={errorId(name)} className={field.error}>
        {errors[name]}
      </p>
    ) : null;

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={t('form.label')}>
      <FormAlert ref={errorRef} testId="enterprise-error">
        {formError}
      </FormAlert>
      <div className={styles.row}>
        <TextField
          label={t('form.name')}
          name="name"
          autoComplete="name"
          value={fields.name}
          onChange={(e) => set('name')(e.target.value)}
          error={errors.name}
          maxLength={ENTERPRISE_LIMITS.name}
          ref={register('name')}
          data-testid="enterprise-name"
        />
        <TextField
          label={t('form.email')}
          name="email"
          type="email"
          autoComplete="email"
          value={fields.email}
          onChange={(e) => set('email')(e.target.value)}
          error={errors.email}
          ref={register('email')}
          data-testid="enterprise-email"
        />
      </div>
      <div className={styles.row}>
        <TextField
          label={t('form.company')}
          name="company"
          autoComplete="organization"
          value={fields.company}
          onChange={(e) => set('company')(e.target.value)}
          error={errors.company}
          maxLength={ENTERPRISE_LIMITS.company}
          ref={register('company')}
          data-testid="enterprise-company"
        />
        <TextField
          label={countLabel ?? t('form.channels')}
          name="channels"
          inputMode="numeric"
          value={fields.channels}
          onChange={(e) => set('channels')(e.target.value)}
          error={errors.channels}
          hint={countHint ?? t('form.channelsHint')}
          ref={register('channels')}
          data-testid="enterprise-channels"
        />
      </div>
      <div className={field.field}>
        <label htmlFor={`${id}-use`} className={field.label}>
          {t('form.use')}
        </label>
        <div className={cx(field.control, errors.use && field.invalid)}>
          <select
            id={`${id}-use`}
            name="use"
            className={cx(field.input, styles.select)}
            value={fields.use}
            onChange={(e) => set('use')(e.target.value)}
            aria-invalid={errors.use ? true : undefined}
            aria-describedby={errorId('use')}
            ref={register('use')}
            data-testid="enterprise-use"
          >
            <option value="" disabled>
              {t('form.chooseUse')}
            </option>
            {ENTERPRISE_USES.map((use) => (
              <option key={use} value={use}>
                {t(`uses.${use}`)}
              </option>
            ))}
          </select>
        </div>
        {fieldError('use')}
      </div>
      <div className={field.field}>
        <label htmlFor={`${id}-message`} className={field.label}>
          {t('form.message')}
        </label>
        <div className={cx(field.control, errors.message && field.invalid)}>
          <textarea
            id={`${id}-message`}
            name="message"
            className={cx(field.input, styles.textarea)}
            rows={6}
            value={fields.message}
            onChange={(e) => set('message')(e.target.value)}
            maxLength={ENTERPRISE_LIMITS.message}
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={[`${id}-message-hint`, errorId('message')].filter(Boolean).join(' ')}
            ref={register('message')}
            data-testid="enterprise-message"
          />
        </div>
        <p id={`${id}-message-hint`} className={field.hint}>
          {t('form.messageHint')} {fields.message.length}/{ENTERPRISE_LIMITS.message}
        </p>
        {fieldError('message')}
      </div>
      <Button type="submit" size="lg" icon={<Send />} loading={submitting} data-testid="enterprise-submit">
        {t('form.send')}
      </Button>
      <p className={styles.small}>{t('form.note')}</p>
    </form>
  );
}
