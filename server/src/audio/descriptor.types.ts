// What a track sounds like, as numbers (issue 14). A leaf: the audio analysis computes it, the search's
// "more like this", reference links and video match compare against it, and none of them import each other.

/** The qualities a sound descriptor measures; results say in which of these they are close. */
export type SoundQuality = 'tempo' | 'energy' | 'brightness' | 'rhythm' | 'timbre' | 'key' | 'loudness' | 'dynamics';

export type SoundFeatures = {
  /** Beats per minute, null when no pulse was found. */
  bpm: number | null;
  /** 0..1: loudness and onset activity together, how driving the track feels. */
  energy: number;
  /** Spectral centroid in Hz. */
  brightnessHz: number;
  /** Onsets per second. */
  rhythmDensity: number;
  /** Estimated key such as "A minor", null when unclear. */
  key: string | null;
  /** Integrated RMS level in dBFS. */
  loudnessDb: number;
  /** Spread between loud and quiet passages in dB. */
  dynamicsDb: number;
};

export type SoundDescriptor = {
  /** Normalised so that Euclidean distance between two vectors tracks how alike they sound; fixed length. */
  vector: number[];
  features: SoundFeatures;
};
