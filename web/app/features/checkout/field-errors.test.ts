import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { fieldErrorsOf, parseFieldErrors } from './field-errors';

describe('parseFieldErrors', () => {
  it('splits the API’s one message into fields', () => {
    expect(
      parseFieldErrors('Invalid body: postalCode: Enter a postal code for Poland like 00-950.; state: Choose a state.'),
    ).toEqual({
      fields: { postalCode: 'Enter a postal code for Poland like 00-950.', state: 'Choose a state.' },
      rest: null,
    });
  });

  it('keeps a semicolon inside a message and nested paths', () => {
    expect(parseFieldErrors('Invalid body: name: one; two; channels.0.url: Not a URL.')).toEqual({
      fields: { name: 'one; two', 'channels.0.url': 'Not a URL.' },
      rest: null,
    });
  });

  it('keeps the first message of a field', () => {
    expect(parseFieldErrors('Invalid body: city: first; city: second').fields).toEqual({ city: 'first' });
  });

  it('leaves a message without fields for the form alert', () => {
    expect(parseFieldErrors('Add a card before paying.')).toEqual({ fields: {}, rest: 'Add a card before paying.' });
    expect(parseFieldErrors('Invalid body: something odd')).toEqual({ fields: {}, rest: 'something odd' });
  });

  it('reads only validation failures of the API', () => {
    const failure = new ApiError(400, { error: 'VALIDATION_FAILED', message: 'Invalid body: city: Enter the city.' });
    expect(fieldErrorsOf(failure)?.fields).toEqual({ city: 'Enter the city.' });
    expect(fieldErrorsOf(new ApiError(402, { error: 'PAYMENT_FAILED', message: 'Declined' }))).toBeNull();
    expect(fieldErrorsOf(new Error('x'))).toBeNull();
  });
});
