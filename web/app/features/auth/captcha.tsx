import { useCallback, useEffect, useRef, useState } from 'react';
import type { CaptchaChallenge } from '@cuewave/contract/account';
import type { Challenge } from 'altcha-lib';
import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { apiGet } from '../../lib/api';
import styles from './auth-forms.module.css';

/** What a protected call is doing; reCAPTCHA v3 scores tokens per action. */
export type CaptchaAction = 'register' | 'signin' | 'reset' | 'resend' | 'contact';
export type CaptchaState = 'idle' | 'solving' | 'ready' | 'error';

/**
 * Invisible captcha for register, sign-in after failures, reset and resend (decision 031). Each
 * solve() fetches a fresh single-use challenge (GET /api/captcha/challenge) and answers it:
 * - ALTCHA: the proof of work runs in the browser with altcha-lib. Every attempt is one WebCrypto
 *   PBKDF2 call, which runs off the main thread, and the solver yields to the event loop, so the
 *   page stays responsive while it works.
 * - reCAPTCHA v3: Google's script is loaded on first use and asked for a token for the action.
 */
export function useCaptcha(action: CaptchaAction): { solve: () => Promise<string>; state: CaptchaState } {
  const [state, setState] = useState<CaptchaState>('idle');
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const solve = useCallback(async () => {
    setState('solving');
    try {
      const token = await solveCaptcha(action);
      if (mounted.current) setState('ready');
      return token;
    } catch (error) {
      if (mounted.current) setState('error');
      throw error;
    }
  }, [action]);

  return { solve, state };
}

export async function solveCaptcha(action: CaptchaAction): Promise<string> {
  const challenge = await apiGet<CaptchaChallenge>('/captcha/challenge');
  if (challenge.provider === 'recaptcha') return recaptchaToken(challenge.siteKey, action);
  return solveAltcha(challenge.challenge);
}

async function solveAltcha(raw: Record<string, unknown>): Promise<string> {
  const challenge = raw as unknown as Challenge;
  const [{ solveChallenge }, deriveKey] = await Promise.all([
    import('altcha-lib'),
    challenge.parameters.algorithm.startsWith('PBKDF2/')
      ? import('altcha-lib/algorithms/web/pbkdf2').then((m) => m.deriveKey)
      : import('altcha-lib/algorithms/web/sha').then((m) => m.deriveKey),
  ]);
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 60_000 });
  if (!solution) throw new Error('The browser check took too long.');
  // What the ALTCHA widget submits: base64 of JSON { challenge, solution }.
  return btoa(JSON.stringify({ challenge, solution }));
}

type Grecaptcha = {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
};

let recaptchaScript: Promise<Grecaptcha> | null = null;

function loadRecaptcha(siteKey: string): Promise<Grecaptcha> {
  recaptchaScript ??= new Promise<Grecaptcha>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
    script.async = true;
    script.onload = () => {
      const grecaptcha = (window as unknown as { grecaptcha?: Grecaptcha }).grecaptcha;
      if (!grecaptcha) return reject(new Error('reCAPTCHA did not load.'));
      grecaptcha.ready(() => resolve(grecaptcha));
    };
    script.onerror = () => {
      recaptchaScript = null;
      reject(new Error('reCAPTCHA could not be loaded.'));
    };
    document.head.appendChild(script);
  });
  return recaptchaScript;
}

async function recaptchaToken(siteKey: string, action: CaptchaAction): Promise<string> {
  const grecaptcha = await loadRecaptcha(siteKey);
  return grecaptcha.execute(siteKey, { action });
}

// Keys of the `auth` namespace: nothing to say yet and solved read the same.
const NOTICE: Record<CaptchaState, 'captcha.idle' | 'captcha.solving' | 'captcha.error'> = {
  idle: 'captcha.idle',
  ready: 'captcha.idle',
  solving: 'captcha.solving',
  error: 'captcha.error',
};

/** The line under a protected form saying what the invisible check is. */
export function CaptchaNotice({ state }: { state: CaptchaState }) {
  const { t } = useTranslation('auth');
  return (
    <p className={styles.captchaNotice} data-state={state} aria-live="polite">
      <ShieldCheck aria-hidden="true" />
      <span>{t(NOTICE[state])}</span>
    </p>
  );
}
