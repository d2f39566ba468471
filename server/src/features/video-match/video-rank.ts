import type { EnergyClass, VideoFitReason, VideoTarget } from '@cuewave/contract/video-match';
import type { SearchCatalog } from '../search/search-index-store';
import type { SearchDoc } from '../search/search.types';
import { descriptorOf } from '../search/sound/sound-search';
import { formatMinutes } from './video-probe';

export type RankedTrack = { productId: string; score: number; reasons: VideoFitReason[] };

/** How much each part of the fit counts; tempo and energy carry the video's pace, length is a must. */
const WEIGHTS = { tempo: 0.3, energy: 0.25, mood: 0.2, length: 0.2, voice: 0.05 } as const;
/** A track may be trimmed, not stretched: it must be this share of the video's length or longer. */
const MIN_LENGTH_SHARE = 0.95;

const inRange = (bpm: number, r: { from: number; to: number }) => bpm >= r.from && bpm <= r.to;

/** Tempo fit: inside the range is 1; half or double time inside counts nearly as much; outside decays. */
function tempoFit(
  bpm: number | null,
  range: { from: number; to: number },
): { fit: number; reason: VideoFitReason | null } {
  if (bpm === null) return { fit: 0.3, reason: null };
  const rounded = Math.round(bpm);
  const span = `${range.from}–${range.to}`;
  if (inRange(bpm, range)) {
    return {
      fit: 1,
      reason: { kind: 'tempo', bpm: rounded, range: { ...range }, time: 'in', text: `${rounded} BPM, in ${span}` },
    };
  }
  for (const factor of [2, 0.5]) {
    if (inRange(bpm * factor, range)) {
      const time = factor === 2 ? 'half' : 'double';
      const text = `${rounded} BPM, ${time} time of ${span}`;
      return { fit: 0.8, reason: { kind: 'tempo', bpm: rounded, range: { ...range }, time, text } };
    }
  }
  const distance = bpm < range.from ? range.from - bpm : bpm - range.to;
  return { fit: Math.max(0, 1 - distance / 30), reason: null };
}

/** Length fit: the shortest track that covers the video is best; much longer ones need more editing. */
function lengthFit(duration: number, videoSec: number): number {
  if (duration < videoSec * MIN_LENGTH_SHARE) return 0;
  const spare = Math.max(0, duration - videoSec);
  return Math.exp(-spare / Math.max(90, videoSec));
}

function fitOf(doc: SearchDoc, target: VideoTarget, energy: number | null, moodRank: Map<string, number>): RankedTrack {
  const reasons: VideoFitReason[] = [];
  const tempo = tempoFit(doc.bpm, target.bpm);
  if (tempo.reason) reasons.push(tempo.reason);

  let moodFit = 0;
  let bestMood: string | null = null;
  for (const mood of doc.moods) {
    const rank = moodRank.get(mood.name.toLowerCase());
    if (rank === undefined) continue;
    const fit = 1 - rank / (moodRank.size + 1);
    if (fit > moodFit) {
      moodFit = fit;
      bestMood = mood.name;
    }
  }
  if (bestMood) reasons.push({ kind: 'mood', mood: bestMood, text: `${bestMood} mood` });

  const energyFit = energy === null ? 0.5 : 1 - Math.min(1, Math.abs(energy - target.energy) * 2);
  if (energy !== null && energyFit >= 0.7) {
    const level = energyWord(energy);
    reasons.push({ kind: 'energy', level, text: `${level} energy like the video` });
  }

  const length = lengthFit(doc.duration, target.durationSec);
  reasons.push({
    kind: 'length',
    trackSec: doc.duration,
    videoSec: target.durationSec,
    text: `${formatMinutes(doc.duration)} covers the ${formatMinutes(target.durationSec)} video`,
  });

  const voice = target.preferInstrumental ? (doc.vocal ? 0 : 1) : 0.5;
  if (target.preferInstrumental && !doc.vocal) {
    reasons.push({ kind: 'instrumental', text: 'instrumental, leaves room for the voice' });
  }

  const score =
    WEIGHTS.tempo * tempo.fit +
    WEIGHTS.energy * energyFit +
    WEIGHTS.mood * moodFit +
    WEIGHTS.length * length +
    WEIGHTS.voice * voice;
  return { productId: doc.id, score: Math.round(score * 1000) / 1000, reasons };
}

const energyWord = (e: number): EnergyClass => (e >= 0.6 ? 'high' : e >= 0.33 ? 'medium' : 'low');

/**
 * Scores every song of the catalogue that is long enough for the video (a track is trimmed, never
 * stretched) against the target, for `catalog.index.query({ scores })`: tempo in range, energy from the
 * sound descriptor when the track has one, the asked-for moods, a length close above the video's.
 */
export function videoScores(
  catalog: SearchCatalog,
  target: VideoTarget,
): { scores: Map<number, number>; fits: Map<number, RankedTrack> } {
  const moodRank = new Map(target.moods.map((name, i) => [name.toLowerCase(), i]));
  const scores = new Map<number, number>();
  const fits = new Map<number, RankedTrack>();
  for (const id of catalog.index.ids()) {
    const slot = catalog.index.slotOf(id)!;
    const doc = catalog.index.doc(slot);
    if (!doc || doc.type !== 'music' || doc.duration < target.durationSec * MIN_LENGTH_SHARE) continue;
    const fit = fitOf(doc, target, descriptorOf(catalog, id)?.features.energy ?? null, moodRank);
    scores.set(slot, fit.score);
    fits.set(slot, fit);
  }
  return { scores, fits };
}
