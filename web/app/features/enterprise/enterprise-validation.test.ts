import { describe, expect, it } from 'vitest';
import { getI18n } from 'react-i18next';
import { validateEnterprise as validate, type EnterpriseFields, type EnterpriseT } from './enterprise-validation';

const validateEnterprise = (fields: EnterpriseFields) =>
  validate(fields, getI18n().getFixedT('en', 'enterprise') as EnterpriseT);

const good: EnterpriseFields = {
  name: ' Zofia Nowak ',
  email: 'Zofia@Broadcaster.example',
  company: 'Nowak Media',
  use: 'broadcast',
  channels: '12',
  message: 'Music for three TV channels and their YouTube pages.',
};

describe('enterprise form validation', () => {
  it('gives the body to send, trimmed and normalised like the API does', () => {
    const result = validateEnterprise(good);
    expect(result).toEqual({
      ok: true,
      body: {
        name: 'Zofia Nowak',
        email: 'zofia@broadcaster.example',
        company: 'Nowak Media',
        use: 'broadcast',
        channels: 12,
        message: 'Music for three TV channels and their YouTube pages.',
      },
    });
  });

  it('channels are optional', () => {
    const result = validateEnterprise({ ...good, channels: ' ' });
    expect(result.ok && result.body.channels).toBeNull();
  });

  it('names every problem in words', () => {
    const result = validateEnterprise({
      name: '',
      email: 'nope',
      company: '',
      use: '',
      channels: '2.5',
      message: 'hi',
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      name: 'Enter your name.',
      email: 'Enter a valid email address, like name@example.com.',
      company: 'Enter the company name.',
      use: 'Choose what the music is for.',
      channels: 'Enter a whole number of channels.',
      message: 'Tell us a little more (at least 20 characters).',
    });
  });

  it('refuses zero channels with the contract message', () => {
    const result = validateEnterprise({ ...good, channels: '0' });
    expect(result.ok ? null : result.errors.channels).toBe('Enter at least 1 channel.');
  });
});
