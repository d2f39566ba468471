import { describe, expect, it, vi } from 'vitest';
import { editionRedirect, pathInEdition, rememberedEdition, safeReturnPath, type EditionInput } from './edition-choice';

const visit = ({
  country: known = null,
  ...over
}: Partial<Omit<EditionInput, 'country'>> & { country?: string | null }) => {
  const country = vi.fn(async () => known);
  const result = editionRedirect({ pathname: '/', search: '', remembered: null, isBot: false, ...over, country });
  return { result, country };
};

describe('choosing the edition from the country', () => {
  it('sends a US visitor on a page with a US variant to it, query kept', async () => {
    expect(await visit({ country: 'US' }).result).toBe('/us');
    expect(await visit({ pathname: '/licenses', search: '?currency=usd', country: 'US' }).result).toBe(
      '/us/licenses?currency=usd',
    );
    expect(await visit({ pathname: '/register/signup', country: 'US' }).result).toBe('/us/register/signup');
  });

  it('leaves everyone else where they are', async () => {
    expect(await visit({ country: 'PL' }).result).toBeNull();
    expect(await visit({ country: null }).result).toBeNull();
  });

  it('pages without a US variant are never redirected and cost no lookup', async () => {
    const catalogue = visit({ pathname: '/c/genres', country: 'US' });
    expect(await catalogue.result).toBeNull();
    expect(catalogue.country).not.toHaveBeenCalled();
    expect(await visit({ pathname: '/dashboard', country: 'US' }).result).toBeNull();
  });

  it('a /us address is never taken away, whatever the country or the remembered choice', async () => {
    const us = visit({ pathname: '/us/licenses', country: 'PL', remembered: 'eu' });
    expect(await us.result).toBeNull();
    expect(us.country).not.toHaveBeenCalled();
  });

  it('the remembered choice wins over the country, without a lookup', async () => {
    const eu = visit({ country: 'US', remembered: 'eu' });
    expect(await eu.result).toBeNull();
    expect(eu.country).not.toHaveBeenCalled();
    expect(await visit({ pathname: '/licenses', country: 'DE', remembered: 'us' }).result).toBe('/us/licenses');
  });

  it('crawlers see each edition at its own address', async () => {
    expect(await visit({ country: 'US', isBot: true }).result).toBeNull();
  });
});

describe('the remembered choice', () => {
  it('reads only the two editions from the cookie', () => {
    expect(rememberedEdition('a=1; cw_edition=us')).toBe('us');
    expect(rememberedEdition('cw_edition=eu')).toBe('eu');
    expect(rememberedEdition('cw_edition=mars')).toBeNull();
    expect(rememberedEdition(null)).toBeNull();
  });
});

describe('the switch', () => {
  it('goes to the same page in the other edition', () => {
    expect(pathInEdition('/us/licenses?currency=usd', 'eu')).toBe('/licenses?currency=usd');
    expect(pathInEdition('/licenses', 'us')).toBe('/us/licenses');
    expect(pathInEdition('/us', 'eu')).toBe('/');
    expect(pathInEdition('/', 'us')).toBe('/us');
    // One address for both editions: stays put (the choice is still remembered).
    expect(pathInEdition('/c/genres', 'us')).toBe('/c/genres');
    expect(pathInEdition('/us/c/genres', 'eu')).toBe('/c/genres');
  });

  it('never returns to another site', () => {
    expect(safeReturnPath('/licenses?x=1#faq')).toBe('/licenses?x=1#faq');
    for (const bad of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', 'licenses', null, 42]) {
      expect(safeReturnPath(bad)).toBe('/');
    }
  });
});
