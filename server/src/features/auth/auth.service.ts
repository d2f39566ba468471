import {
  OTT_SECONDS,
  SIGNIN_LINK_MINUTES,
  type Me,
  type OneTimeToken,
  type TokenResponse,
} from '@cuewave/contract/account';
import { accessFor, registrationStepFor } from '@cuewave/contract/registration';
import type { FeatureDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import { getAccount } from '../account/account.service';
import { sendSigninLink } from '../account/account-messages';
import { currentSubscription, planHistory } from '../subscription/subscription.service';
import { enforceRateLimits, RATE, requireCaptcha } from './abuse-guards';
import { selectCredentialsByEmail } from './auth.repo';
import { verifyPassword } from './passwords';
import {
  consumeOneTimeToken,
  createOneTimeToken,
  createSession,
  invalidToken,
  revokeRefreshToken,
  rotateRefreshToken,
} from './sessions.service';

export type AuthDeps = Omit<FeatureDeps, 'storage'>;

export const GRANT_TYPES = ['password', 'refresh_token', 'ott'] as const;
export type GrantType = (typeof GRANT_TYPES)[number];

export const wrongCredentials = () =>
  new AppError('wrong credentials or client not found', 'The email or password is not right.');

export type TokenGrantInput = {
  grantType: GrantType;
  username?: string;
  password?: string;
  captcha?: string;
  refreshToken?: string;
  code?: string;
};

/** POST /auth/token: every grant is rate limited per IP; the password grant also per email. */
export async function tokenGrant(deps: AuthDeps, input: TokenGrantInput, ip: string): Promise<TokenResponse> {
  await enforceRateLimits(deps.providers, [{ key: `token:ip:${ip}`, rule: RATE.tokenPerIp }]);
  switch (input.grantType) {
    case 'password':
      return passwordGrant(deps, input, ip);
    case 'refresh_token':
      if (!input.refreshToken) throw invalidToken();
      return rotateRefreshToken(deps, input.refreshToken);
    case 'ott': {
      if (!input.code) throw invalidToken();
      const accountId = await consumeOneTimeToken(deps, input.code, 'signin');
      if (!accountId) throw invalidToken();
      return createSession(deps, accountId);
    }
  }
}

/**
 * Unknown email and wrong password answer alike, after one argon2 verification each (decision 031).
 * Only counters keyed by the caller's address refuse (429): per address for every grant, per email
 * and address here. Failures for the email from anywhere, or from this address for any email, only
 * make the captcha mandatory: the right password with a solved captcha is never refused because of
 * what others did (decision 048).
 */
async function passwordGrant(deps: AuthDeps, input: TokenGrantInput, ip: string): Promise<TokenResponse> {
  if (!input.username || !input.password) {
    throw new AppError('VALIDATION_FAILED', 'grant_type=password needs a username (the email) and a password.');
  }
  const email = input.username.trim().toLowerCase();
  await enforceRateLimits(deps.providers, [{ key: `token:email-ip:${email}:${ip}`, rule: RATE.tokenPerEmailAndIp }]);

  const failureKeys = [`signin-fail:email:${email}`, `signin-fail:ip:${ip}`];
  const { rateLimiter } = deps.providers;
  const failures = await Promise.all(failureKeys.map((key) => rateLimiter.count(key, RATE.signinFailures)));
  if (Math.max(...failures) >= RATE.signinFailures.limit) {
    await requireCaptcha(deps.providers, input.captcha, { ip, action: 'signin' });
  }

  const account = await selectCredentialsByEmail(deps.db, email);
  const ok = await verifyPassword(account?.password_hash, input.password);
  if (!account || !ok) {
    for (const key of failureKeys) await rateLimiter.hit(key, RATE.signinFailures);
    throw wrongCredentials();
  }
  await rateLimiter.reset(failureKeys[0]!);
  return createSession(deps, account.id);
}

export function revoke(deps: AuthDeps, refreshToken: string | undefined): Promise<void> {
  return refreshToken ? revokeRefreshToken(deps, refreshToken) : Promise.resolve();
}

/** GET /auth/me: the account, its subscription and where the registration order stands. */
export async function me(deps: AuthDeps, accountId: string): Promise<Me> {
  const [account, subscription, history] = await Promise.all([
    getAccount(deps, accountId),
    currentSubscription(deps, accountId),
    planHistory(deps, accountId),
  ]);
  // No trial on offer once the account had one or had a paid plan (trials are for new customers).
  const trialUsed = history.hadTrial || history.hadPaidPlan;
  return {
    account,
    subscription,
    access: { ...accessFor(subscription, trialUsed), hadPaidPlan: history.hadPaidPlan },
    registrationStep: registrationStepFor(account, subscription, trialUsed),
  };
}

/** GET /auth/ott: hands the signed-in session to another device through /ott/{code}. */
export async function createOtt(deps: AuthDeps, accountId: string): Promise<OneTimeToken> {
  const code = await createOneTimeToken(deps, accountId, 'signin', OTT_SECONDS);
  return { code, expiresIn: OTT_SECONDS };
}

/** POST /auth/ott/email: mails a sign-in link when the account exists; the answer never says whether it does. */
export async function emailSigninLink(
  deps: AuthDeps,
  input: { email: string; captcha: string },
  ip: string,
): Promise<void> {
  await requireCaptcha(deps.providers, input.captcha, { ip, action: 'signin' });
  await enforceRateLimits(deps.providers, [
    { key: `signin-link:ip:${ip}`, rule: RATE.signinLinkPerIp },
    { key: `signin-link:email:${input.email}`, rule: RATE.signinLinkPerEmail },
  ]);
  const account = await selectCredentialsByEmail(deps.db, input.email);
  if (!account) return;
  const code = await createOneTimeToken(deps, account.id, 'signin', SIGNIN_LINK_MINUTES * 60);
  await sendSigninLink(deps, account.language, account.email, code);
}
