import { useEffect, useState } from 'react';
import type { Me } from '@cuewave/contract/account';
import { getHistory } from '../subscription/api';

/**
 * Whether a signed-in user back in the registration order is a returning customer: someone whose
 * plan ended or was cancelled and who now buys one through the register pages (decision 051), not
 * a new registrant. The header's sign-up button and the abandon-registration modal word themselves
 * after it.
 *
 * True or false when GET /auth/me tells: no registration step left, or an email or phone still to
 * confirm (every plan needed both), is not a returning customer; a used trial or an ended
 * subscription is. Null when it cannot tell: an ended paid plan leaves no trace in /auth/me (its
 * subscription answers null, the trial flag stays false), so only the subscription history says.
 */
export function returningCustomerOf(me: Me | null): boolean | null {
  if (!me || me.registrationStep === null) return false;
  if (!me.account.confirmedEmail || !me.account.confirmedPhone) return false;
  if (me.subscription || me.access.isTrialUsed) return true;
  return null;
}

/**
 * The history's answer per account, kept for the page's lifetime so the header, the burger menu
 * and the next layout do not ask again. Having had a plan never stops being true; the other way
 * round would take buying a plan and it ending while the page stays open, and a reload asks again.
 */
const answers = new Map<string, boolean>();

/**
 * {@link returningCustomerOf}, asking the subscription history (GET /v1/subscription/list/my) in the
 * browser when /auth/me cannot tell. Null until it has answered; a failed call counts as a new
 * registrant (not kept), whose wording still leads to the right step.
 */
export function useReturningCustomer(me: Me | null): boolean | null {
  const known = returningCustomerOf(me);
  const accountId = me?.account.id ?? null;
  const [, setAnswered] = useState(0);
  const [failedFor, setFailedFor] = useState<string | null>(null);

  useEffect(() => {
    if (known !== null || !accountId || answers.has(accountId)) return;
    let live = true;
    getHistory().then(
      (history) => {
        answers.set(accountId, history.length > 0);
        if (live) setAnswered((n) => n + 1);
      },
      () => {
        if (live) setFailedFor(accountId);
      },
    );
    return () => {
      live = false;
    };
  }, [known, accountId]);

  if (known !== null) return known;
  if (!accountId) return null;
  return answers.get(accountId) ?? (failedFor === accountId ? false : null);
}

/** Forgets the cached answers (tests). */
export function resetReturningCustomerCache(): void {
  answers.clear();
}
