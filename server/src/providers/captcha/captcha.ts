import type { CaptchaChallenge } from '@cuewave/contract/account';

/** What a protected call is doing; reCAPTCHA v3 checks the action its token was made for. */
export type CaptchaAction = 'register' | 'signin' | 'reset' | 'resend' | 'contact';

/** ALTCHA proof of work (embedded default) or reCAPTCHA v3 scoring (RECAPTCHA_SECRET_KEY). */
export type Captcha = {
  kind: 'altcha' | 'recaptcha';
  challenge(): Promise<CaptchaChallenge>;
  /** True when the solution is genuine, unused and fresh; never throws for bad input. */
  verify(solution: string, context: { ip: string; action: CaptchaAction }): Promise<boolean>;
};
