import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BillingDetails, Country } from '@cuewave/contract/billing';
import { BillingForm } from './billing-form';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const countries: Country[] = [
  { value: 'DE', label: 'Germany', paymentMethods: ['card'], taxCode: 'VAT' },
  { value: 'PL', label: 'Poland', paymentMethods: ['card'], taxCode: 'NIP' },
  { value: 'US', label: 'United States', paymentMethods: ['card'], taxCode: 'EIN' },
];

const saved: BillingDetails = {
  type: 'business',
  firstName: 'Jonas',
  lastName: 'Weber',
  companyName: 'Weber Media GmbH',
  city: 'Berlin',
  postalCode: '10117',
  line1: 'Friedrichstraße 43',
  line2: null,
  taxNumber: 'DE12345',
  taxNumberValid: false,
  phoneNumber: null,
  country: 'DE',
  state: null,
  updateTS: '2026-11-21T12:00:00.000Z',
};

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

describe('BillingForm', () => {
  it('asks for a US state only in the US and sends none elsewhere', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json({ billing: saved, taxNumberMessage: null }));
    const onDone = vi.fn();
    render(<BillingForm initial={null} countries={countries} defaultCountry="US" submitLabel="Save" onDone={onDone} />);
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Ada' } });
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Lovelace' } });
    fireEvent.change(screen.getByLabelText('Street address'), { target: { value: '1 Main St' } });
    fireEvent.change(screen.getByLabelText('City'), { target: { value: 'Albany' } });
    fireEvent.change(screen.getByLabelText('Postal code'), { target: { value: '12207' } });
    fireEvent.click(screen.getByTestId('billing-submit'));
    expect(await screen.findByText('Choose a state.')).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByLabelText('State'));

    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'NY' } });
    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'DE' } });
    expect(screen.queryByLabelText('State')).toBeNull();
    fireEvent.click(screen.getByTestId('billing-submit'));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(JSON.parse(String(fetchSpy.mock.calls[0]![1]?.body))).toMatchObject({
      type: 'personal',
      country: 'DE',
      state: null,
      companyName: null,
      taxNumber: null,
    });
  });

  it('puts the server’s country rules under their fields', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      json(
        {
          error: 'VALIDATION_FAILED',
          message: 'Invalid body: postalCode: Enter a postal code for Germany like 10115.',
        },
        400,
      ),
    );
    render(<BillingForm initial={saved} countries={countries} submitLabel="Save" onDone={vi.fn()} />);
    fireEvent.click(screen.getByTestId('billing-submit'));
    expect(await screen.findByText('Enter a postal code for Germany like 10115.')).toBeTruthy();
    expect(screen.getByLabelText('Postal code').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Postal code'));
  });

  it('says what a failed VAT number costs and lets the buyer continue without saving twice', async () => {
    const message = 'This VAT number does not look valid for Germany (expected DE followed by 9 digits).';
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(json({ billing: saved, taxNumberMessage: message }));
    const onDone = vi.fn();
    render(<BillingForm initial={saved} countries={countries} submitLabel="Continue" onDone={onDone} />);
    // Saved earlier with a number that failed: said before anything changes.
    expect(screen.getByTestId('billing-tax-warning').textContent).toContain('did not pass our format check');
    fireEvent.click(screen.getByTestId('billing-submit'));
    expect((await screen.findByRole('alert')).textContent).toContain(message);
    expect(onDone).not.toHaveBeenCalled();
    expect(screen.getByTestId('billing-submit').textContent).toBe('Continue with this number');
    fireEvent.click(screen.getByTestId('billing-submit'));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledWith({ billing: saved, taxNumberMessage: message }));
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });
});
