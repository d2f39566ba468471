import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  billingDetailsSchema,
  billingSaveResultSchema,
  countryListSchema,
  usCountryListSchema,
  type BillingInput,
} from '@cuewave/contract/billing';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { accountFactory } from '../../../test/factories';
import { sessionFor } from '../../../test/auth-helpers';
import { fixedClock } from '../../lib/clock';
import { getBillingForTax } from './billing.service';

const clock = fixedClock(new Date('2030-03-01T10:00:00Z'));
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ clock });
});
afterAll(() => ctx.close());

async function newUser() {
  const account = await accountFactory(ctx.db).account({ confirmedEmail: true });
  const session = await sessionFor(ctx.db, account.id, clock);
  return { id: account.id, auth: session.auth };
}

type Auth = { authorization: string };
const getBilling = (auth?: Auth) => ctx.app.inject({ method: 'GET', url: '/api/v1/billing', headers: { ...auth } });
const postBilling = (auth: Auth | undefined, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/billing', headers: { ...auth }, payload });

const personalPl: BillingInput = {
  type: 'personal',
  firstName: ' Zażółć ',
  lastName: 'Gęślą',
  city: 'Warszawa',
  postalCode: '00950',
  line1: 'ul. Marszałkowska 1',
  country: 'pl',
};

const plBusiness: BillingInput = {
  ...personalPl,
  type: 'business',
  companyName: 'Jaźń Sp. z o.o.',
  taxNumber: '526-025-09-95',
};

const usPersonal: BillingInput = {
  type: 'personal',
  firstName: 'Ada',
  lastName: 'Lovelace',
  city: 'Austin',
  postalCode: '78701',
  line1: '1 Congress Ave',
  country: 'US',
  state: 'tx',
};

/** The VALIDATION_FAILED message of a rejected save, asserting the status on the way. */
async function rejection(auth: Auth, payload: Record<string, unknown>): Promise<string> {
  const res = await postBilling(auth, payload);
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json<{ error: string; message: string }>();
  expect(body.error).toBe('VALIDATION_FAILED');
  return body.message;
}

describe('billing details', () => {
  it('a new user has none: 400 billing details not found, and no tax facts', async () => {
    const user = await newUser();
    const res = await getBilling(user.auth);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'billing details not found', message: expect.any(String) });
    expect(await getBillingForTax(ctx, user.id)).toBeNull();
  });

  it('a user saves personal details, reads them back normalised, and replaces them', async () => {
    const user = await newUser();
    const res = await postBilling(user.auth, { ...personalPl, line2: '  ', phoneNumber: '601 234 567' });
    expect(res.statusCode, res.body).toBe(200);
    const saved = billingSaveResultSchema.parse(res.json());
    expect(saved).toEqual({
      billing: {
        type: 'personal',
        firstName: 'Zażółć',
        lastName: 'Gęślą',
        companyName: null,
        city: 'Warszawa',
        postalCode: '00-950',
        line1: 'ul. Marszałkowska 1',
        line2: null,
        taxNumber: null,
        taxNumberValid: false,
        phoneNumber: '+48601234567',
        country: 'PL',
        state: null,
        updateTS: '2030-03-01T10:00:00.000Z',
      },
      taxNumberMessage: null,
    });

    const read = await getBilling(user.auth);
    expect(read.statusCode).toBe(200);
    expect(billingDetailsSchema.parse(read.json())).toEqual(saved.billing);

    clock.advance(60_000);
    const again = await postBilling(user.auth, { ...usPersonal });
    expect(again.statusCode, again.body).toBe(200);
    const after = billingDetailsSchema.parse((await getBilling(user.auth)).json());
    expect(after).toMatchObject({ country: 'US', state: 'TX', postalCode: '78701', phoneNumber: null });
    expect(after.updateTS).toBe('2030-03-01T10:01:00.000Z');
    const rows = await ctx.db
      .selectFrom('billing_details')
      .select('account_id')
      .where('account_id', '=', user.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(await getBillingForTax(ctx, user.id)).toEqual({
      country: 'US',
      state: 'TX',
      type: 'personal',
      taxNumberValid: false,
    });
  });

  it('a Polish business with a valid NIP is stored with the PL prefix and counts as valid', async () => {
    const user = await newUser();
    const res = await postBilling(user.auth, plBusiness);
    expect(res.statusCode, res.body).toBe(200);
    const saved = billingSaveResultSchema.parse(res.json());
    expect(saved.billing).toMatchObject({
      type: 'business',
      companyName: 'Jaźń Sp. z o.o.',
      taxNumber: 'PL5260250995',
      taxNumberValid: true,
    });
    expect(saved.taxNumberMessage).toBeNull();
    expect(await getBillingForTax(ctx, user.id)).toEqual({
      country: 'PL',
      state: null,
      type: 'business',
      taxNumberValid: true,
    });
  });

  it('a Polish business with a wrong NIP check digit is saved but flagged', async () => {
    const user = await newUser();
    const res = await postBilling(user.auth, { ...plBusiness, taxNumber: '5260250994' });
    expect(res.statusCode, res.body).toBe(200);
    const saved = billingSaveResultSchema.parse(res.json());
    expect(saved.billing).toMatchObject({ taxNumber: '5260250994', taxNumberValid: false });
    expect(saved.taxNumberMessage).toMatch(/^This NIP does not look valid for Poland/);
  });

  it('a German business with an invalid VAT number is saved with the flag false and a message', async () => {
    const user = await newUser();
    const res = await postBilling(user.auth, {
      type: 'business',
      firstName: 'Max',
      lastName: 'Mustermann',
      companyName: 'Muster GmbH',
      city: 'Berlin',
      postalCode: '10115',
      line1: 'Unter den Linden 1',
      country: 'DE',
      taxNumber: 'DE 1234',
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = billingSaveResultSchema.parse(res.json());
    expect(saved.billing).toMatchObject({ country: 'DE', taxNumber: 'DE 1234', taxNumberValid: false });
    expect(saved.taxNumberMessage).toBe(
      'This VAT number does not look valid for Germany (expected DE followed by 9 digits). We saved your ' +
        'details, but EU reverse charge will not apply, so VAT will be added to your price until you correct it.',
    );
    expect(billingDetailsSchema.parse((await getBilling(user.auth)).json()).taxNumberValid).toBe(false);
    expect((await getBillingForTax(ctx, user.id))?.taxNumberValid).toBe(false);
  });

  it('a non-EU business tax number is stored as typed, trimmed, never valid', async () => {
    const user = await newUser();
    const res = await postBilling(user.auth, {
      ...usPersonal,
      type: 'business',
      companyName: 'Analytical Engines LLC',
      taxNumber: ' 12-3456789 ',
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = billingSaveResultSchema.parse(res.json());
    expect(saved.billing).toMatchObject({ taxNumber: '12-3456789', taxNumberValid: false });
    expect(saved.taxNumberMessage).toBeNull();
  });

  it('switching from business to personal drops the company name', async () => {
    const user = await newUser();
    await postBilling(user.auth, plBusiness);
    const res = await postBilling(user.auth, { ...personalPl, companyName: 'Old Co' });
    expect(billingSaveResultSchema.parse(res.json()).billing).toMatchObject({ type: 'personal', companyName: null });
  });
});

describe('billing validation', () => {
  let auth: Auth;
  beforeAll(async () => {
    auth = (await newUser()).auth;
  });

  it.each([
    ['firstName', { firstName: '   ' }, 'firstName: Enter your first name.'],
    ['lastName', { lastName: undefined }, 'lastName'],
    ['city', { city: 'x'.repeat(101) }, 'city: Use at most 100 characters for the city.'],
    ['line1', { line1: '' }, 'line1: Enter the street address.'],
    ['line2', { line2: 'y'.repeat(201) }, 'line2: Use at most 200 characters'],
    ['postalCode', { postalCode: '1234567890123' }, 'postalCode: Use at most 12 characters'],
    ['country', { country: 'XX' }, 'country: Choose a country from the list.'],
    ['country', { country: 'Poland' }, 'country: Choose a country from the list.'],
    ['type', { type: 'company' }, 'type'],
    ['taxNumber', { taxNumber: '1'.repeat(31) }, 'taxNumber: Use at most 30 characters'],
    ['companyName', { companyName: 'c'.repeat(201) }, 'companyName: Use at most 200 characters'],
    ['phoneNumber', { phoneNumber: '5'.repeat(41) }, 'phoneNumber: Use at most 40 characters'],
  ])('rejects a bad %s by the schema', async (_field, change, expected) => {
    const message = await rejection(auth, { ...personalPl, ...change });
    expect(message).toContain(expected);
  });

  it.each([
    ['PL', '0095', 'postalCode: Enter a postal code for Poland like 00-950.'],
    ['DE', '1011', 'postalCode: Enter a postal code for Germany like 10115.'],
    ['NL', '0123 AB', 'postalCode: Enter a postal code for Netherlands like 1012 AB.'],
    ['GB', '12345', 'postalCode: Enter a postal code for United Kingdom like SW1A 1AA.'],
    ['CA', '12345', 'postalCode: Enter a postal code for Canada like K1A 0B1.'],
  ])('rejects a %s postal code in the wrong format', async (country, postalCode, expected) => {
    expect(await rejection(auth, { ...personalPl, country, postalCode })).toBe(`Invalid body: ${expected}`);
  });

  it('writes postal codes the way each country does', async () => {
    for (const [country, input, written] of [
      ['CZ', '11000', '110 00'],
      ['NL', '1234ab', '1234 AB'],
      ['GB', 'sw1a1aa', 'SW1A 1AA'],
      ['BR', '01310-100', '01310-100'],
    ] as const) {
      const res = await postBilling(auth, { ...personalPl, country, postalCode: input });
      expect(res.statusCode, res.body).toBe(200);
      expect(billingSaveResultSchema.parse(res.json()).billing.postalCode).toBe(written);
    }
    const zip4 = await postBilling(auth, { ...usPersonal, postalCode: '787011234' });
    expect(billingSaveResultSchema.parse(zip4.json()).billing.postalCode).toBe('78701-1234');
  });

  it('requires a valid state for the US and refuses one elsewhere', async () => {
    expect(await rejection(auth, { ...usPersonal, state: undefined })).toBe('Invalid body: state: Choose a state.');
    expect(await rejection(auth, { ...usPersonal, state: '' })).toBe('Invalid body: state: Choose a state.');
    expect(await rejection(auth, { ...usPersonal, state: 'XX' })).toBe(
      'Invalid body: state: Choose a state from the list.',
    );
    expect(await rejection(auth, { ...usPersonal, state: 'Texas' })).toContain('state: Choose a state from the list.');
    expect(await rejection(auth, { ...personalPl, state: 'TX' })).toBe(
      'Invalid body: state: A state is only asked for addresses in the United States.',
    );
    const dc = await postBilling(auth, { ...usPersonal, state: 'dc', postalCode: '20001' });
    expect(dc.statusCode, dc.body).toBe(200);
    expect(billingSaveResultSchema.parse(dc.json()).billing.state).toBe('DC');
    // A cleared state field from the form counts as none outside the US.
    const pl = await postBilling(auth, { ...personalPl, state: '' });
    expect(pl.statusCode, pl.body).toBe(200);
  });

  it('a US address in the wrong ZIP format is refused', async () => {
    expect(await rejection(auth, { ...usPersonal, postalCode: '7870' })).toBe(
      'Invalid body: postalCode: Enter a postal code for United States like 10001 or 10001-1234.',
    );
  });

  it('a business needs a company name and a tax number', async () => {
    expect(await rejection(auth, { ...plBusiness, companyName: ' ' })).toBe(
      'Invalid body: companyName: Enter the company name.',
    );
    expect(await rejection(auth, { ...plBusiness, taxNumber: undefined })).toBe(
      'Invalid body: taxNumber: Enter the company tax number.',
    );
  });

  it('names every failing field at once', async () => {
    const message = await rejection(auth, {
      ...usPersonal,
      type: 'business',
      state: undefined,
      postalCode: 'ABCDE',
      phoneNumber: '12',
    });
    expect(message).toBe(
      'Invalid body: companyName: Enter the company name.; postalCode: Enter a postal code for United States ' +
        'like 10001 or 10001-1234.; state: Choose a state.; taxNumber: Enter the company tax number.; ' +
        'phoneNumber: Enter a valid phone number, including the country code.',
    );
  });

  it('reads a phone number without + in the billing country and stores E.164', async () => {
    const res = await postBilling(auth, { ...usPersonal, phoneNumber: '(512) 555-0123' });
    expect(res.statusCode, res.body).toBe(200);
    expect(billingSaveResultSchema.parse(res.json()).billing.phoneNumber).toBe('+15125550123');
    expect(await rejection(auth, { ...personalPl, phoneNumber: 'call me' })).toBe(
      'Invalid body: phoneNumber: Enter a valid phone number, including the country code.',
    );
  });

  it('stores text as text: markup is kept verbatim, only trimmed and capped', async () => {
    const res = await postBilling(auth, { ...personalPl, line1: ' <script>alert(1)</script> ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(billingSaveResultSchema.parse(res.json()).billing.line1).toBe('<script>alert(1)</script>');
  });
});

describe('billing access', () => {
  it('needs a signed-in user: 401 verify jwt token', async () => {
    for (const res of [
      await getBilling(),
      await postBilling(undefined, personalPl),
      await getBilling({ authorization: 'Bearer not-a-token' }),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ error: 'verify jwt token' });
    }
  });

  it("user B never reads or overwrites user A's billing details", async () => {
    const a = await newUser();
    const b = await newUser();
    await postBilling(a.auth, plBusiness);
    const readByB = await getBilling(b.auth);
    expect(readByB.statusCode).toBe(400);
    expect(readByB.json()).toMatchObject({ error: 'billing details not found' });

    await postBilling(b.auth, usPersonal);
    const stillA = billingDetailsSchema.parse((await getBilling(a.auth)).json());
    expect(stillA).toMatchObject({ country: 'PL', companyName: 'Jaźń Sp. z o.o.' });
    expect(billingDetailsSchema.parse((await getBilling(b.auth)).json())).toMatchObject({ country: 'US' });
  });
});

describe('GET /api/v1/payment/country/{type}', () => {
  it('lists every country by name with payment methods and the tax code for the type', async () => {
    const business = await ctx.app.inject({ method: 'GET', url: '/api/v1/payment/country/business' });
    expect(business.statusCode).toBe(200);
    const list = countryListSchema.parse(business.json());
    expect(list.length).toBeGreaterThan(240);
    expect(list[0]?.label).toBe('Afghanistan');
    expect(list.find((c) => c.value === 'PL')).toEqual({
      value: 'PL',
      label: 'Poland',
      paymentMethods: ['card'],
      taxCode: 'NIP',
    });
    expect(list.find((c) => c.value === 'DE')?.taxCode).toBe('VAT');
    expect(list.find((c) => c.value === 'US')?.taxCode).toBe('EIN');

    const personal = countryListSchema.parse(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/payment/country/personal' })).json(),
    );
    expect(personal.find((c) => c.value === 'PL')?.taxCode).toBe('none');
  });

  it('the us variant puts the United States first and carries its states', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/payment/country/business/us' });
    expect(res.statusCode).toBe(200);
    const body = usCountryListSchema.parse(res.json());
    expect(body.countries[0]).toEqual({
      value: 'US',
      label: 'United States',
      paymentMethods: ['card'],
      taxCode: 'EIN',
    });
    expect(body.countries[1]?.label).toBe('Afghanistan');
    expect(body.states.find((s) => s.code === 'NY')).toEqual({ code: 'NY', name: 'New York' });
  });

  it('rejects an unknown type', async () => {
    for (const url of ['/api/v1/payment/country/company', '/api/v1/payment/country/company/us']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'VALIDATION_FAILED' });
    }
  });
});
