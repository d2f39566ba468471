import type { ReactNode } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { cardOpacity, CARD_SIZES, ErrorPage } from './error-page';

const genres = Array.from({ length: 8 }, (_, i) => ({
  id: `g${i}`,
  name: `Genre ${i}`,
  fileID: `img${i}`,
  kind: 'genre',
  children: [],
}));

beforeEach(() => {
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify(genres), { status: 200 }));
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderAt(element: ReactNode, path = '/no-such-page') {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>home</p> },
      { path: '*', element },
    ],
    { initialEntries: ['/c/genres', path], initialIndex: 1 },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('ErrorPage', () => {
  it('404: says not found and names the path', async () => {
    renderAt(<ErrorPage status={404} path="/no-such-page" />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toMatch(/not found/i);
    expect(screen.getByText(/doesn't exist/)).toBeTruthy();
    expect(screen.getByText('Page Not Found: /no-such-page')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('error-card')).toHaveLength(6));
  });

  it('other statuses: something went wrong', () => {
    renderAt(<ErrorPage status={500} path="/x" />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toMatch(/something went wrong/i);
    expect(screen.getByText(/unexpected error occurred/)).toBeTruthy();
    expect(screen.queryByText(/Page Not Found/)).toBeNull();
  });

  it('cards link to the genre with every subgenre, sized and faded per spec', async () => {
    renderAt(<ErrorPage status={404} path="/x" />);
    const cards = await screen.findAllByTestId('error-card');
    expect(cards[0]!.getAttribute('href')).toBe('/c/genres/g0/all');
    cards.forEach((card, i) => {
      expect(card.style.getPropertyValue('--size')).toBe(`${CARD_SIZES[i]}px`);
      expect(card.style.getPropertyValue('--opacity')).toBe(String(cardOpacity(i)));
      expect(card.textContent).toBe('');
    });
    expect([0, 1, 5].map(cardOpacity)).toEqual([0.3, 0.4, 0.8]);
  });

  it('the return button goes home, replacing the history entry', async () => {
    const router = renderAt(<ErrorPage status={404} path="/x" />);
    fireEvent.click(screen.getByTestId('error-return'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('crawlers get a plain page without cards', () => {
    renderAt(<ErrorPage status={404} path="/x" isBot />);
    expect(screen.getByText('Page Not Found: /x')).toBeTruthy();
    expect(screen.queryByTestId('error-cards')).toBeNull();
    expect(screen.queryByTestId('site-header')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });
});
