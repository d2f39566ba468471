import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { CheckCircle2, Send } from 'lucide-react';
import { CONTACT_LIMITS, CONTACT_TOPICS, type ContactTopic } from '@cuewave/contract/contact-topics';
import type { SupportRequest } from '@cuewave/contract/contact';
import { Button } from '../../components/ui/button';
import { cx } from '../../components/ui/cx';
import { TextField } from '../../components/ui/text-field';
import { apiSend } from '../../lib/api';
import { useCaptcha } from '../auth/captcha';
import { FormAlert } from '../auth/form-alert';
import { errorCode, retryAfterSeconds, useApiErrorText } from '../registration/error-messages';
import {
  CONTACT_FIELD_ORDER,
  validateContact,
  type ContactErrors,
  type ContactField,
  type ContactFields,
  type PagesT,
} from './contact-validation';
import field from '../../components/ui/text-field.module.css';
import form from '../enterprise/enterprise.module.css';

type Props =
  | { mode: 'contact'; defaultEmail?: string; defaultTopic?: ContactTopic }
  | { mode: 'support'; email: string; defaultTopic?: ContactTopic; onSent: (request: SupportRequest) => void };

function failureText(error: unknown, t: PagesT, apiErrorText: (error: unknown) => string): string {
  const code = errorCode(error);
  if (code === 'recaptcha error') return t('form.failed.captcha');
  if (code === 'TOO_MANY_REQUESTS') {
    const seconds = retryAfterSeconds(error);
    return seconds
      ? t('form.failed.tooManyIn', { count: Math.max(1, Math.ceil(seconds / 60)) })
      : t('form.failed.tooMany');
  }
  return t('form.failed.other', { reason: apiErrorText(error) });
}

/**
 * The contact form (/contact, public: name, email, captcha) and the support form (/dashboard/support:
 * the account's email). Checked in the browser first, then by the API; success replaces the public
 * form with a confirmation, and empties the support form after adding the request to the history.
 */
