import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { CreditCard, Lock, RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { StripeCardElement } from '@stripe/stripe-js';
import { CARD_BRAND_LABELS, cvcLength, type CardBrand, type StoredPaymentMethod } from '@cuewave/contract/payment';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { TextField } from '../../components/ui/text-field';
import { friendlyError } from '../registration/error-messages';
import type { CheckoutT } from './billing-model';
import { saveCardToken, tokenizeCard } from './api';
import {
  brandOf,
  cardErrorsFromServer,
  cardFieldError,
  cardFormErrors,
  EMPTY_CARD,
  formatCardNumber,
  formatExpiryInput,
  toCardFields,
  type CardFormErrors,
  type CardFormField,
  type CardFormValues,
} from './card-format';
import { fieldErrorsOf } from './field-errors';
import { usePaymentConfig, useStripe } from './payment-processor';
import { StripeCardField, type StripeCardState } from './stripe-card-field';
import { saveStripeCard, StripeStepError, stripeStepText, type StripeLike } from './stripe-glue';
import styles from './checkout.module.css';

const ORDER: CardFormField[] = ['number', 'expiry', 'cvc', 'name'];

/** Brand names short enough to sit inside the number field on a phone. */
const SHORT_BRAND: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'Amex',
  discover: 'Discover',
};

/** The card form's state: values, per-field errors, and saving the card with the server's processor. */
export function useCardForm() {
  const { t } = useTranslation('checkout');
  const [values, setValues] = useState<CardFormValues>(EMPTY_CARD);
  const [errors, setErrors] = useState<CardFormErrors>({});
  const refs: Record<CardFormField, RefObject<HTMLInputElement | null>> = {
    number: useRef<HTMLInputElement>(null),
    expiry: useRef<HTMLInputElement>(null),
    cvc: useRef<HTMLInputElement>(null),
    name: useRef<HTMLInputElement>(null),
  };
  const config = usePaymentConfig();
  const provider = config.status === 'ready' ? config.value.provider : null;
  // Stripe's card Element, set by StripeCardField while it is mounted, and its latest change event.
  const stripeCard = useRef<{ stripe: StripeLike; element: StripeCardElement } | null>(null);
  const stripeState = useRef<StripeCardState>({ empty: true, complete: false, error: null });

  // Focus moves once the form is enabled again: its fieldset is disabled while paying or saving.
  const [focusField, setFocusField] = useState<CardFormField | null>(null);

  function focusFirst(found: CardFormErrors) {
    const first = ORDER.find((field) => found[field]);
    if (first) setFocusField(first);
  }

  /** The Stripe form's problems: the Element's own (under it, as `number`) and the name. */
  function stripeProblems(): CardFormErrors {
    const found: CardFormErrors = {};
    const card = stripeState.current;
    if (!stripeCard.current) found.number = t('card.stripeLoading');
    else if (card.error) found.number = card.error;
    else if (card.empty) found.number = t('card.stripeEmpty');
    else if (!card.complete) found.number = t('card.stripeIncomplete');
    const name = cardFieldError('name', values, t);
    if (name) found.name = name;
    return found;
  }

  /** Checks every field now (submit); focuses the first problem. False while the form is loading. */
  function validate(): boolean {
    if (!provider) return false;
    const found = provider === 'stripe' ? stripeProblems() : cardFormErrors(values, t);
    setErrors(found);
    focusFirst(found);
    return Object.keys(found).length === 0;
  }

  /**
   * Saves the card to the account with whichever processor the server runs, and answers the saved
   * card, or null after showing field problems. The sandbox turns the card into a single-use token
   * (the number goes only to its vault); Stripe confirms a SetupIntent in stripe.js. Other failures
   * are thrown for the page's alert (see cardSaveErrorMessage).
   */
  async function saveCard(): Promise<StoredPaymentMethod | null> {
    if (!validate()) return null;
    if (provider === 'stripe') {
      const { stripe, element } = stripeCard.current!;
      return saveStripeCard(stripe, element, values.name.trim());
    }
    const card = toCardFields(values);
    try {
      const { token } = await tokenizeCard(card);
      return await saveCardToken(token);
    } catch (error) {
      const parsed = fieldErrorsOf(error);
      const mapped = parsed ? cardErrorsFromServer(parsed.fields, t) : {};
      if (Object.keys(mapped).length === 0) throw error;
      setErrors(mapped);
      focusFirst(mapped);
      return null;
    }
  }

  function reset() {
    setValues(EMPTY_CARD);
    setErrors({});
    stripeCard.current?.element.clear();
  }

  /** StripeCardField's callbacks: keep the Element for saving, and clear its error once fixed. */
  const stripeHooks = {
    ready(stripe: StripeLike, element: StripeCardElement | null) {
      stripeCard.current = element ? { stripe, element } : null;
    },
    change(state: StripeCardState) {
      stripeState.current = state;
      setErrors((current) => {
        if (state.error) return { ...current, number: state.error };
        return current.number ? { ...current, number: undefined } : current;
      });
    },
    focus() {
      stripeCard.current?.element.focus();
    },
  };

  return {
    values,
    setValues,
    errors,
    setErrors,
    refs,
    validate,
    saveCard,
    /** The former name of saveCard, kept for callers. */
    save: saveCard,
    reset,
    focusField,
    setFocusField,
    t,
    config,
    provider,
    stripeHooks,
  };
}

