import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { AlertTriangle, Building2, User } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  isEuCountry,
  US_STATES,
  type BillingDetails,
  type BillingSaveResult,
  type BillingType,
  type Country,
} from '@cuewave/contract/billing';
import { Button } from '../../components/ui/button';
import { cx } from '../../components/ui/cx';
import { TextField } from '../../components/ui/text-field';
import { FormAlert } from '../auth/form-alert';
import { useApiErrorText } from '../registration/error-messages';
import { saveBilling } from './api';
import {
  BILLING_FIELDS,
  billingErrorsFromServer,
  billingFieldError,
  billingFormErrors,
  billingFormValues,
  taxNumberHint,
  taxNumberLabel,
  toBillingInput,
  visibleFields,
  type BillingField,
  type BillingFormErrors,
  type BillingFormValues,
} from './billing-model';
import { fieldErrorsOf } from './field-errors';
import styles from './checkout.module.css';

export type BillingFormProps = {
  /** Saved details to edit; null for a first entry. */
  initial: BillingDetails | null;
  /** Countries from GET /v1/payment/country/business (labels and tax-number names). */
  countries: Country[];
  /** The country an empty form starts in (the visitor's location or edition), '' for none. */
  defaultCountry?: string;
  submitLabel: string;
  /**
   * Called once the details are saved and the buyer is done: right away, or, when the server saved
   * a tax number that failed its check, after the buyer chose to go on with it.
   */
  onDone: (result: BillingSaveResult) => void | Promise<void>;
  /** Shown beside the submit button (e.g. Cancel). */
  secondary?: ReactNode;
};

/**
 * The billing details form (spec §3 Billing form fields, §5; decision 042): personal or business,
 * the country list of the API, a state for the US, and a tax number for businesses. The server's
 * country rules come back as field errors. A tax number that fails its format check is saved
 * anyway (the server allows it); the form says what that costs and lets the buyer continue.
 */
