import { describe, expect, it } from 'vitest';
import type { EmailMessage } from '../../providers/email/email';
import { sendTrialEnded, sendTrialEndingSoon } from './trial-emails';
import type { TrialNotice } from './subscription.repo';

/** The trial emails in the account's language (decision 076), with the date in that language's form. */
function capture() {
  const sent: EmailMessage[] = [];
  const deps = {
    providers: { email: { kind: 'outbox' as const, send: async (m: EmailMessage) => void sent.push(m) } },
    config: { publicUrl: 'https://cuewave.test' },
  };
  return { sent, deps };
}

const notice = (language: 'en' | 'pl'): TrialNotice => ({
  subscriptionId: 's',
  accountId: 'a',
  email: 'reader@example.com',
  language,
  endsAt: new Date('2026-12-03T09:00:00Z'),
});
const now = new Date('2026-11-30T09:00:00Z');

describe('trial emails by language', () => {
  it('a Polish account is told in Polish, with a Polish date and the right form of "days"', async () => {
    const { sent, deps } = capture();
    await sendTrialEndingSoon(deps, notice('pl'), now);
    await sendTrialEnded(deps, notice('pl'));
    const [soon, ended] = sent;
    expect(soon!.subject).toBe('Twój darmowy okres próbny w Cuewave kończy się za 3 dni, 3 grudnia 2026');
    expect(soon!.html).toContain('<html lang="pl">');
    expect(soon!.text).toContain('Wybierz plan:\nhttps://cuewave.test/register/select-plan');
    expect(ended!.subject).toBe('Twój darmowy okres próbny w Cuewave dobiegł końca');
    expect(ended!.text).toContain('zakończył się 3 grudnia 2026.');
    expect(soon!.text + ended!.text).not.toMatch(/Choose a plan|free trial/);
  });

  it('an English account keeps the spec’s date form, and one day is singular in both languages', async () => {
    const { sent, deps } = capture();
    const tomorrow = new Date('2026-12-02T10:00:00Z');
    await sendTrialEndingSoon(deps, notice('en'), tomorrow);
    await sendTrialEndingSoon(deps, notice('pl'), tomorrow);
    expect(sent[0]!.subject).toBe('Your Cuewave free trial ends in 1 day, on Dec 3, 2026');
    expect(sent[1]!.subject).toBe('Twój darmowy okres próbny w Cuewave kończy się za 1 dzień, 3 grudnia 2026');
  });
});
