import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, data, Outlet, RouterProvider } from 'react-router';
import { layoutMeta, RouteError } from './route-error';

beforeEach(() => {
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('[]', { status: 200 }));
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('layoutMeta', () => {
  const parent = { meta: [{ title: 'Cuewave — Royalty-free music' }] };
  const self = { meta: [] };

  it('names a not-found page and keeps it out of search results', () => {
    const error = { status: 404, statusText: 'Not Found', internal: false, data: null };
    expect(layoutMeta({ error, matches: [parent, self] })).toEqual([
      { title: 'Page not found — Cuewave' },
      { name: 'robots', content: 'noindex' },
    ]);
    expect(layoutMeta({ error: new Error('boom'), matches: [parent, self] })[0]).toEqual({
      title: 'Something went wrong — Cuewave',
    });
  });

  it("names the error in the request's language, from the root loader's texts", () => {
    const texts = {
      title: 't',
      description: 'd',
      notFound: 'Nie znaleziono strony — Cuewave',
      failed: 'Coś poszło nie tak — Cuewave',
    };
    const root = { id: 'root', data: { texts }, meta: [] };
    const error = { status: 404, statusText: 'Not Found', internal: false, data: null };
    expect(layoutMeta({ error, matches: [root, parent, self] })[0]).toEqual({
      title: 'Nie znaleziono strony — Cuewave',
    });
    expect(layoutMeta({ error: new Error('boom'), matches: [root, parent, self] })[0]).toEqual({
      title: 'Coś poszło nie tak — Cuewave',
    });
  });

  it("without an error, passes the parent's tags through", () => {
    expect(layoutMeta({ matches: [parent, self] })).toEqual(parent.meta);
  });
});

describe('a layout error boundary', () => {
  it('renders the 404 inside the frame, which stays mounted', async () => {
    function Frame({ children }: { children?: React.ReactNode }) {
      return (
        <div>
          <header>frame header</header>
          <main>{children ?? <Outlet />}</main>
        </div>
      );
    }
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: <Frame />,
          children: [
            { path: 'c/genres', element: <h1>Genres</h1> },
            {
              path: '*',
              loader: () => {
                throw data(null, { status: 404 });
              },
              element: null,
              ErrorBoundary: () => <RouteError error={{ status: 404, statusText: '', internal: false, data: null }} />,
            },
          ],
        },
      ],
      { initialEntries: ['/c/genres'] },
    );
    render(<RouterProvider router={router} />);
    await screen.findByText('Genres');
    await router.navigate('/c/nope');
    expect(await screen.findByText('Page Not Found: /c/nope')).toBeTruthy();
    expect(screen.getByText('frame header')).toBeTruthy();
    // One <main> only: the panel is a section inside the frame's.
    expect(document.querySelectorAll('main')).toHaveLength(1);
    expect(screen.getByTestId('error-page').tagName).toBe('SECTION');
  });
});
