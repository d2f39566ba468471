import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { LicenceCodeForm } from './licence-code-form';

afterEach(cleanup);

function renderForm() {
  const router = createMemoryRouter(
    [
      { path: '/licenses', element: <LicenceCodeForm /> },
      { path: '/licenses/verify/:code', element: <p>verify page</p> },
    ],
    { initialEntries: ['/licenses'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('licence code form', () => {
  it('refuses something that cannot be a code, tied to the field', () => {
    renderForm();
    const input = screen.getByLabelText('Licence code');
    fireEvent.change(input, { target: { value: 'CW-0000-1111' } });
    fireEvent.submit(input.closest('form')!);
    expect(screen.getByRole('alert').textContent).toContain('as printed on the certificate');
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('opens the verify page with the code in its printed form', async () => {
    const router = renderForm();
    const input = screen.getByLabelText('Licence code');
    fireEvent.change(input, { target: { value: ' cw-7k3m-q9xd ' } });
    fireEvent.submit(input.closest('form')!);
    await screen.findByText('verify page');
    expect(router.state.location.pathname).toBe('/licenses/verify/CW-7K3M-Q9XD');
  });
});
