import { describe, expect, it } from 'vitest';
import { getI18n } from 'react-i18next';
import { CHANNEL_TYPES, normaliseChannelUrl, type ChannelType } from '@cuewave/contract/licence';
import { createI18n } from '../../i18n/create-i18n';
import { ALL_TEXTS } from '../../i18n/resources.server';
import { channelUrlProblemText } from './channel-url-text';

const english = getI18n().getFixedT('en', 'subscription');
const polish = createI18n('pl', ALL_TEXTS, false).getFixedT('pl', 'subscription');

/** Addresses the contract refuses, one for each of its explanations. */
const REFUSED: Array<[ChannelType, string]> = [
  ['website', `https://example.com/${'a'.repeat(400)}`],
  ['website', 'http://example.com'],
  ['website', 'https://user:pw@example.com'],
  ['website', 'https://192.168.0.1'],
  ['website', 'https://localhost'],
  ['website', 'https://shop.local'],
  ['website', 'https://www.youtube.com/@someone'],
  ['podcast', ''],
  ...CHANNEL_TYPES.filter((type) => type !== 'website' && type !== 'podcast').map((type): [ChannelType, string] => [
    type,
    'https://example.com/someone',
  ]),
];

describe('a refused channel address in the page language', () => {
  it('says in English exactly what the contract says', () => {
    for (const [type, input] of REFUSED) {
      const result = normaliseChannelUrl(type, input);
      if (result.ok) throw new Error(`${type} ${input} was accepted`);
      expect(channelUrlProblemText(type, result.message, english), `${type} ${input}`).toBe(result.message);
    }
  });

  it('says each of them in Polish', () => {
    const said = REFUSED.map(([type, input]) => {
      const result = normaliseChannelUrl(type, input);
      return result.ok ? '' : channelUrlProblemText(type, result.message, polish);
    });
    expect(said[1]).toBe('Użyj bezpiecznego adresu https://, np. https://www.example.com.');
    expect(said[6]).toBe('To adres z platformy YouTube: wybierz YouTube jako typ.');
    for (const text of said) expect(text).not.toMatch(/\b(Use|Enter|Leave|This is)\b/);
  });
});
