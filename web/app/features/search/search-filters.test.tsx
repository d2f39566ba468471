import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';

const radio = (name: RegExp) => screen.getByRole<HTMLInputElement>('radio', { name });
import { VocalChoice } from './search-filters';

afterEach(cleanup);

describe('the vocal / instrumental choice', () => {
  it('cannot pick a choice that leaves no results, and shows the counts', () => {
    const onChange = vi.fn();
    render(<VocalChoice value={undefined} counts={{ vocal: 0, instrumental: 12 }} onChange={onChange} />);
    expect(radio(/Vocals/).disabled).toBe(true);
    expect(radio(/Instrumental.*12/).disabled).toBe(false);
    fireEvent.click(radio(/Instrumental/));
    expect(onChange).toHaveBeenCalledWith('instrumental');
  });

  it('keeps a chosen choice that now leaves nothing, so it can be changed back', () => {
    render(<VocalChoice value="vocal" counts={{ vocal: 0, instrumental: 3 }} onChange={() => {}} />);
    expect(radio(/Vocals/).disabled).toBe(false);
    expect(radio(/Vocals/).checked).toBe(true);
  });
});