/**
 * The alert's sentence when saving a card threw: Stripe's own words, else `lead` and a friendly
 * reason. Pass the page's `t` (`checkout`) and `useApiErrorText()`; without them the sentence is
 * English (callers not moved to texts yet).
 */
export function cardSaveErrorMessage(
  error: unknown,
  lead: string,
  t?: CheckoutT,
  apiErrorText: (error: unknown) => string = friendlyError,
): string {
  if (error instanceof StripeStepError) return t ? stripeStepText(error, t) : error.message;
  return `${lead} ${apiErrorText(error)}`;
}

export type CardFormState = ReturnType<typeof useCardForm>;

export type CardFormProps = {
  form: CardFormState;
  disabled?: boolean;
  /** Prefixes the inputs' test ids (two card forms on one page). */
  testIdPrefix?: string;
};

/**
 * The card fields of the server's processor (decision 043): ours for the sandbox, Stripe's card
 * Element and the name for Stripe. Callers use it the same way either way.
 */
export function CardForm(props: CardFormProps) {
  const { form, disabled, testIdPrefix = 'card' } = props;
  const { config, t } = form;
  if (config.status === 'loading') return <CardFormLoading />;
  if (config.status === 'failed') {
    return (
      <CardFormProblem retry={config.retry} testId={`${testIdPrefix}-form-error`}>
        {t('card.loadFailed')}
      </CardFormProblem>
    );
  }
  if (config.value.provider === 'stripe') {
    return (
      <StripeCardForm
        form={form}
        disabled={disabled}
        testIdPrefix={testIdPrefix}
        publishableKey={config.value.publishableKey}
      />
    );
  }
  return <SandboxCardForm {...props} />;
}

function CardFormLoading() {
  const { t } = useTranslation('checkout');
  return (
    <div className={styles.cardForm} aria-busy="true" data-testid="card-form-loading">
      <span className="visually-hidden" role="status">
        {t('card.loading')}
      </span>
      <Skeleton height={46} />
      <Skeleton height={46} />
    </div>
  );
}

function CardFormProblem({ children, retry, testId }: { children: ReactNode; retry: () => void; testId: string }) {
  const { t } = useTranslation('checkout');
  return (
    <div className={styles.cardProblem} role="alert" data-testid={testId}>
      <p>
        {children} {t('card.checkConnection')}
      </p>
      <Button variant="secondary" size="sm" icon={<RefreshCw />} onClick={retry}>
        {t('card.tryAgain')}
      </Button>
    </div>
  );
}

/** Focuses the field the form asked for once the fieldset is enabled again. */
function useFieldFocus(form: CardFormState, disabled: boolean | undefined) {
  const { focusField, setFocusField, refs, provider, stripeHooks } = form;
  useEffect(() => {
    if (!focusField || disabled) return;
    if (provider === 'stripe' && focusField !== 'name') stripeHooks.focus();
    else refs[focusField].current?.focus();
    setFocusField(null);
  }, [focusField, disabled, refs, setFocusField, provider, stripeHooks]);
}

/** Stripe: the card Element (loaded from js.stripe.com only here) and the name on the card. */
function StripeCardForm({
  form,
  disabled,
  testIdPrefix,
  publishableKey,
}: CardFormProps & { testIdPrefix: string; publishableKey: string | null }) {
  const stripe = useStripe(publishableKey);
  const { values, setValues, errors, setErrors, refs, stripeHooks, t } = form;
  const groupId = useId();
  useFieldFocus(form, disabled);

  if (stripe.status === 'loading' && publishableKey) return <CardFormLoading />;
  if (stripe.status !== 'ready') {
    return (
      <CardFormProblem
        retry={stripe.status === 'failed' ? stripe.retry : () => window.location.reload()}
        testId={`${testIdPrefix}-form-error`}
      >
        {t('card.stripeLoadFailed')}
      </CardFormProblem>
    );
  }

  return (
    <fieldset className={styles.cardForm} disabled={disabled} aria-describedby={`${groupId}-secure`}>
      {/* Not "Card details": that is the Element's own label inside. */}
      <legend className="visually-hidden">{t('card.yourCard')}</legend>
      <StripeCardField
        stripe={stripe.value}
        onReady={(element) => stripeHooks.ready(stripe.value, element)}
        onChange={stripeHooks.change}
        error={errors.number}
        disabled={disabled}
        testId={`${testIdPrefix}-stripe`}
      />
      <TextField
        ref={refs.name}
        label={t('card.name')}
        name="ccname"
        autoComplete="cc-name"
        value={values.name}
        error={errors.name}
        maxLength={100}
        onChange={(event) => {
          const next = { ...values, name: event.target.value };
          setValues(next);
          if (errors.name && !cardFieldError('name', next, t)) setErrors({ ...errors, name: undefined });
        }}
        onBlur={() => {
          if (values.name.trim()) setErrors({ ...errors, name: cardFieldError('name', values, t) ?? undefined });
        }}
        data-testid={`${testIdPrefix}-name`}
      />
      <SecureNote id={`${groupId}-secure`} />
    </fieldset>
  );
}

