import { describe, expect, it } from 'vitest';
import { getI18n } from 'react-i18next';
import { validateContact as validate, type ContactFields, type PagesT } from './contact-validation';

const validateContact = (fields: ContactFields) => validate(fields, getI18n().getFixedT('en', 'pages') as PagesT);

const ok = { name: 'Ola', email: 'ola@studio.example', topic: 'payments' as const, message: 'Where is my invoice?' };

describe('validateContact', () => {
  it('accepts a complete message', () => {
    expect(validateContact(ok)).toEqual({});
  });

  it('names every empty field', () => {
    expect(Object.keys(validateContact({ name: ' ', email: '', topic: '', message: '' }))).toEqual([
      'name',
      'email',
      'topic',
      'message',
    ]);
  });

  it('refuses a line break in the email and a message over the limit', () => {
    const errors = validateContact({
      ...ok,
      email: 'ola@studio.example\r\nBcc: x@y.example',
      message: 'x'.repeat(4001),
    });
    expect(errors.email).toMatch(/valid email/);
    expect(errors.message).toMatch(/at most 4000/);
  });
});