export function MessageForm(props: Props) {
  const { t } = useTranslation('pages');
  const apiErrorText = useApiErrorText();
  const id = useId();
  const captcha = useCaptcha('contact');
  const support = props.mode === 'support';
  const [fields, setFields] = useState<ContactFields>({
    // Support requests take name and email from the account: the fields are not shown, only checked as filled.
    name: support ? 'signed-in' : '',
    email: support ? props.email : (props.defaultEmail ?? ''),
    topic: props.defaultTopic ?? '',
    message: '',
  });
  const [errors, setErrors] = useState<ContactErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const refs = useRef<Partial<Record<ContactField, HTMLElement | null>>>({});
  const errorRef = useRef<HTMLDivElement>(null);
  const doneRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (sentTo) doneRef.current?.focus();
  }, [sentTo]);

  const set = (name: ContactField) => (value: string) => {
    setFields((current) => ({ ...current, [name]: value }));
    setNotice(null);
    if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
  };
  const register = (name: ContactField) => (element: HTMLElement | null) => {
    refs.current[name] = element;
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    setNotice(null);
    const found = validateContact(fields, t);
    if (Object.keys(found).length) {
      setErrors(found);
      const first = CONTACT_FIELD_ORDER.find((name) => found[name]);
      if (first) refs.current[first]?.focus();
      return;
    }
    setErrors({});
    setSubmitting(true);
    const topic = fields.topic as ContactTopic;
    try {
      if (props.mode === 'support') {
        const created = await apiSend<SupportRequest>('POST', '/v1/support/requests', {
          json: { topic, message: fields.message.trim() },
        });
        props.onSent(created);
        setFields((current) => ({ ...current, message: '' }));
        setNotice(t('form.supportSent'));
      } else {
        const solution = await captcha.solve();
        await apiSend('POST', '/v1/contact', {
          json: {
            name: fields.name.trim(),
            email: fields.email.trim(),
            topic,
            message: fields.message.trim(),
            captcha: solution,
          },
        });
        setSentTo(fields.email.trim());
      }
    } catch (error) {
      setFormError(failureText(error, t, apiErrorText));
      window.setTimeout(() => errorRef.current?.focus(), 0);
    } finally {
      setSubmitting(false);
    }
  }

  if (sentTo) {
    return (
      <div className={form.done} role="status" data-testid="contact-sent">
        <CheckCircle2 aria-hidden="true" className={form.doneIcon} />
        <h2 ref={doneRef} tabIndex={-1} className={form.doneTitle}>
          {t('form.sent.title')}
        </h2>
        <p>
          <Trans t={t} i18nKey="form.sent.text" values={{ email: sentTo }} components={{ strong: <strong /> }} />
        </p>
      </div>
    );
  }

  const errorId = (name: ContactField) => (errors[name] ? `${id}-${name}-error` : undefined);
  const fieldError = (name: ContactField) =>
    errors[name] ? (
      <p id={errorId(name)} className={field.error}>
        {errors[name]}
      </p>
    ) : null;

  return (
    <form
      className={form.form}
      onSubmit={onSubmit}
      noValidate
      aria-label={support ? t('form.supportLabel') : t('form.contactLabel')}
      data-testid="contact-form"
    >
      <FormAlert ref={errorRef} testId="contact-error">
        {formError}
      </FormAlert>
      {support ? null : (
        <div className={form.row}>
          <TextField
            label={t('form.name')}
            name="name"
            autoComplete="name"
            value={fields.name}
            onChange={(e) => set('name')(e.target.value)}
            error={errors.name}
            maxLength={CONTACT_LIMITS.name}
            ref={register('name')}
            data-testid="contact-name"
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
            data-testid="contact-email"
          />
        </div>
      )}
      <div className={field.field}>
        <label htmlFor={`${id}-topic`} className={field.label}>
          {t('form.topic')}
        </label>
        <div className={cx(field.control, errors.topic && field.invalid)}>
          <select
            id={`${id}-topic`}
            name="topic"
            className={cx(field.input, form.select)}
            value={fields.topic}
            onChange={(e) => set('topic')(e.target.value)}
            aria-invalid={errors.topic ? true : undefined}
            aria-describedby={errorId('topic')}
            ref={register('topic')}
            data-testid="contact-topic"
          >
            <option value="" disabled>
              {t('form.chooseTopic')}
            </option>
            {CONTACT_TOPICS.map((topic) => (
              <option key={topic} value={topic}>
                {t(`topics.${topic}`)}
              </option>
            ))}
          </select>
        </div>
        {fieldError('topic')}
      </div>
      <div className={field.field}>
        <label htmlFor={`${id}-message`} className={field.label}>
          {t('form.message')}
        </label>
        <div className={cx(field.control, errors.message && field.invalid)}>
          <textarea
            id={`${id}-message`}
            name="message"
            className={cx(field.input, form.textarea)}
            rows={6}
            value={fields.message}
            onChange={(e) => set('message')(e.target.value)}
            maxLength={CONTACT_LIMITS.message}
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={[`${id}-message-hint`, errorId('message')].filter(Boolean).join(' ')}
            ref={register('message')}
            data-testid="contact-message"
          />
        </div>
        <p id={`${id}-message-hint`} className={field.hint}>
          {support ? `${t('form.supportHint')} ` : ''}
          {fields.message.length}/{CONTACT_LIMITS.message}
        </p>
        {fieldError('message')}
      </div>
      {notice ? (
        <p role="status" className={form.small} data-testid="support-sent">
          {notice}
        </p>
      ) : null}
      <Button type="submit" size="lg" icon={<Send />} loading={submitting} data-testid="contact-submit">
        {support ? t('form.sendRequest') : t('form.sendMessage')}
      </Button>
      <p className={form.small}>
        {props.mode === 'support' ? t('form.supportNote', { email: props.email }) : t('form.contactNote')}
      </p>
    </form>
  );
}
