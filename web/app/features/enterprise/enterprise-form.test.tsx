import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ApiError } from '../../lib/api';
import type * as Api from '../../lib/api';

const apiSend = vi.fn();
vi.mock('../../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof Api>()),
  apiSend: (...args: unknown[]) => apiSend(...args),
}));
vi.mock('../auth/captcha', () => ({
  useCaptcha: () => ({ solve: () => Promise.resolve('solved'), state: 'idle' }),
}));

const { EnterpriseForm } = await import('./enterprise-form');

// A block body: a function returned from beforeEach would run as its teardown.
beforeEach(() => {
  apiSend.mockReset();
});
afterEach(cleanup);

function fill() {
  fireEvent.change(screen.getByLabelText('Your name'), { target: { value: 'Zofia Nowak' } });
  fireEvent.change(screen.getByLabelText('Work email'), { target: { value: 'zofia@media.example' } });
  fireEvent.change(screen.getByLabelText('Company'), { target: { value: 'Nowak Media' } });
  fireEvent.change(screen.getByLabelText('What is the music for?'), { target: { value: 'agency' } });
  fireEvent.change(screen.getByLabelText('Tell us about your project'), {
    target: { value: 'Music for forty client campaigns a year.' },
  });
}

describe('enterprise form', () => {
  it('an empty form names its problems, focuses the first and sends nothing', () => {
    render(<EnterpriseForm />);
    fireEvent.click(screen.getByRole('button', { name: 'Send enquiry' }));
    expect(screen.getByLabelText('Your name').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Your name'));
    expect(screen.getByText('Choose what the music is for.')).toBeTruthy();
    expect(apiSend).not.toHaveBeenCalled();
  });

  it('sends the enquiry with the captcha and confirms where the answer goes', async () => {
    apiSend.mockResolvedValue({ received: true });
    render(<EnterpriseForm />);
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Send enquiry' }));
    await screen.findByText('Thanks, your message is with our team');
    expect(apiSend).toHaveBeenCalledWith('POST', '/v1/enterprise/contact', {
      json: {
        name: 'Zofia Nowak',
        email: 'zofia@media.example',
        company: 'Nowak Media',
        use: 'agency',
        channels: null,
        message: 'Music for forty client campaigns a year.',
        captcha: 'solved',
      },
    });
    expect(screen.getByTestId('enterprise-sent').textContent).toContain('zofia@media.example');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Thanks, your message is with our team'));
  });

  it('a refused send keeps the form and says why', async () => {
    const refusal = new ApiError(429, { error: 'TOO_MANY_REQUESTS', message: 'Too many attempts.' }, 1800);
    apiSend.mockImplementation(async () => {
      throw refusal;
    });
    render(<EnterpriseForm />);
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Send enquiry' }));
    expect((await screen.findByTestId('enterprise-error')).textContent).toContain('Too many attempts');
    expect((screen.getByLabelText('Your name') as HTMLInputElement).value).toBe('Zofia Nowak');
  });
});