export function BillingForm({
  initial,
  countries,
  defaultCountry = '',
  submitLabel,
  onDone,
  secondary,
}: BillingFormProps) {
  const { t, i18n } = useTranslation('checkout');
  const friendlyError = useApiErrorText();
  const [values, setValues] = useState<BillingFormValues>(() => billingFormValues(initial, defaultCountry));
  const [errors, setErrors] = useState<BillingFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // The last save whose tax number failed the check, with the values it saved.
  const [taxWarning, setTaxWarning] = useState<{ result: BillingSaveResult; saved: string } | null>(null);
  const formErrorRef = useRef<HTMLDivElement>(null);
  const refs = useFieldRefs();
  const busy = useRef(false);
  const ids = useId();
  // A field to focus once the form is enabled again (inputs are disabled while saving).
  const [focusField, setFocusField] = useState<BillingField | null>(null);
  useEffect(() => {
    if (!focusField || saving) return;
    refs[focusField].current?.focus();
    setFocusField(null);
  }, [focusField, saving, refs]);

  const shown = visibleFields(values);
  const country = countries.find((c) => c.value === values.country);
  const savedKey = JSON.stringify(toBillingInput(values));
  const warningStands = taxWarning !== null && taxWarning.saved === savedKey;
  // Saved details whose tax number failed earlier: say so before the buyer changes anything.
  const storedInvalid =
    !taxWarning &&
    initial?.type === 'business' &&
    !initial.taxNumberValid &&
    isEuCountry(initial.country) &&
    initial.taxNumber !== null &&
    values.taxNumber.trim() === initial.taxNumber &&
    values.country === initial.country;

  function set<K extends keyof BillingFormValues>(field: K, value: BillingFormValues[K]) {
    const next = { ...values, [field]: value };
    if (field === 'country' && value !== 'US') next.state = '';
    setValues(next);
    if (field !== 'type' && errors[field as BillingField] && !billingFieldError(field as BillingField, next, t)) {
      setErrors({ ...errors, [field]: undefined });
    }
  }

  function blur(field: BillingField) {
    if (!values[field].trim()) return;
    setErrors({ ...errors, [field]: billingFieldError(field, values, t) ?? undefined });
  }

  function focusFirst(found: BillingFormErrors) {
    const first = BILLING_FIELDS.find((field) => found[field]);
    if (first) setFocusField(first);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy.current) return;
    setFormError(null);
    if (warningStands && taxWarning) {
      // Nothing changed since the save that warned: the buyer goes on with the number as it is.
      busy.current = true;
      setSaving(true);
      try {
        await onDone(taxWarning.result);
      } finally {
        busy.current = false;
        setSaving(false);
      }
      return;
    }
    const found = billingFormErrors(values, t);
    setErrors(found);
    if (Object.keys(found).length) {
      focusFirst(found);
      return;
    }
    busy.current = true;
    setSaving(true);
    try {
      const result = await saveBilling(toBillingInput(values));
      if (result.taxNumberMessage) {
        setTaxWarning({ result, saved: savedKey });
        setFocusField('taxNumber');
        return;
      }
      setTaxWarning(null);
      await onDone(result);
    } catch (error) {
      const parsed = fieldErrorsOf(error);
      const mapped = parsed ? billingErrorsFromServer(parsed.fields) : null;
      if (mapped && Object.keys(mapped.errors).length) {
        setErrors(mapped.errors);
        focusFirst(mapped.errors);
        const rest = [...mapped.other, parsed?.rest].filter(Boolean).join(' ');
        if (rest) setFormError(rest);
      } else {
        setFormError(t('billing.saveFailed', { reason: friendlyError(error) }));
        window.setTimeout(() => formErrorRef.current?.focus(), 0);
      }
    } finally {
      busy.current = false;
      setSaving(false);
    }
  }

  const field = (name: BillingField) => ({
    ref: refs[name],
    name,
    value: values[name],
    error: errors[name],
    disabled: saving,
    onChange: (event: { target: { value: string } }) => set(name, event.target.value),
    onBlur: () => blur(name),
    'data-testid': `billing-${name}`,
  });

  const taxLabel = taxNumberLabel(country?.taxCode, values.country, t);
  return (
    <form className={styles.billingForm} onSubmit={submit} noValidate aria-label={t('billing.form')}>
      <FormAlert ref={formErrorRef} testId="billing-error">
        {formError}
      </FormAlert>
      <fieldset className={styles.typeToggle} disabled={saving}>
        <legend className={styles.fieldLabel}>{t('billing.buyingAs')}</legend>
        <div className={styles.typeOptions}>
          <TypeOption
            type="personal"
            current={values.type}
            onChange={(type) => set('type', type)}
            icon={<User />}
            label={t('billing.individual')}
            name={`${ids}-type`}
          />
          <TypeOption
            type="business"
            current={values.type}
            onChange={(type) => set('type', type)}
            icon={<Building2 />}
            label={t('billing.business')}
            name={`${ids}-type`}
          />
        </div>
      </fieldset>

      <div className={styles.grid2}>
        <TextField label={t('billing.firstName')} autoComplete="given-name" maxLength={100} {...field('firstName')} />
        <TextField label={t('billing.lastName')} autoComplete="family-name" maxLength={100} {...field('lastName')} />
      </div>
      {shown.has('companyName') ? (
        <TextField
          label={t('billing.companyName')}
          autoComplete="organization"
          maxLength={200}
          {...field('companyName')}
        />
      ) : null}

      <SelectField
        id={`${ids}-country`}
        label={t('billing.country')}
        selectRef={refs.country}
        value={values.country}
        error={errors.country}
        disabled={saving}
        autoComplete="country"
        onChange={(value) => set('country', value)}
        testId="billing-country"
      >
        <option value="" disabled>
          {t('billing.chooseCountry')}
        </option>
        {countries.length === 0 && values.country ? <option value={values.country}>{values.country}</option> : null}
        {countries.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </SelectField>
      {shown.has('state') ? (
        <SelectField
          id={`${ids}-state`}
          label={t('billing.state')}
          selectRef={refs.state}
          value={values.state}
          error={errors.state}
          disabled={saving}
          autoComplete="address-level1"
          onChange={(value) => set('state', value)}
          testId="billing-state"
        >
          <option value="" disabled>
            {t('billing.chooseState')}
          </option>
          {US_STATES.map((s) => (
            <option key={s.code} value={s.code}>
              {s.name}
            </option>
          ))}
        </SelectField>
      ) : null}

      <TextField label={t('billing.line1')} autoComplete="address-line1" maxLength={200} {...field('line1')} />
      <TextField
        label={
          <>
            {t('billing.line2')} <span className={styles.optional}>{t('billing.optional')}</span>
          </>
        }
        autoComplete="address-line2"
        maxLength={200}
        {...field('line2')}
      />
      <div className={styles.grid2}>
        <TextField label={t('billing.city')} autoComplete="address-level2" maxLength={100} {...field('city')} />
        <TextField label={t('billing.postalCode')} autoComplete="postal-code" maxLength={12} {...field('postalCode')} />
      </div>

      {shown.has('taxNumber') ? (
        <div className={styles.stack}>
          <TextField
            label={taxLabel}
            hint={taxNumberHint(values.country, t)}
            maxLength={30}
            autoComplete="off"
            spellCheck={false}
            {...field('taxNumber')}
          />
          {warningStands && taxWarning?.result.taxNumberMessage ? (
            <div className={styles.warning} role="alert" data-testid="billing-tax-warning">
              <AlertTriangle aria-hidden="true" />
              <p>
                {/* The API words the warning in English (naming the country and the expected shape); other
                    languages say the same from their own texts. */}
                {i18n.language === 'en'
                  ? taxWarning.result.taxNumberMessage
                  : t('billing.taxInvalidSaved', { label: taxLabel })}{' '}
                {t('billing.taxWarningAction')}
              </p>
            </div>
          ) : storedInvalid ? (
            <div className={styles.warning} data-testid="billing-tax-warning">
              <AlertTriangle aria-hidden="true" />
              <p>{t('billing.taxStoredInvalid', { label: taxLabel })}</p>
            </div>
          ) : null}
        </div>
      ) : null}

      <TextField
        label={
          <>
            {t('billing.phone')} <span className={styles.optional}>{t('billing.phoneOptional')}</span>
          </>
        }
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        maxLength={40}
        {...field('phoneNumber')}
      />

      <div className={styles.formActions}>
        <Button type="submit" size="lg" loading={saving} data-testid="billing-submit">
          {warningStands ? t('billing.continueWithNumber') : submitLabel}
        </Button>
        {secondary}
      </div>
    </form>
  );
}

