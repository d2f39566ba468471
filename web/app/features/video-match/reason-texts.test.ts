import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import type { VideoFitReason, VideoTargetReason } from '@cuewave/contract/video-match';
import { createI18n } from '../../i18n/create-i18n';
import { ALL_TEXTS } from '../../i18n/resources.server';
import { fitReasonText, targetReasonText } from './reason-texts';

const tOf = (language: 'en' | 'pl') =>
  createI18n(language, ALL_TEXTS, false).getFixedT(language, 'video-match') as TFunction<'video-match'>;
const en = tOf('en');
const pl = tOf('pl');
const number = (value: number) => String(value);

// What the API sends (server/src/features/video-match/video-target.ts, video-rank.ts): code, values and
// the English sentence. The web's English must say exactly what the API says.
const target: VideoTargetReason[] = [
  {
    kind: 'cutRate',
    level: 'fast',
    cutsPerMinute: 116,
    motion: 'little',
    bpm: { from: 120, to: 140 },
    text: 'fast cuts (116 a minute), little motion → 120–140 BPM',
  },
  {
    kind: 'light',
    light: 'neutral',
    energyClass: 'low',
    moods: ['Calm', 'Chill', 'Peaceful'],
    text: 'balanced light, slow → calm moods (Calm, Chill, Peaceful)',
  },
  { kind: 'sound', loudnessDb: -18, raisesEnergy: true, text: 'own sound at -18 dBFS → raises the energy' },
  { kind: 'sound', loudnessDb: -31, raisesEnergy: false, text: 'own sound at -31 dBFS → keeps the energy' },
  { kind: 'speech', text: 'speech in the video → instrumental music keeps the voice clear' },
  { kind: 'length', durationSec: 165, text: '2:45 long → tracks at least as long' },
];
const fit: VideoFitReason[] = [
  { kind: 'tempo', bpm: 128, range: { from: 120, to: 140 }, time: 'in', text: '128 BPM, in 120–140' },
  { kind: 'tempo', bpm: 64, range: { from: 120, to: 140 }, time: 'half', text: '64 BPM, half time of 120–140' },
  { kind: 'mood', mood: 'Energetic', text: 'Energetic mood' },
  { kind: 'energy', level: 'high', text: 'high energy like the video' },
  { kind: 'length', trackSec: 190, videoSec: 165, text: '3:10 covers the 2:45 video' },
  { kind: 'instrumental', text: 'instrumental, leaves room for the voice' },
];

describe('video match reasons', () => {
  it('say in English exactly what the API’s English sentence says', () => {
    for (const reason of target) expect(targetReasonText(reason, en, number)).toBe(reason.text);
    for (const reason of fit) expect(fitReasonText(reason, en)).toBe(reason.text);
  });

  it('are worded in Polish from the codes, keeping the catalogue’s mood names', () => {
    expect(targetReasonText(target[0]!, pl, number)).toBe('częste cięcia (116 na minutę), mało ruchu → 120–140 BPM');
    expect(targetReasonText(target[1]!, pl, number)).toBe(
      'wyważone światło, wolne tempo → spokojne nastroje (Calm, Chill, Peaceful)',
    );
    expect(targetReasonText(target[5]!, pl, number)).toBe('długość 2:45 → utwory co najmniej tak samo długie');
    expect(fitReasonText(fit[0]!, pl)).toBe('128 BPM, w zakresie 120–140');
    expect(fitReasonText(fit[2]!, pl)).toBe('nastrój: Energetic');
    const polish = [
      ...target.map((reason) => [reason.text, targetReasonText(reason, pl, number)]),
      ...fit.map((reason) => [reason.text, fitReasonText(reason, pl)]),
    ];
    for (const [english, text] of polish) {
      expect(text).not.toBe(english);
      expect(text).not.toMatch(/\{\{|reason\./);
    }
  });

  it('shows the API’s sentence for a kind this web does not know yet', () => {
    const newer = { kind: 'colour', text: 'warm colours → warm moods' } as unknown as VideoTargetReason;
    expect(targetReasonText(newer, en, number)).toBe('warm colours → warm moods');
    const newerFit = { kind: 'key', text: 'in a minor key' } as unknown as VideoFitReason;
    expect(fitReasonText(newerFit, pl)).toBe('in a minor key');
  });
});
