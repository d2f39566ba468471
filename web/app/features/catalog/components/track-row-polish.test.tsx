import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createI18n } from '../../../i18n/create-i18n';
import { ALL_TEXTS } from '../../../i18n/resources.server';
import { PlayerProvider } from '../../player/player-context';
import { productFixture } from '../../../test/product-fixture';
import { TrackList } from './track-list';
import { LoadFailed } from './load-failed';

beforeEach(() => {
  // jsdom has no media playback.
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** A catalogue list rendered for a Polish reader: its words come from pl.json, not English (decision 075). */
function renderPolish(element: React.ReactNode) {
  const i18n = createI18n('pl', ALL_TEXTS, false);
  const router = createMemoryRouter([{ path: '*', element: <PlayerProvider>{element}</PlayerProvider> }], {
    initialEntries: ['/c/genres/x'],
  });
  render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
}

describe('the catalogue in Polish', () => {
  it('labels the play button and the column headings in Polish', () => {
    const product = productFixture();
    renderPolish(<TrackList items={[product]} label="Utwory" />);
    expect(screen.getByRole('button', { name: `Odtwórz ${product.title}` })).toBeTruthy();
    expect(screen.getByText('Tytuł')).toBeTruthy();
  });

  it('says an empty list and a failed load in Polish', () => {
    renderPolish(
      <>
        <TrackList items={[]} label="Utwory" />
        <LoadFailed what="genres" />
      </>,
    );
    expect(screen.getByText('Nie ma tu jeszcze utworów')).toBeTruthy();
    expect(screen.getByText('Nie udało się wczytać gatunków')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Spróbuj ponownie' })).toBeTruthy();
  });
});
