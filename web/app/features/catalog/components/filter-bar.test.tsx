import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { FilterBar } from './filter-bar';

afterEach(cleanup);

const moods = [
  { id: 'happy', name: 'Happy' },
  { id: 'dark', name: 'Dark' },
];

function renderBar(url: string) {
  const router = createMemoryRouter(
    [{ path: '/c/genres/:genreId', element: <FilterBar type="music" moods={moods} count={42} /> }],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const search = (router: ReturnType<typeof renderBar>) => router.state.location.search;

describe('FilterBar', () => {
  it('puts a chosen mood into the URL and resets paging', async () => {
    const router = renderBar('/c/genres/pop?skip=30');
    fireEvent.click(screen.getByTestId('filter-mood'));
    await act(async () => {
      fireEvent.click(within(screen.getByTestId('facet-mood')).getByLabelText('Happy'));
    });
    expect(search(router)).toBe('?mood=happy');
    expect(within(screen.getByTestId('active-filters')).getByText('Happy')).toBeTruthy();
  });

  it('sets the vocal filter with a radio group', async () => {
    const router = renderBar('/c/genres/pop');
    await act(async () => {
      fireEvent.click(within(screen.getByTestId('filter-vocal')).getByLabelText('Instrumental'));
    });
    expect(search(router)).toBe('?vocal=false');
  });

  it('commits a typed BPM and leaves a bound value out of the URL', async () => {
    const router = renderBar('/c/genres/pop?bpmTo=140');
    const from = screen.getByLabelText('BPM from');
    fireEvent.change(from, { target: { value: '90' } });
    fireEvent.keyDown(from, { key: 'Enter' });
    await waitFor(() => expect(search(router)).toBe('?bpmFrom=90&bpmTo=140'));

    const to = screen.getByLabelText('BPM to');
    fireEvent.change(to, { target: { value: '300' } });
    fireEvent.blur(to);
    await waitFor(() => expect(search(router)).toBe('?bpmFrom=90'));
  });

  it('reads filters from the URL and clears them all', async () => {
    const router = renderBar('/c/genres/pop?vocal=true&mood=dark&durationTo=120&searchQuery=rain');
    expect(screen.getByLabelText('Vocals', { selector: 'input' })).toHaveProperty('checked', true);
    expect(screen.getByTestId('active-filters').textContent).toContain('Dark');
    expect(screen.getByTestId('active-filters').textContent).toContain('≤ 2:00');
    await act(async () => {
      fireEvent.click(screen.getByTestId('clear-filters'));
    });
    // Unrelated params survive.
    expect(search(router)).toBe('?searchQuery=rain');
  });
});

describe('FilterBar counts and badges', () => {
  it('counts sound effects in sounds, like the page header', () => {
    const router = createMemoryRouter(
      [{ path: '/c/sfx', element: <FilterBar type="sfx" categories={[]} count={17} /> }],
      {
        initialEntries: ['/c/sfx'],
      },
    );
    render(<RouterProvider router={router} />);
    for (const count of screen.getAllByTestId('filter-count')) expect(count.textContent).toBe('17 sounds');
  });

  it('shows no badge and no count for an id the facet does not offer', () => {
    const genres = [{ id: 'pop', name: 'Pop' }];
    const router = createMemoryRouter(
      [{ path: '/c/moods/:moodId', element: <FilterBar type="music" genres={genres} count={3} /> }],
      { initialEntries: ['/c/moods/happy?genre=1'] },
    );
    render(<RouterProvider router={router} />);
    expect(screen.getByTestId('filter-genre').textContent).toBe('Genre');
    expect(screen.queryByTestId('active-filters')).toBeNull();
    expect(screen.getByTestId('open-filters').textContent).toBe('Filters');
    expect(screen.queryByTestId('clear-filters')).toBeNull();
  });
});
