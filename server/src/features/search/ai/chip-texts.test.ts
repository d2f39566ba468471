import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONCEPTS } from './vocabulary-concepts';

/**
 * The web labels AI chips in the page's language from their `value` (decision 059): a vocabulary
 * concept by its `chips.concept.<key>` text in web/app/features/search/locales. Those texts are the
 * vocabulary's own labels; this keeps the two from drifting apart when a concept is added or reworded.
 * Genres, sfx categories and themes are labelled by catalogue names, so they need no text.
 */
const LABELLED_BY_CONCEPT = new Set([
  'mood',
  'instrument',
  'use',
  'tempo',
  'duration',
  'instrumental',
  'vocal',
  'type',
]);

function webTexts(language: 'en' | 'pl'): Record<string, string> {
  const url = new URL(`../../../../../web/app/features/search/locales/${language}.json`, import.meta.url);
  const texts = JSON.parse(readFileSync(url, 'utf8')) as { chips: { concept: Record<string, string> } };
  return texts.chips.concept;
}

describe('the web’s chip texts', () => {
  for (const language of ['en', 'pl'] as const) {
    it(`name every concept a chip can show, in ${language === 'en' ? 'English' : 'Polish'}, as the vocabulary does`, () => {
      const expected = Object.fromEntries(
        CONCEPTS.filter((c) => LABELLED_BY_CONCEPT.has(c.kind)).map((c) => [c.key, c.label[language]]),
      );
      expect(Object.keys(expected).length).toBeGreaterThan(70);
      expect(webTexts(language)).toEqual(expected);
    });
  }
});
