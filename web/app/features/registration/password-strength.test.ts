import { describe, expect, it } from 'vitest';
import { passwordStrength } from './password-strength';

describe('password strength meter', () => {
  it('is empty for an empty password', () => {
    expect(passwordStrength('').score).toBe(0);
  });

  it('calls passwords that break the shared rule too weak and says why', () => {
    expect(passwordStrength('short1')).toMatchObject({ score: 1, problem: 'Use at least 10 characters.' });
    expect(passwordStrength('onlyletterswords').problem).toMatch(/number or symbol/);
    expect(passwordStrength('me@example.com', 'me@example.com').problem).toMatch(/not be your email/);
  });

  it('grades passwords that pass the rule', () => {
    expect(passwordStrength('letters123').score).toBe(2);
    expect(passwordStrength('Letters1234').score).toBe(3);
    expect(passwordStrength('Letters-1234-longer').score).toBe(4);
  });
});
