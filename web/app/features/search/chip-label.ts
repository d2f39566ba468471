import type { TFunction } from 'i18next';
import type { NumberRange, SearchChip } from '@cuewave/contract/search';
import { formatTime } from '../../lib/format';

type T = TFunction<'search'>;

/**
 * An AI chip's label in the page's language (decision 059). The API labels chips in the prompt's
 * language; the chip's `value` says what it stands for, so the page words it itself: catalogue names as
 * the catalogue names them (data), a concept of the AI vocabulary by its `chips.concept.*` text, a
 * range in the page's words. `hasText` says whether a key has a text: a concept this web has no text
 * for yet (a newer API) keeps the API's label rather than showing a key.
 */
export function chipLabel(chip: SearchChip, t: T, hasText: (key: string) => boolean): string {
  const value = chip.value;
  // An answer without values (an older API) says it in the prompt's language: better than nothing.
  if (!value) return chip.label;
  if (value.names.length) return value.names.join(', ');
  const conceptKey = value.concept ? `chips.concept.${value.concept}` : null;
  if (conceptKey && !hasText(conceptKey)) return chip.label;
  const name = conceptKey ? t(conceptKey as 'chips.concept.calm') : null;
  if (value.bpm) {
    const range = bpmRange(value.bpm, t);
    return name ? t('chips.named', { name, range }) : t('chips.tempo', { range });
  }
  if (value.seconds) {
    if (name) return t('chips.named', { name, range: secondsRange(value.seconds, t) });
    const { from, to } = value.seconds;
    if (from === undefined && to !== undefined) return t('chips.under', { time: formatTime(to) });
    if (to === undefined && from !== undefined) return t('chips.over', { time: formatTime(from) });
    return t('chips.length', { range: secondsRange(value.seconds, t) });
  }
  return name ?? chip.label;
}

function bpmRange({ from, to }: NumberRange, t: T): string {
  if (from !== undefined && to !== undefined) return t('chips.range.bpmBetween', { from, to });
  if (from !== undefined) return t('chips.range.bpmFrom', { from });
  return t('chips.range.bpmTo', { to: to ?? 0 });
}

function secondsRange({ from, to }: NumberRange, t: T): string {
  if (from !== undefined && to !== undefined) {
    return t('chips.range.secondsBetween', { from: formatTime(from), to: formatTime(to) });
  }
  if (from !== undefined) return t('chips.range.secondsFrom', { from: formatTime(from) });
  return t('chips.range.secondsTo', { to: formatTime(to ?? 0) });
}
