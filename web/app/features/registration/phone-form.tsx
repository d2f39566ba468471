import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { getCountries, getCountryCallingCode, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { Trans, useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { usePageLanguage } from '../../i18n/page-texts';
import type { Language } from '../../i18n/languages';
import { TextField } from '../../components/ui/text-field';
import { useEdition } from '../shell/edition';
import { errorCode, retryAfterSeconds, useApiErrorText } from './error-messages';
import { formatCountdown, useCooldown } from './use-cooldown';
import styles from './forms.module.css';
import { FormAlert } from '../auth/form-alert';

export type PhoneSubmit = { phoneNumber: string; country: CountryCode };

export type PhoneFormProps = {
  /** Saves the number; rejects with the API's error. */
  onSubmit: (value: PhoneSubmit) => Promise<unknown>;
  submitLabel: string;
  /** The number being replaced, to start from. */
  initialPhone?: string | null;
  /** A secondary action beside the submit button (e.g. Cancel). */
  secondary?: ReactNode;
  autoFocus?: boolean;
};

type CountryOption = { code: CountryCode; name: string; dial: string };

/** Every country libphonenumber knows, by name in the page's language, with its calling code. */
export function countryOptions(withNames = true, language: Language = 'en'): CountryOption[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = withNames ? new Intl.DisplayNames([language], { type: 'region' }) : null;
  } catch {
    names = null;
  }
  return getCountries()
    .map((code) => ({ code, name: names?.of(code) ?? code, dial: getCountryCallingCode(code) }))
    .sort((a, b) => a.name.localeCompare(b.name, language));
}

/**
 * Country names come from the ICU data of the runtime, which differs between Node and browsers;
 * the server render lists codes only and the browser fills in names, so hydration always matches.
 */
function useCountryOptions(): CountryOption[] {
  const language = usePageLanguage();
  const [options, setOptions] = useState(() => countryOptions(false));
  useEffect(() => setOptions(countryOptions(true, language)), [language]);
  return options;
}

const KNOWN = new Set<string>(getCountries());

/** The country of the browser's locale (en-GB → GB), when it is one libphonenumber knows. */
function browserCountry(): CountryCode | null {
  if (typeof navigator === 'undefined') return null;
  for (const tag of navigator.languages ?? [navigator.language]) {
    const region = /[-_]([A-Z]{2})\b/i.exec(tag)?.[1]?.toUpperCase();
    if (region && KNOWN.has(region)) return region as CountryCode;
  }
  return null;
}

/**
 * A phone number as country + number (decision 031: the API normalises to E.164 and reads a
 * number without '+' in the given country). Shows the E.164 form that will be saved.
 */
export function PhoneForm({ onSubmit, submitLabel, initialPhone, secondary, autoFocus }: PhoneFormProps) {
  const { t } = useTranslation('registration');
  const friendlyError = useApiErrorText();
  const edition = useEdition();
  const initial = initialPhone ? parsePhoneNumberFromString(initialPhone) : undefined;
  const [country, setCountry] = useState<CountryCode>(initial?.country ?? (edition === 'us' ? 'US' : 'GB'));
  const [number, setNumber] = useState(initial ? initial.formatNational() : '');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const countryTouched = useRef(Boolean(initial?.country));
  const numberRef = useRef<HTMLInputElement>(null);
  const selectId = useId();
  const options = useCountryOptions();
  const cooldown = useCooldown();

  // The server render can't know the visitor's country; the browser's locale is a better guess.
  useEffect(() => {
    if (countryTouched.current) return;
    const guess = browserCountry();
    if (guess) setCountry(guess);
  }, []);

  const parsed = useMemo(
    () => (number.trim() ? parsePhoneNumberFromString(number, country) : undefined),
    [number, country],
  );
  const valid = Boolean(parsed?.isValid());
  const countryName = options.find((option) => option.code === country)?.name ?? country;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    if (!number.trim()) {
      setError(t('phone.missing'));
      numberRef.current?.focus();
      return;
    }
    if (!parsed || !valid) {
      setError(t('phone.invalid', { country: countryName }));
      numberRef.current?.focus();
      return;
    }
    setSubmitting(true);
    try {
      await onSubmit({ phoneNumber: parsed.number, country: parsed.country ?? country });
    } catch (err) {
      if (errorCode(err) === 'PHONE_INVALID') {
        setError(friendlyError(err));
        numberRef.current?.focus();
      } else {
        // Adding a number is rate limited like the resends (decision 031): count down to the next try.
        const wait = retryAfterSeconds(err);
        if (wait) cooldown.start(wait);
        setFormError(friendlyError(err));
      }
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={t('phone.form')}>
      <FormAlert>{formError}</FormAlert>
      <div className={styles.phoneRow}>
        <div className={styles.field}>
          <label htmlFor={selectId} className={styles.fieldLabel}>
            {t('phone.country')}
          </label>
          <select
            id={selectId}
            className={styles.select}
            value={country}
            autoComplete="tel-country-code"
            disabled={submitting}
            onChange={(event) => {
              countryTouched.current = true;
              setCountry(event.target.value as CountryCode);
              setError(null);
            }}
            data-testid="phone-country"
          >
            {options.map((option) => (
              <option key={option.code} value={option.code}>
                {option.name} (+{option.dial})
              </option>
            ))}
          </select>
        </div>
        <TextField
          ref={numberRef}
          label={t('phone.number')}
          name="phoneNumber"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          autoFocus={autoFocus}
          value={number}
          disabled={submitting}
          error={error}
          onChange={(event) => {
            setNumber(event.target.value);
            if (error) setError(null);
          }}
          data-testid="phone-number"
        />
      </div>
      <p className={styles.preview} aria-live="polite" data-testid="phone-preview">
        {valid && parsed ? (
          <Trans
            t={t}
            i18nKey="phone.preview"
            values={{ international: parsed.formatInternational(), e164: parsed.number }}
            components={{ strong: <strong /> }}
          />
        ) : (
          t('phone.hint')
        )}
      </p>
      <div className={styles.actions}>
        <Button
          type="submit"
          size="lg"
          loading={submitting}
          disabled={cooldown.remaining > 0}
          data-testid="phone-submit"
        >
          {cooldown.remaining > 0 ? `${submitLabel} (${formatCountdown(cooldown.remaining)})` : submitLabel}
        </Button>
        {secondary}
      </div>
    </form>
  );
}
