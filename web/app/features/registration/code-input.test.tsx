import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { CodeInput, digitsOf } from './code-input';

afterEach(cleanup);

function Harness({ onComplete, error }: { onComplete?: (code: string) => void; error?: string }) {
  const [value, setValue] = useState('');
  return (
    <>
      <CodeInput label="Code from the email" value={value} onChange={setValue} onComplete={onComplete} error={error} />
      <output data-testid="value">{value}</output>
    </>
  );
}

const box = (n: number) => screen.getByLabelText(`Digit ${n} of 6`) as HTMLInputElement;
const value = () => screen.getByTestId('value').textContent;

describe('verification code input', () => {
  it('keeps digits only', () => {
    expect(digitsOf('12a-3 4')).toBe('1234');
    expect(digitsOf('12345678')).toBe('123456');
  });

  it('moves to the next box as digits are typed and completes on the sixth', () => {
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);
    fireEvent.change(box(1), { target: { value: '4' } });
    expect(document.activeElement).toBe(box(2));
    for (const [i, digit] of ['2', '9', '0', '1'].entries()) fireEvent.change(box(i + 2), { target: { value: digit } });
    expect(value()).toBe('42901');
    expect(onComplete).not.toHaveBeenCalled();
    fireEvent.change(box(6), { target: { value: '7' } });
    expect(value()).toBe('429017');
    expect(onComplete).toHaveBeenCalledWith('429017');
  });

  it('ignores letters', () => {
    render(<Harness />);
    fireEvent.change(box(1), { target: { value: 'a' } });
    expect(value()).toBe('');
    expect(box(1).value).toBe('');
  });

  it('fills every box from a pasted code, whatever box has focus, and drops the noise', () => {
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);
    fireEvent.paste(box(3), { clipboardData: { getData: () => ' 123-456 ' } });
    expect(value()).toBe('123456');
    expect([1, 2, 3, 4, 5, 6].map((n) => box(n).value).join('')).toBe('123456');
    expect(onComplete).toHaveBeenCalledWith('123456');
  });

  it('takes an autofilled code typed into the first box', () => {
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);
    fireEvent.change(box(1), { target: { value: '654321' } });
    expect(value()).toBe('654321');
    expect(onComplete).toHaveBeenCalledWith('654321');
  });

  it('a partial paste fills from the focused box on', () => {
    render(<Harness />);
    fireEvent.change(box(1), { target: { value: '9' } });
    fireEvent.paste(box(2), { clipboardData: { getData: () => '87' } });
    expect(value()).toBe('987');
    expect(document.activeElement).toBe(box(4));
  });

  it('Backspace clears the box, then moves back', () => {
    render(<Harness />);
    fireEvent.change(box(1), { target: { value: '123' } });
    expect(value()).toBe('123');
    fireEvent.keyDown(box(4), { key: 'Backspace' });
    expect(value()).toBe('12');
    expect(document.activeElement).toBe(box(3));
    fireEvent.keyDown(box(3), { key: 'Backspace' });
    expect(value()).toBe('1');
  });

  it('marks every box invalid and describes them with the error', () => {
    render(<Harness error="That code isn’t right." />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('That code isn’t right.');
    for (let n = 1; n <= 6; n++) {
      expect(box(n).getAttribute('aria-invalid')).toBe('true');
      expect(box(n).getAttribute('aria-describedby')).toBe(alert.id);
    }
    expect(screen.getByRole('group', { name: 'Code from the email' })).toBeTruthy();
  });
});
