import { registrationStepFor } from '@cuewave/contract/registration';
import type { Account, Me, RegistrationStep } from '@cuewave/contract/account';
import { stripEdition } from '../shell/paths';

/** Where each step of the registration order (spec §4) lives. */
export function stepPath(step: RegistrationStep | null): string {
  return step ? `/register/${step}` : '/register/welcome';
}

/** True for /register and everything under it, with or without the /us prefix. */
export function isRegisterPath(pathname: string): boolean {
  const path = stripEdition(pathname);
  return path === '/register' || path.startsWith('/register/');
}

/**
 * The step the order forces once `patch` is applied to the signed-in account: pages move on as soon
 * as their call succeeds, without waiting for /auth/me to be read again.
 */
export function nextStepAfter(viewer: Me, patch: Partial<Account>): RegistrationStep | null {
  return registrationStepFor({ ...viewer.account, ...patch }, viewer.subscription, viewer.access.isTrialUsed ?? false);
}

/** The step indicator: five stops, trial and details sharing the last (labels: `steps.<key>` of `registration`). */
export const STEP_INDICATOR: Array<{
  key: 'verifyEmail' | 'choosePlan' | 'addPhone' | 'verifyPhone' | 'start';
  steps: RegistrationStep[];
}> = [
  { key: 'verifyEmail', steps: ['verify-email'] },
  { key: 'choosePlan', steps: ['select-plan'] },
  { key: 'addPhone', steps: ['add-phone'] },
  { key: 'verifyPhone', steps: ['verify-phone'] },
  { key: 'start', steps: ['trial', 'details'] },
];

export function indicatorIndex(step: RegistrationStep | null): number {
  if (!step) return STEP_INDICATOR.length;
  return STEP_INDICATOR.findIndex((stop) => stop.steps.includes(step));
}
