import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { getI18n } from 'react-i18next';
import { CloseIn, closeInText } from './close-in';

afterEach(cleanup);

describe('close in', () => {
  it('reads as a sentence in the order listeners notice', () => {
    const en = getI18n().getFixedT('en', 'similar');
    expect(closeInText(en, ['key', 'tempo'])).toBe('Close in tempo and key');
    expect(closeInText(en, ['loudness', 'timbre', 'energy'])).toBe('Close in energy, sound and loudness');
    expect(closeInText(en, [])).toBe('Nearest overall sound');
    const pl = getI18n().getFixedT('pl', 'similar');
    expect(closeInText(pl, ['key', 'tempo'])).toBe('Podobne: tempo i tonacja');
  });

  it('shows three qualities and gives the whole sentence to screen readers and the tooltip', () => {
    render(<CloseIn qualities={['dynamics', 'tempo', 'energy', 'timbre', 'brightness']} />);
    const reason = screen.getByTestId('close-in');
    expect(reason.getAttribute('title')).toBe('Close in tempo, energy, sound, brightness and dynamics');
    expect(reason.querySelectorAll('[aria-hidden] span:not(:first-child)')).toHaveLength(3);
    expect(screen.getByText('Close in tempo, energy, sound, brightness and dynamics').className).toBe(
      'visually-hidden',
    );
  });
});
