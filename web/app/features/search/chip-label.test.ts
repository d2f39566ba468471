import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import type { SearchChip, SearchChipValue } from '@cuewave/contract/search';
import { createI18n } from '../../i18n/create-i18n';
import { ALL_TEXTS } from '../../i18n/resources.server';
import { chipLabel } from './chip-label';

function labeller(language: 'en' | 'pl') {
  const i18n = createI18n(language, ALL_TEXTS, false);
  const t = i18n.getFixedT(language, 'search') as TFunction<'search'>;
  return (chip: SearchChip) => chipLabel(chip, t, (key) => i18n.exists(key, { ns: 'search' }));
}
const en = labeller('en');
const pl = labeller('pl');

const chip = (label: string, value: Partial<SearchChipValue>, kind: SearchChip['kind'] = 'mood'): SearchChip => ({
  id: 'x',
  kind,
  label,
  value: { concept: null, names: [], bpm: null, seconds: null, ...value },
  words: 'x',
});

describe('AI chip labels', () => {
  it('follow the page’s language, not the prompt’s', () => {
    // "spokojna muzyka" read on an English page, "calm music" on a Polish one.
    expect(en(chip('Spokojna', { concept: 'calm' }))).toBe('Calm');
    expect(pl(chip('Calm', { concept: 'calm' }))).toBe('Spokojna');
    expect(en(chip('Bez wokalu', { concept: 'instrumental' }, 'instrumental'))).toBe('Instrumental');
    expect(pl(chip('Sound effects', { concept: 'sfx' }, 'type'))).toBe('Efekty dźwiękowe');
  });

  it('say tempo and length ranges in the page’s words, as the API does in the prompt’s', () => {
    const fast = chip('Szybkie: 120+ BPM', { concept: 'fast', bpm: { from: 120 } }, 'tempo');
    expect(en(fast)).toBe('Fast: 120+ BPM');
    expect(pl(fast)).toBe('Szybkie: 120+ BPM');
    const slow = chip('Slow: up to 90 BPM', { concept: 'slow', bpm: { to: 90 } }, 'tempo');
    expect(en(slow)).toBe('Slow: up to 90 BPM');
    expect(pl(slow)).toBe('Wolne: do 90 BPM');
    expect(en(chip('Tempo: 100–120 BPM', { bpm: { from: 100, to: 120 } }, 'tempo'))).toBe('Tempo: 100–120 BPM');
    const under = chip('Poniżej 2:00', { seconds: { to: 120 } }, 'duration');
    expect(en(under)).toBe('Under 2:00');
    expect(pl(under)).toBe('Poniżej 2:00');
    expect(pl(chip('Over 1:30', { seconds: { from: 90 } }, 'duration'))).toBe('Powyżej 1:30');
    expect(en(chip('Długość 1:50–2:10', { seconds: { from: 110, to: 130 } }, 'duration'))).toBe('Length 1:50–2:10');
    const short = chip('Short: up to 1:00', { concept: 'short', seconds: { to: 60 } }, 'duration');
    expect(pl(short)).toBe('Krótkie: do 1:00');
  });

  it('keep catalogue names as the catalogue names them', () => {
    const genres = chip('Rock, Metal', { concept: 'rock', names: ['Rock', 'Metal'] }, 'genre');
    expect(pl(genres)).toBe('Rock, Metal');
    expect(en(chip('Zestful', { names: ['Zestful'] }))).toBe('Zestful');
  });

  it('keep the API’s label for a concept this page has no text for, or an answer without values', () => {
    expect(pl(chip('Banjo', { concept: 'banjo' }, 'instrument'))).toBe('Banjo');
    const older = { id: 'mood:calm', kind: 'mood', label: 'Calm', words: 'calm' } as unknown as SearchChip;
    expect(pl(older)).toBe('Calm');
  });
});
