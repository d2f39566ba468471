import { describe, expect, it } from 'vitest';
import { makePlan } from './plan';
import { sfxDescription, songDescription, songInstruments, tempoWord } from './describe';

describe('demo search metadata', () => {
  it('lists the instruments the score really plays', () => {
    // lullaby: warm-pad arpeggio on a marimba, bell lead, sub bass, soft kit with a shaker
    expect(songInstruments({ styleId: 'lullaby', vocal: false })).toEqual([
      'pads',
      'bells',
      'marimba',
      'sub bass',
      'drums',
      'shaker',
    ]);
    // motown: organ comping, so the warm pad plays only under the intro and breaks; a vocal on top
    expect(songInstruments({ styleId: 'motown', vocal: true })).toEqual([
      'organ',
      'brass',
      'pads',
      'bass guitar',
      'drums',
      'vocals',
    ]);
    expect(songInstruments({ styleId: 'trap', vocal: false })).toContain('drum machine');
    expect(songInstruments({ styleId: 'epicTrailer', vocal: false })).toContain('toms');
    expect(songInstruments({ styleId: 'house', vocal: false })).not.toContain('toms');
  });

  it('describes tempo, key, instruments, voice and mood in words', () => {
    expect([70, 90, 110, 125, 150, 174].map(tempoWord)).toEqual([
      'slow',
      'laid-back',
      'mid-tempo',
      'upbeat',
      'fast',
      'very fast',
    ]);
    expect(
      songDescription({
        spec: { bpm: 125, keyRoot: 9, minor: true, vocal: false },
        subgenre: 'House',
        instruments: songInstruments({ styleId: 'house', vocal: false }),
        moods: ['Dark', 'Energetic'],
      }),
    ).toBe(
      'An upbeat House instrumental in A minor at 125 BPM, with synth stabs, synth lead, pads, synth bass and ' +
        'drums from a drum machine. Dark and energetic, with no vocals.',
    );
    expect(sfxDescription('Cartoon', 'cartoon bubble pop', 0.42)).toBe(
      'A 0.4-second cartoon bubble pop. For comedy, animation and kids videos.',
    );
    expect(sfxDescription('Risers', 'riser', 8.2)).toMatch(/^An 8-second riser\./);
  });

  it("is deterministic per seed; the sound effects' years do not depend on the number of songs", () => {
    const a = makePlan(30, 12, 99, 'wav');
    expect(makePlan(30, 12, 99, 'wav')).toEqual(a);
    const years = new Set(a.manifest.tracks.map((t) => t.releaseYear));
    expect(years.size).toBeGreaterThan(3);
    // the sound effects' years do not depend on how many songs there are
    const fewer = makePlan(3, 12, 99, 'wav');
    expect(fewer.manifest.tracks.filter((t) => t.type === 'sfx').map((t) => t.releaseYear)).toEqual(
      a.manifest.tracks.filter((t) => t.type === 'sfx').map((t) => t.releaseYear),
    );
  });
});
