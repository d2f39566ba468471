import { createRef } from 'react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FormAlert } from './form-alert';

describe('FormAlert', () => {
  it('renders nothing without a message', () => {
    const { container } = render(<FormAlert>{null}</FormAlert>);
    expect(container.innerHTML).toBe('');
  });

  it('announces the message as an alert with its test id', () => {
    render(<FormAlert testId="login-error">The email or password is incorrect.</FormAlert>);
    expect(screen.getByRole('alert').textContent).toBe('The email or password is incorrect.');
    expect(screen.getByTestId('login-error').hasAttribute('tabindex')).toBe(false);
  });

  it('can take focus when the page moves focus to it', () => {
    const ref = createRef<HTMLDivElement>();
    render(<FormAlert ref={ref}>Try again.</FormAlert>);
    expect(ref.current?.getAttribute('tabindex')).toBe('-1');
  });
});
