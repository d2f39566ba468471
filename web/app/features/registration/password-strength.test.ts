import { describe, expect, it } from 'vitest';
import { getI18n } from 'react-i18next';
import type { AuthT } from '../auth/messages';
import { passwordProblemText, passwordStrength } from './password-strength';

const en = () => getI18n().getFixedT('en', 'auth') as AuthT;
const pl = () => getI18n().getFixedT('pl', 'auth') as AuthT;

describe('password strength meter', () => {
  it('is empty for an empty password', () => {
    expect(passwordStrength('', en()).score).toBe(0);
  });

  it('calls passwords that break the shared rule too weak and says why', () => {
    expect(passwordStrength('short1', en())).toMatchObject({ score: 1, problem: 'Use at least 10 characters.' });
    expect(passwordStrength('onlyletterswords', en()).problem).toMatch(/number or symbol/);
    expect(passwordStrength('me@example.com', en(), 'me@example.com').problem).toMatch(/not be your email/);
  });

  it('grades passwords that pass the rule', () => {
    expect(passwordStrength('letters123', en()).score).toBe(2);
    expect(passwordStrength('Letters1234', en()).score).toBe(3);
    expect(passwordStrength('Letters-1234-longer', en()).score).toBe(4);
  });

  it('says every refusal of the contract’s rule in Polish', () => {
    const refused = ['short1', 'x'.repeat(200) + '1', 'onlyletterswords', 'aaaaaaaaaaaa'];
    for (const password of refused) {
      const english = passwordProblemText(password, en());
      const polish = passwordProblemText(password, pl());
      expect(english).not.toBeNull();
      expect(polish).not.toBe(english);
    }
    expect(passwordProblemText('me@example.com1', pl(), 'me@example.com1')).not.toMatch(/email address/);
  });
});
