import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CouponField } from './coupon-field';

afterEach(cleanup);

describe('CouponField', () => {
  it('opens on request and applies the trimmed code; an empty one is asked for', () => {
    const onApply = vi.fn();
    render(<CouponField applied={null} status={null} onApply={onApply} onRemove={vi.fn()} />);
    fireEvent.click(screen.getByTestId('coupon-open'));
    fireEvent.click(screen.getByTestId('coupon-apply'));
    expect(screen.getByText('Enter a discount code.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Discount code'), { target: { value: '  spring20 ' } });
    fireEvent.click(screen.getByTestId('coupon-apply'));
    expect(onApply).toHaveBeenCalledWith('spring20');
  });

  it('shows the quote’s reason for a refused code under the field', () => {
    render(
      <CouponField
        applied="OLD10"
        status={{ code: 'OLD10', valid: false, reason: 'expired', message: 'This code expired on Jan 1, 2026.' }}
        onApply={vi.fn()}
        onRemove={vi.fn()}
      />,
    );
    const input = screen.getByLabelText('Discount code');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect((input as HTMLInputElement).value).toBe('OLD10');
    expect(screen.getByText('This code expired on Jan 1, 2026.')).toBeTruthy();
  });

  it('marks an accepted code, which can be removed', () => {
    const onRemove = vi.fn();
    render(
      <CouponField
        applied="SPRING20"
        status={{ code: 'SPRING20', valid: true }}
        onApply={vi.fn()}
        onRemove={onRemove}
      />,
    );
    expect(screen.getByTestId('coupon-applied').textContent).toContain('Code SPRING20 applied');
    fireEvent.click(screen.getByTestId('coupon-remove'));
    expect(onRemove).toHaveBeenCalled();
  });
});
