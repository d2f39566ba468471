import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { getI18n } from 'react-i18next';
import { formattersFor } from '../../../i18n/format';
import { Pager, pageWindow, showingText } from './pager';

afterEach(cleanup);

describe('showingText', () => {
  const en = getI18n().getFixedT('en', 'catalog');
  const pl = getI18n().getFixedT('pl', 'catalog');
  const number = formattersFor('en').number;

  it('says which slice of the total is on screen', () => {
    expect(showingText(en, number, 30, 30, 412)).toBe('Showing 31–60 of 412');
    expect(showingText(en, number, 390, 22, 412)).toBe('Showing 391–412 of 412');
    expect(showingText(en, number, 0, 0, 0)).toBe('No tracks');
    expect(showingText(en, number, 0, 30, 1234)).toBe('Showing 1–30 of 1,234');
  });

  it('says it in Polish with Polish numbers', () => {
    const polish = formattersFor('pl').number;
    expect(showingText(pl, polish, 0, 30, 12345)).toBe(`Pozycje 1–30 z ${polish(12345)}`);
    expect(showingText(pl, polish, 0, 0, 0)).toBe('Brak utworów');
  });
});

describe('pageWindow', () => {
  it('keeps the ends and the neighbours of the current page', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(6, 14)).toEqual([1, null, 5, 6, 7, null, 14]);
  });
});

describe('Pager', () => {
  it('links to the previous and next pages and keeps the filters', () => {
    const router = createMemoryRouter([{ path: '*', element: <Pager count={412} skip={30} shown={30} /> }], {
      initialEntries: ['/c/genres/pop?mood=happy&skip=30'],
    });
    render(<RouterProvider router={router} />);
    expect(screen.getByText('Showing 31–60 of 412')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Previous/ }).getAttribute('href')).toBe('/c/genres/pop?mood=happy');
    expect(screen.getByRole('link', { name: /Next/ }).getAttribute('href')).toBe('/c/genres/pop?mood=happy&skip=60');
    expect(screen.getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
  });
});
