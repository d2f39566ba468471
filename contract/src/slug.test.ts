import { describe, expect, it } from 'vitest';
import { slugify } from './slug';

describe('slugify (spec §2 navigation rules)', () => {
  it.each([
    ['Rock & Roll', 'rock-and-roll'],
    ['R&B & Soul', 'r-and-b-and-soul'],
    ['Día de Muertos', 'dia-de-muertos'],
    ['Música Latina', 'musica-latina'],
    ['Café Lounge', 'cafe-lounge'],
    ["Rock 'n' Roll", 'rock-n-roll'],
    ['  Lo-Fi   Beats!! ', 'lo-fi-beats'],
    ['Ambient & Chill', 'ambient-and-chill'],
  ])('%s -> %s', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it("turns a lone '&' into 'and' and a name without letters or digits into an empty slug", () => {
    expect(slugify('&')).toBe('and');
    expect(slugify('!!!')).toBe('');
  });
});
