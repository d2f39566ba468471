import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { ProductListing } from './product-listing';

afterEach(cleanup);

function renderListing(url: string, count: number) {
  const skip = Number(new URL(url, 'http://x').searchParams.get('skip') ?? 0);
  const router = createMemoryRouter(
    [
      {
        path: '/c/genres/:genreId',
        element: (
          <ProductListing
            title="Pop tracks"
            label="Pop tracks"
            items={[]}
            count={count}
            skip={skip}
            filters={{ type: 'music' }}
          />
        ),
      },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
}

describe('ProductListing', () => {
  it('says a page past the end is past the end, and links to the first page keeping the filters', () => {
    renderListing('/c/genres/pop?vocal=true&skip=9999', 42);
    expect(screen.getByRole('heading', { name: 'This page is past the end of the list' })).toBeTruthy();
    expect(screen.queryByText('No tracks here yet')).toBeNull();
    expect(screen.getByText('There are 42 tracks here, on 2 pages.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the first page' }).getAttribute('href')).toBe(
      '/c/genres/pop?vocal=true',
    );
    expect(screen.queryByTestId('pager')).toBeNull();
  });

  it('still says an empty list is empty', () => {
    renderListing('/c/genres/pop', 0);
    expect(screen.getByRole('heading', { name: 'No tracks here yet' })).toBeTruthy();
  });
});
