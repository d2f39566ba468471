import type { EnergyClass, VideoMeasures, VideoTarget, VideoTargetReason } from '@cuewave/contract/video-match';
import { formatMinutes } from './video-probe';

const clamp01 = (x: number) => Math.max(0, Math.min(1, x));

/** Cuts per minute counted as "fast" (one every 1.5 s) and "slow" (one every 6 s or fewer). */
const FAST_CUTS = 40;
const SLOW_CUTS = 10;

export const ENERGY_THRESHOLDS = { medium: 0.33, high: 0.6 } as const;

export const energyClassOf = (energy: number): EnergyClass =>
  energy >= ENERGY_THRESHOLDS.high ? 'high' : energy >= ENERGY_THRESHOLDS.medium ? 'medium' : 'low';

/** Tempo ranges by energy class: the range editors cut to (a cut on the beat or every second beat). */
export const TEMPO_BY_CLASS: Record<EnergyClass, { from: number; to: number }> = {
  low: { from: 60, to: 90 },
  medium: { from: 90, to: 120 },
  high: { from: 120, to: 140 },
};

/** Moods of the catalogue's taxonomy asked for by energy and brightness, best first. */
const MOODS: Record<EnergyClass, Record<'dark' | 'neutral' | 'bright', string[]>> = {
  low: {
    dark: ['Calm', 'Melancholic', 'Mysterious', 'Dark', 'Peaceful'],
    neutral: ['Calm', 'Chill', 'Peaceful', 'Dreamy', 'Sentimental'],
    bright: ['Peaceful', 'Dreamy', 'Hopeful', 'Romantic', 'Chill'],
  },
  medium: {
    dark: ['Mysterious', 'Tense', 'Dark', 'Groovy'],
    neutral: ['Groovy', 'Chill', 'Hopeful', 'Uplifting'],
    bright: ['Uplifting', 'Happy', 'Hopeful', 'Playful', 'Groovy'],
  },
  high: {
    dark: ['Tense', 'Epic', 'Dark', 'Energetic'],
    neutral: ['Energetic', 'Epic', 'Groovy', 'Uplifting'],
    bright: ['Energetic', 'Happy', 'Uplifting', 'Playful', 'Epic'],
  },
};

/** Pace from the picture: the faster of cuts and motion leads, the other adds a little. */
function paceOf(m: Pick<VideoMeasures, 'cutsPerMinute' | 'motion'>): number {
  const cuts = clamp01(m.cutsPerMinute / FAST_CUTS);
  const motion = clamp01(m.motion);
  return 0.75 * Math.max(cuts, motion) + 0.25 * ((cuts + motion) / 2);
}

/** 0..1 energy: mostly the picture's pace, then the video's own loudness, brightness and colour. */
export function energyOf(m: VideoMeasures): number {
  const pace = paceOf(m);
  const loud = m.loudnessDb === null ? null : clamp01((m.loudnessDb + 40) / 30);
  const parts: [number, number][] = [
    [pace, 0.7],
    [m.brightness, 0.1],
    [m.saturation, 0.05],
  ];
  if (loud !== null) parts.push([loud, 0.15]);
  const weight = parts.reduce((a, [, w]) => a + w, 0);
  return clamp01(parts.reduce((a, [v, w]) => a + v * w, 0) / weight);
}

const brightnessWord = (b: number) => (b < 0.3 ? 'dark' : b > 0.6 ? 'bright' : 'neutral');

/**
 * What music the video asks for, with a reason for each part: a code and its values for clients to word
 * in their reader's language, and the English sentence ("fast cuts (116 a minute), little motion →
 * 120–140 BPM").
 */
export function targetOf(m: VideoMeasures): VideoTarget {
  const energy = energyOf(m);
  const energyClass = energyClassOf(energy);
  const bpm = TEMPO_BY_CLASS[energyClass];
  const light = brightnessWord(m.brightness);
  const moods = MOODS[energyClass][light];
  const reasons: VideoTargetReason[] = [];

  const level = m.cutsPerMinute >= FAST_CUTS * 0.75 ? 'fast' : m.cutsPerMinute <= SLOW_CUTS ? 'slow' : 'steady';
  const motion = m.motion >= 0.6 ? 'lots' : m.motion <= 0.2 ? 'little' : 'some';
  const cutsPerMinute = Math.round(m.cutsPerMinute);
  const motionWords = { lots: 'lots of motion', some: 'some motion', little: 'little motion' }[motion];
  reasons.push({
    kind: 'cutRate',
    level,
    cutsPerMinute,
    motion,
    bpm: { ...bpm },
    text: `${level} cuts (${cutsPerMinute} a minute), ${motionWords} → ${bpm.from}–${bpm.to} BPM`,
  });
  const paceWords = energyClass === 'high' ? 'fast' : energyClass === 'low' ? 'slow' : 'moderate';
  const moodWords = energyClass === 'low' ? 'calm moods' : energyClass === 'high' ? 'energetic moods' : 'even moods';
  const named = moods.slice(0, 3);
  reasons.push({
    kind: 'light',
    light,
    energyClass,
    moods: named,
    text: `${light === 'neutral' ? 'balanced light' : light}, ${paceWords} → ${moodWords} (${named.join(', ')})`,
  });
  if (m.hasAudio && !m.silent && m.loudnessDb !== null) {
    const loudnessDb = Math.round(m.loudnessDb);
    const raisesEnergy = m.loudnessDb > -20;
    reasons.push({
      kind: 'sound',
      loudnessDb,
      raisesEnergy,
      text: `own sound at ${loudnessDb} dBFS → ${raisesEnergy ? 'raises' : 'keeps'} the energy`,
    });
  }
  const preferInstrumental = m.speech >= 0.3;
  if (preferInstrumental) {
    reasons.push({ kind: 'speech', text: 'speech in the video → instrumental music keeps the voice clear' });
  }
  reasons.push({
    kind: 'length',
    durationSec: m.durationSec,
    text: `${formatMinutes(m.durationSec)} long → tracks at least as long`,
  });

  return {
    energy: Math.round(energy * 1000) / 1000,
    energyClass,
    bpm,
    moods,
    durationSec: m.durationSec,
    preferInstrumental,
    reasons,
  };
}
