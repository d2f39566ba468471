import { useSyncExternalStore } from 'react';
import { BILLING_PERIODS, PLAN_NAMES, type BillingPeriod, type PlanName } from '@cuewave/contract/account-rules';

/**
 * Signup state (spec §3): what the visitor chose before and during registration, kept in session
 * storage under 'signup' so it survives reloads of the flow but not the browser session.
 */
export const SIGNUP_STORAGE_KEY = 'signup';

export type BillingType = 'monthly' | 'yearly';

export type SignupState = {
  /** The plan highlighted on the plan cards. */
  plan: PlanName;
  billingType: BillingType;
  /** The plan actually chosen (null until the visitor picks one). */
  signupPlan: PlanName | null;
  signupPlanPeriod: BillingPeriod | null;
  signupCurrency: string | null;
  /** Minor units; prices arrive with the subscriptions issue. */
  signupPrice: number | null;
  hasCoupon: boolean;
  coupon: string | null;
};

export const SIGNUP_DEFAULTS: SignupState = Object.freeze({
  plan: 'professional',
  billingType: 'yearly',
  signupPlan: null,
  signupPlanPeriod: null,
  signupCurrency: null,
  signupPrice: null,
  hasCoupon: false,
  coupon: null,
});

type Check = (value: unknown) => boolean;
const nullable =
  (check: Check): Check =>
  (value) =>
    value === null || check(value);
const isPlan: Check = (value) => (PLAN_NAMES as readonly unknown[]).includes(value);
const isPeriod: Check = (value) => (BILLING_PERIODS as readonly unknown[]).includes(value);
const isShortString =
  (max: number): Check =>
  (value) =>
    typeof value === 'string' && value.length <= max;

// Each field is checked on its own, so one corrupt field falls back to its default without losing the rest.
const fieldChecks: Record<keyof SignupState, Check> = {
  plan: isPlan,
  billingType: (value) => value === 'monthly' || value === 'yearly',
  signupPlan: nullable(isPlan),
  signupPlanPeriod: nullable(isPeriod),
  signupCurrency: nullable(isShortString(8)),
  signupPrice: nullable((value) => Number.isSafeInteger(value) && (value as number) >= 0),
  hasCoupon: (value) => typeof value === 'boolean',
  coupon: nullable(isShortString(100)),
};

/** Reads a stored value, keeping only valid fields. */
export function parseSignup(raw: string | null): SignupState {
  if (!raw) return { ...SIGNUP_DEFAULTS };
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return { ...SIGNUP_DEFAULTS };
  }
  if (!data || typeof data !== 'object') return { ...SIGNUP_DEFAULTS };
  const record = data as Record<string, unknown>;
  const state: Record<string, unknown> = { ...SIGNUP_DEFAULTS };
  for (const key of Object.keys(fieldChecks) as Array<keyof SignupState>) {
    if (key in record && fieldChecks[key](record[key])) state[key] = record[key];
  }
  return state as SignupState;
}

function storage(): Storage | null {
  if (typeof window === 'undefined') return null;
  try {
    return window.sessionStorage;
  } catch {
    // Storage can be blocked (privacy settings); the flow still works, it just forgets on reload.
    return null;
  }
}

const listeners = new Set<() => void>();
// useSyncExternalStore needs a stable snapshot between changes.
let cached: { raw: string | null; state: SignupState } | null = null;

export function readSignup(): SignupState {
  let raw: string | null = null;
  try {
    raw = storage()?.getItem(SIGNUP_STORAGE_KEY) ?? null;
  } catch {
    raw = null;
  }
  if (cached && cached.raw === raw) return cached.state;
  cached = { raw, state: parseSignup(raw) };
  return cached.state;
}

function write(state: SignupState | null) {
  const store = storage();
  try {
    if (state) store?.setItem(SIGNUP_STORAGE_KEY, JSON.stringify(state));
    else store?.removeItem(SIGNUP_STORAGE_KEY);
  } catch {
    // Quota or blocked storage: nothing to do but carry on.
  }
  listeners.forEach((listener) => listener());
}

/** Replaces the signup state with `data` (missing fields take their defaults). */
export function setSignup(data: Partial<SignupState>): SignupState {
  const next = parseSignup(JSON.stringify({ ...SIGNUP_DEFAULTS, ...data }));
  write(next);
  return next;
}

/** Changes some fields and keeps the others. */
export function updateSignup(patch: Partial<SignupState>): SignupState {
  const next = parseSignup(JSON.stringify({ ...readSignup(), ...patch }));
  write(next);
  return next;
}

export function setSignupField<K extends keyof SignupState>(key: K, value: SignupState[K]): SignupState {
  return updateSignup({ [key]: value } as Partial<SignupState>);
}

export function clearSignup(): void {
  write(null);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const serverSnapshot = () => SIGNUP_DEFAULTS;

/** The signup state as React state; the server render (and hydration) sees the defaults. */
export function useSignup(): SignupState {
  return useSyncExternalStore(subscribe, readSignup, serverSnapshot);
}

/** billingType (monthly/yearly, spec §3) and the API's period (month/year) name the same thing. */
export const periodOf = (billingType: BillingType): BillingPeriod => (billingType === 'monthly' ? 'month' : 'year');
export const billingTypeOf = (period: BillingPeriod): BillingType => (period === 'month' ? 'monthly' : 'yearly');
