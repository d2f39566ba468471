import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { STYLES } from '../../server/src/audio/demo/song/styles';
import { buildSoundPairs, type Piece, type SoundPairs } from './sound-pairs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const stored = JSON.parse(readFileSync(`${root}bench/search-quality/sound-pairs.json`, 'utf8')) as SoundPairs;

function recordings() {
  return readFileSync(`${root}bench/fixtures/tempo/pieces.tsv`, 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split('\t'))
    .filter((c) => c[3] !== '(recording)')
    .map(([id, bpm, song, kit]) => ({ id: id!, bpm: Number(bpm), song: song!, kit: kit! }));
}

const anchorKey = (p: Piece) => (p.kind === 'demo' ? p.styleId : p.id);

describe('sound-pairs.json', () => {
  it('is what buildSoundPairs makes of the recipes and the recordings (regenerate with writeSoundPairs)', () => {
    expect(stored).toEqual(buildSoundPairs(recordings()));
  });

  it('keeps the halves apart: no anchor recipe or recording is in both', () => {
    const dev = new Set(stored.triplets.filter((t) => t.half === 'dev').map((t) => anchorKey(t.anchor)));
    const held = stored.triplets.filter((t) => t.half === 'held-out').map((t) => anchorKey(t.anchor));
    expect(held.length).toBeGreaterThan(40);
    for (const key of held) expect(dev.has(key)).toBe(false);
  });

  it('labels by the recipe: alike is the same style, unlike another drum family', () => {
    for (const t of stored.triplets) {
      if (t.anchor.kind !== 'demo' || t.alike.kind !== 'demo' || t.unlike.kind !== 'demo') continue;
      expect(t.alike.styleId).toBe(t.anchor.styleId);
      expect(t.alike.seed).not.toBe(t.anchor.seed);
      expect(STYLES[t.unlike.styleId].family).not.toBe(STYLES[t.anchor.styleId].family);
    }
  });
});
