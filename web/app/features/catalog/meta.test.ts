// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formattersFor } from '../../i18n/format';
import { requestTexts } from '../../i18n/request-texts.server';
import { countNoun, trackCount } from './meta';

const requestIn = (lang: string) => new Request('http://localhost/c/genres', { headers: { cookie: `lang=${lang}` } });

describe('catalogue counts and page descriptions (decision 075)', () => {
  it('counts with each language’s plural forms and number format', () => {
    const en = requestTexts(requestIn('en'), 'catalog').t;
    const pl = requestTexts(requestIn('pl'), 'catalog').t;
    const enNumber = formattersFor('en').number;
    const plNumber = formattersFor('pl').number;
    expect(trackCount(en, enNumber, 1)).toBe('1 track');
    expect(trackCount(en, enNumber, 1204, countNoun('music'))).toBe('1,204 tracks');
    expect(trackCount(en, enNumber, 3, countNoun('sfx'))).toBe('3 sounds');
    expect(trackCount(pl, plNumber, 1)).toBe('1 utwór');
    expect(trackCount(pl, plNumber, 3)).toBe('3 utwory');
    expect(trackCount(pl, plNumber, 5)).toBe('5 utworów');
    expect(trackCount(pl, plNumber, 22, 'genre')).toBe('22 gatunki');
    expect(trackCount(pl, plNumber, 12, 'subgenre')).toBe('12 podgatunków');
  });

  it('writes a page’s description in the request’s language', () => {
    const vars = { name: 'Ambient', lower: 'ambient', count: 3, n: '3', subgenres: 'Drone, Dark ambient' };
    expect(requestTexts(requestIn('en'), 'catalog-meta').t('genre.descriptionSubgenres', vars)).toBe(
      'Royalty-free ambient music for videos, podcasts and ads: 3 tracks across Drone, Dark ambient. Preview free, license with a Cuewave subscription.',
    );
    expect(requestTexts(requestIn('pl'), 'catalog-meta').t('genre.descriptionSubgenres', vars)).toBe(
      'Muzyka ambient bez tantiem do filmów, podcastów i reklam: 3 utwory w podgatunkach Drone, Dark ambient. Odsłuchaj za darmo i licencjonuj w ramach subskrypcji Cuewave.',
    );
    expect(requestTexts(requestIn('pl'), 'catalog-meta').t('home.title')).toContain('bez tantiem');
  });
});