function SecureNote({ id }: { id: string }) {
  const { t } = useTranslation('checkout');
  return (
    <p id={id} className={styles.secureNote}>
      <Lock aria-hidden="true" />
      {t('card.secureNote')}
    </p>
  );
}

/**
 * The sandbox's fields. Card number (grouped as printed, brand shown as typed), expiry MM/YY, security code and name,
 * with the browser's card autofill fields. Fields are checked when they lose focus and on submit
 * (spec §5), never while typing; an error clears as soon as the value is fixed.
 */
function SandboxCardForm({ form, disabled, testIdPrefix = 'card' }: CardFormProps) {
  const { values, setValues, errors, setErrors, refs, t } = form;
  const brand = brandOf(values.number);
  const groupId = useId();
  useFieldFocus(form, disabled);

  function change(field: CardFormField, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    if (errors[field] && !cardFieldError(field, next, t)) setErrors({ ...errors, [field]: undefined });
  }

  function blur(field: CardFormField) {
    if (!values[field].trim()) return;
    setErrors({ ...errors, [field]: cardFieldError(field, values, t) ?? undefined });
  }

  const cvcDigits = cvcLength(brand);
  return (
    <fieldset className={styles.cardForm} disabled={disabled} aria-describedby={`${groupId}-secure`}>
      <legend className="visually-hidden">{t('card.details')}</legend>
      <TextField
        ref={refs.number}
        className={styles.cardNumber}
        label={t('card.number')}
        name="cardnumber"
        autoComplete="cc-number"
        inputMode="numeric"
        placeholder="1234 1234 1234 1234"
        value={values.number}
        error={errors.number}
        onChange={(event) => change('number', formatCardNumber(event.target.value))}
        onBlur={() => blur('number')}
        trailing={
          <span className={styles.brand} data-testid={`${testIdPrefix}-brand`} aria-live="polite">
            {brand ? (
              <>
                <span aria-hidden="true">{SHORT_BRAND[brand]}</span>
                <span className="visually-hidden">{CARD_BRAND_LABELS[brand]}</span>
              </>
            ) : (
              <>
                <CreditCard aria-hidden="true" />
                <span className="visually-hidden">{t('card.brandUnknown')}</span>
              </>
            )}
          </span>
        }
        data-testid={`${testIdPrefix}-number`}
      />
      <div className={styles.cardRow}>
        <TextField
          ref={refs.expiry}
          label={t('card.expiry')}
          name="cc-exp"
          autoComplete="cc-exp"
          inputMode="numeric"
          placeholder={t('card.expiryPlaceholder')}
          maxLength={7}
          value={values.expiry}
          error={errors.expiry}
          onChange={(event) => change('expiry', formatExpiryInput(event.target.value, values.expiry))}
          onBlur={() => blur('expiry')}
          data-testid={`${testIdPrefix}-expiry`}
        />
        <TextField
          ref={refs.cvc}
          label={t('card.cvc')}
          name="cvc"
          autoComplete="cc-csc"
          inputMode="numeric"
          placeholder={cvcDigits === 4 ? '1234' : '123'}
          maxLength={4}
          hint={cvcDigits === 4 ? t('card.cvcFront') : t('card.cvcBack')}
          value={values.cvc}
          error={errors.cvc}
          onChange={(event) => change('cvc', event.target.value.replace(/\D/g, '').slice(0, 4))}
          onBlur={() => blur('cvc')}
          data-testid={`${testIdPrefix}-cvc`}
        />
      </div>
      <TextField
        ref={refs.name}
        label={t('card.name')}
        name="ccname"
        autoComplete="cc-name"
        value={values.name}
        error={errors.name}
        maxLength={100}
        onChange={(event) => change('name', event.target.value)}
        onBlur={() => blur('name')}
        data-testid={`${testIdPrefix}-name`}
      />
      <SecureNote id={`${groupId}-secure`} />
    </fieldset>
  );
}
