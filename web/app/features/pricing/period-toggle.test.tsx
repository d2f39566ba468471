import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { PeriodToggle } from './period-toggle';

afterEach(cleanup);

describe('period toggle', () => {
  it('is a labelled radio group with the current period checked', () => {
    render(<PeriodToggle value="yearly" onChange={() => {}} yearlySavingPercent={21} />);
    expect(screen.getByRole('group', { name: 'Billing period' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: /Yearly/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'Monthly' }) as HTMLInputElement).checked).toBe(false);
    expect(screen.getByRole('radio', { name: /Yearly/ }).closest('label')!.textContent).toContain('Save up to 21%');
  });

  it('hands back the period picked', () => {
    const onChange = vi.fn();
    render(<PeriodToggle value="yearly" onChange={onChange} />);
    fireEvent.click(screen.getByRole('radio', { name: 'Monthly' }));
    expect(onChange).toHaveBeenCalledWith('monthly');
  });

  it('says nothing about savings when there are none', () => {
    render(<PeriodToggle value="monthly" onChange={() => {}} yearlySavingPercent={null} />);
    expect(screen.queryByTestId('period-saving')).toBeNull();
  });
});