type FieldRef = RefObject<(HTMLInputElement & HTMLSelectElement) | null>;

/** One stable ref per field, to focus the first problem. */
function useFieldRefs(): Record<BillingField, FieldRef> {
  const refs = useRef<Record<BillingField, FieldRef> | null>(null);
  if (!refs.current) {
    const made: Partial<Record<BillingField, FieldRef>> = {};
    for (const name of BILLING_FIELDS) made[name] = { current: null };
    refs.current = made as Record<BillingField, FieldRef>;
  }
  return refs.current;
}

function TypeOption({
  type,
  current,
  onChange,
  icon,
  label,
  name,
}: {
  type: BillingType;
  current: BillingType;
  onChange: (type: BillingType) => void;
  icon: ReactNode;
  label: string;
  name: string;
}) {
  const checked = type === current;
  return (
    <label className={cx(styles.typeOption, checked && styles.typeOptionOn)}>
      <input
        type="radio"
        name={name}
        value={type}
        checked={checked}
        onChange={() => onChange(type)}
        data-testid={`billing-type-${type}`}
      />
      <span className={styles.typeIcon} aria-hidden="true">
        {icon}
      </span>
      {label}
    </label>
  );
}

function SelectField({
  id,
  label,
  selectRef,
  value,
  error,
  disabled,
  autoComplete,
  onChange,
  testId,
  children,
}: {
  id: string;
  label: string;
  selectRef: RefObject<HTMLSelectElement | null>;
  value: string;
  error?: string;
  disabled?: boolean;
  autoComplete: string;
  onChange: (value: string) => void;
  testId: string;
  children: ReactNode;
}) {
  const errorId = `${id}-error`;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.fieldLabel}>
        {label}
      </label>
      <select
        ref={selectRef}
        id={id}
        className={cx(styles.select, !!error && styles.selectInvalid)}
        value={value}
        disabled={disabled}
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
        data-testid={testId}
      >
        {children}
      </select>
      {error ? (
        <p id={errorId} className={styles.fieldError}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
