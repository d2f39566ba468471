import { useEffect, useRef, useState, type FormEvent } from 'react';
import { CheckCircle2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CODE_TTL_MINUTES } from '@cuewave/contract/account-rules';
import { Button } from '../../components/ui/button';
import { CaptchaNotice, useCaptcha } from '../auth/captcha';
import { CODE_LENGTH, CodeInput } from './code-input';
import { errorCode, retryAfterSeconds, useApiErrorText } from './error-messages';
import { formatCountdown, RESEND_COOLDOWN_SECONDS, useCooldown } from './use-cooldown';
import shared from '../auth/auth-forms.module.css';
import styles from './forms.module.css';

export type VerifyCodeFormProps = {
  /** 'email' or 'phone': the words of the labels and messages. */
  channel: 'email' | 'phone';
  /** Sends the code; resolves once the API accepted it. */
  verify: (code: string) => Promise<unknown>;
  /** Asks for a new code; gets a captcha solution. */
  resend: (captcha: string) => Promise<unknown>;
  /** Called after a successful verification (and when the API says it was already verified). */
  onVerified: () => void | Promise<void>;
  /** The error identifier meaning "already verified" (treated as success). */
  alreadyVerifiedCode: string;
  /** A code was just sent: start with the resend countdown running. */
  justSent?: boolean;
  submitLabel?: string;
  autoFocus?: boolean;
};

/**
 * Enter a 6-digit code (verification by email or SMS, decision 031) with a resend button that
 * counts down between sends. A full code submits itself.
 */
export function VerifyCodeForm({
  channel,
  verify,
  resend,
  onVerified,
  alreadyVerifiedCode,
  justSent = false,
  submitLabel,
  autoFocus,
}: VerifyCodeFormProps) {
  const { t } = useTranslation('registration');
  const friendlyError = useApiErrorText();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [resending, setResending] = useState(false);
  const cooldown = useCooldown();
  const captcha = useCaptcha('resend');
  const firstBox = useRef<HTMLInputElement>(null);
  const busy = useRef(false);
  const startCooldown = cooldown.start;

  useEffect(() => {
    if (justSent) startCooldown(RESEND_COOLDOWN_SECONDS);
  }, [justSent, startCooldown]);

  async function submit(value: string) {
    if (busy.current) return;
    if (value.length !== CODE_LENGTH) {
      setError(t('code.incomplete', { length: CODE_LENGTH }));
      firstBox.current?.focus();
      return;
    }
    busy.current = true;
    setSubmitting(true);
    setError(null);
    setNotice(null);
    try {
      await verify(value);
      await onVerified();
    } catch (err) {
      if (errorCode(err) === alreadyVerifiedCode) {
        await onVerified();
        return;
      }
      setError(friendlyError(err));
      setCode('');
      // Focus after the boxes are enabled again.
      window.setTimeout(() => firstBox.current?.focus(), 0);
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  }

  async function onResend() {
    setResending(true);
    setError(null);
    setNotice(null);
    try {
      const solution = await captcha.solve();
      await resend(solution);
      setCode('');
      setNotice(channel === 'email' ? t('code.resentEmail') : t('code.resentPhone'));
      startCooldown(RESEND_COOLDOWN_SECONDS);
    } catch (err) {
      if (errorCode(err) === alreadyVerifiedCode) {
        await onVerified();
        return;
      }
      const wait = retryAfterSeconds(err);
      if (wait) startCooldown(wait);
      setError(friendlyError(err));
    } finally {
      setResending(false);
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit(code);
  }

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={submitting || undefined}>
      <CodeInput
        ref={firstBox}
        label={channel === 'email' ? t('code.fromEmail') : t('code.fromText')}
        value={code}
        onChange={(value) => {
          setCode(value);
          if (error) setError(null);
        }}
        onComplete={(value) => void submit(value)}
        error={error}
        hint={t('code.validity', { minutes: CODE_TTL_MINUTES })}
        disabled={submitting}
        autoFocus={autoFocus}
        testId={`${channel}-code`}
      />
      {notice ? (
        <p className={shared.alertNotice} role="status">
          <CheckCircle2 aria-hidden="true" />
          {notice}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button type="submit" size="lg" loading={submitting} data-testid={`${channel}-verify-submit`}>
          {submitLabel ?? t('code.verify')}
        </Button>
      </div>
      <div className={styles.resendRow}>
        <span>{channel === 'email' ? t('code.noEmail') : t('code.noText')}</span>
        <button
          type="button"
          className={styles.linkButton}
          onClick={() => void onResend()}
          disabled={resending || cooldown.remaining > 0}
          aria-busy={resending || undefined}
          data-testid={`${channel}-resend`}
        >
          {resending
            ? t('code.sending')
            : cooldown.remaining > 0
              ? t('code.resendIn', { time: formatCountdown(cooldown.remaining) })
              : t('code.resend')}
        </button>
      </div>
      <CaptchaNotice state={captcha.state} />
    </form>
  );
}
