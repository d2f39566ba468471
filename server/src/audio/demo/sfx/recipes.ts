import type { Rng } from '../rng';
import { drive, svf } from '../synth/dsp';
import { add, brown, decay, filter, filterSweep, glide, noise, secs, shape, wander } from './sfx-kit';

export type SfxCategory =
  | 'Whooshes'
  | 'Impacts'
  | 'Risers'
  | 'UI Clicks'
  | 'Ambiences'
  | 'Footsteps'
  | 'Nature'
  | 'Transitions'
  | 'Glitches'
  | 'Cartoon'
  | 'Sci-Fi'
  | 'Household';

/**
 * `what`: what this render made, as a noun phrase that follows "A 2-second …" (the catalogue
 * description, decision 062); written from the synthesis below, so it says only what is really there.
 */
export type SfxSound = { audio: Float32Array; title: string; what: string };
/** `uses`: what the category is for (search keywords), `tags` as shown in the catalogue. */
export type SfxRecipe = { tags: string[]; uses: string[]; render: (rng: Rng, sr: number) => SfxSound };

const sound = (audio: Float32Array, title: string, what: string): SfxSound => ({ audio, title, what });

const whoosh = (rng: Rng, sr: number) => {
  const dur = rng.range(0.6, 2.4);
  const b = noise(rng, sr, dur);
  const peakAt = rng.range(0.35, 0.65);
  const lo = rng.range(200, 500);
  const hi = rng.range(2000, 6000);
  svfSweepUpDown(b, sr, lo, hi, peakAt);
  return sound(
    shape(b, [
      [0, 0],
      [peakAt, 1],
      [1, 0],
    ]),
    rng.pick(['Swift Air Whoosh', 'Fast Pass By', 'Cloth Swish', 'Sword Swing', 'Camera Whip Pan']),
    'whoosh of airy, band-filtered noise that sweeps up to a peak and falls away',
  );
};

// Band-pass swept up to a peak and back down, applied twice for a narrower, airier whoosh.
function svfSweepUpDown(b: Float32Array, sr: number, lo: number, hi: number, peakAt: number): void {
  const n = b.length;
  const cutoff = (i: number) => {
    const t = i / n;
    const x = t < peakAt ? t / peakAt : 1 - (t - peakAt) / (1 - peakAt);
    return lo * Math.pow(hi / lo, x * x);
  };
  svf(b, sr, 'band', 1.8, cutoff);
  svf(b, sr, 'band', 1.8, cutoff);
}

const impact = (rng: Rng, sr: number) => {
  const dur = rng.range(1.2, 3);
  const b = secs(sr, dur);
  const body = glide(sr, dur, rng.range(90, 140), rng.range(30, 45));
  decay(body, sr, rng.range(0.25, 0.6));
  const crack = noise(rng, sr, 0.4);
  filter(crack, sr, 'low', rng.range(1500, 5000));
  decay(crack, sr, 0.05);
  add(b, body, 0, sr, 1);
  add(b, crack, 0, sr, 0.8);
  const ringing = rng.chance(0.5);
  if (ringing) {
    const ring = glide(sr, dur, rng.range(300, 900), rng.range(280, 850));
    decay(ring, sr, rng.range(0.3, 0.8));
    add(b, ring, 0, sr, 0.25);
  }
  drive(b, 1.6);
  const title = rng.pick(['Heavy Hit', 'Cinematic Boom', 'Metal Slam', 'Deep Thud', 'Punchy Impact', 'Trailer Hit']);
  return sound(
    b,
    title,
    `impact: a deep boom falling in pitch with a sharp crack on top${ringing ? ' and a metallic ring' : ''}`,
  );
};

const riser = (rng: Rng, sr: number) => {
  const dur = rng.range(3, 9);
  const b = noise(rng, sr, dur);
  filterSweep(b, sr, 'band', 2.5, rng.range(150, 400), rng.range(5000, 9000), 1.6);
  const tone = glide(sr, dur, rng.range(80, 160), rng.range(600, 1400), 2, 6, 0.01);
  filter(tone, sr, 'low', 3000);
  add(b, tone, 0, sr, 0.35);
  return sound(
    shape(b, [
      [0, 0.02],
      [0.85, 0.7],
      [0.98, 1],
      [1, 0],
    ]),
    rng.pick(['Tension Riser', 'Noise Sweep Up', 'Build Up', 'Suspense Rise', 'Pre-Drop Riser']),
    'riser: filtered noise and a climbing tone that build up and cut off at the peak',
  );
};

const uiClick = (rng: Rng, sr: number) => {
  const notes = rng.int(1, 3);
  const step = rng.range(0.06, 0.12);
  const dur = Math.max(0.3, notes * step + 0.2);
  const b = secs(sr, dur);
  const base = rng.range(600, 1600);
  const dir = rng.pick([1, -1, 0]);
  for (let k = 0; k < notes; k++) {
    const f = base * Math.pow(rng.pick([1.25, 1.5, 1.335]), dir * k);
    const blip = glide(sr, 0.12, f, f * 0.98, rng.pick([0, 0, 1]));
    decay(blip, sr, rng.range(0.015, 0.04), 0.001);
    add(b, blip, k * step, sr);
  }
  const click = noise(rng, sr, 0.01);
  filter(click, sr, 'high', 4000);
  add(b, decay(click, sr, 0.002, 0.0002), 0, sr, 0.4);
  const title =
    notes === 1
      ? rng.pick(['Button Click', 'Menu Tick', 'Toggle Switch'])
      : dir > 0
        ? rng.pick(['Confirm Chime', 'Notification Pop', 'Success Tone'])
        : dir < 0
          ? 'Error Blip'
          : 'Double Tap';
  const what =
    notes === 1
      ? 'interface click: one short blip with a tick'
      : dir > 0
        ? `interface chime: ${notes} blips rising in pitch`
        : dir < 0
          ? `interface error sound: ${notes} blips falling in pitch`
          : `interface tap: ${notes} quick blips at one pitch`;
  return sound(b, title, what);
};

const ambience = (rng: Rng, sr: number) => {
  const dur = rng.range(10, 20);
  const b = brown(rng, sr, dur);
  filter(b, sr, 'low', rng.range(400, 1500));
  const air = noise(rng, sr, dur);
  filter(air, sr, 'band', rng.range(1500, 4000), 0.6);
  const amp = wander(rng, sr, b.length, 0.3, 1, 0.5);
  for (let i = 0; i < b.length; i++) b[i] = b[i]! * 3 + air[i]! * 0.05 * amp[i]!;
  const humming = rng.chance(0.5);
  if (humming) {
    // Mains hum and a distant tone make it read as a room or a city rather than plain noise.
    const hum = glide(sr, dur, rng.pick([50, 60]), rng.pick([50, 60]));
    add(b, hum, 0, sr, 0.04);
  }
  for (let k = rng.int(2, 6); k > 0; k--) {
    const tone = glide(sr, rng.range(1, 3), rng.range(200, 700), rng.range(180, 720));
    shape(tone, [
      [0, 0],
      [0.3, 1],
      [1, 0],
    ]);
    add(b, tone, rng.range(0, dur - 3), sr, 0.03);
  }
  return sound(
    b,
    rng.pick([
      'Quiet Room Tone',
      'City At Night',
      'Office Hum',
      'Underground Station',
      'Empty Hall',
      'Distant Traffic',
    ]),
    `ambience: a low rumble with soft air and faint distant tones${humming ? ' over an electrical hum' : ''}`,
  );
};

const footsteps = (rng: Rng, sr: number) => {
  const steps = rng.int(4, 12);
  const gap = rng.range(0.35, 0.6);
  const dur = steps * gap + 0.5;
  const b = secs(sr, dur);
  const surface = rng.pick(['wood', 'gravel', 'concrete', 'snow'] as const);
  for (let k = 0; k < steps; k++) {
    const t = k * gap + rng.range(-0.03, 0.03) + 0.05;
    for (const [offset, level] of [
      [0, 1],
      [rng.range(0.03, 0.06), 0.6],
    ] as const) {
      const hit = noise(rng, sr, 0.15);
      if (surface === 'wood') filter(hit, sr, 'band', rng.range(250, 400), 4);
      else if (surface === 'gravel') filter(hit, sr, 'band', rng.range(2500, 4000), 0.8);
      else if (surface === 'snow') filter(hit, sr, 'band', rng.range(1200, 2000), 1.2);
      else filter(hit, sr, 'low', 1800);
      decay(hit, sr, surface === 'gravel' || surface === 'snow' ? 0.05 : 0.02, surface === 'snow' ? 0.02 : 0.001);
      add(b, hit, t + offset, sr, level * rng.range(0.7, 1));
    }
  }
  const names = {
    wood: 'Footsteps On Wood',
    gravel: 'Gravel Walk',
    concrete: 'Concrete Footsteps',
    snow: 'Snow Crunch Steps',
  };
  const running = gap < 0.42;
  return sound(
    b,
    running ? `Running ${names[surface].replace('Footsteps', 'Steps')}` : names[surface],
    `series of ${steps} ${running ? 'running' : 'walking'} footsteps on ${surface}`,
  );
};

const nature = (rng: Rng, sr: number) => {
  const kind = rng.pick(['wind', 'rain', 'birds', 'stream'] as const);
  const dur = rng.range(6, 18);
  if (kind === 'wind') {
    const b = noise(rng, sr, dur);
    const cut = wander(rng, sr, b.length, 250, 1200, 0.8);
    svfWith(b, sr, 'band', 1.5, cut);
    const amp = wander(rng, sr, b.length, 0.2, 1, 0.8);
    for (let i = 0; i < b.length; i++) b[i] = b[i]! * amp[i]!;
    return sound(
      b,
      rng.pick(['Gentle Wind', 'Storm Breeze', 'Mountain Wind']),
      'nature sound of wind rising and falling in gusts',
    );
  }
  if (kind === 'rain') {
    const b = noise(rng, sr, dur);
    filter(b, sr, 'high', 2500);
    for (let i = 0; i < b.length; i++) b[i] = b[i]! * 0.15;
    const drops = Math.round(dur * rng.range(40, 120));
    for (let k = 0; k < drops; k++) {
      const d = glide(sr, 0.02, rng.range(2000, 6000), rng.range(800, 2000));
      add(b, decay(d, sr, 0.004, 0.0005), rng.range(0, dur - 0.05), sr, rng.range(0.1, 0.5));
    }
    return sound(
      b,
      rng.pick(['Light Rain', 'Rain On Leaves', 'Steady Drizzle']),
      'nature sound of rain: a soft hiss with scattered drops',
    );
  }
  if (kind === 'birds') {
    const b = noise(rng, sr, dur);
    filter(b, sr, 'band', 800, 0.5);
    for (let i = 0; i < b.length; i++) b[i] = b[i]! * 0.04;
    for (let t = rng.range(0.2, 1); t < dur - 1; t += rng.range(0.3, 1.8)) {
      const chirps = rng.int(1, 4);
      const f = rng.range(2500, 5000);
      for (let c = 0; c < chirps; c++) {
        const chirp = glide(
          sr,
          rng.range(0.05, 0.15),
          f * rng.range(0.8, 1.1),
          f * rng.range(1.1, 1.6),
          0,
          rng.range(20, 60),
          0.06,
        );
        shape(chirp, [
          [0, 0],
          [0.2, 1],
          [1, 0],
        ]);
        add(b, chirp, t + c * 0.12, sr, rng.range(0.3, 0.7));
      }
    }
    return sound(
      b,
      rng.pick(['Morning Birds', 'Garden Birdsong', 'Songbirds']),
      'nature sound of birdsong: chirping calls over a quiet outdoor background',
    );
  }
  const b = noise(rng, sr, dur);
  const cut = wander(rng, sr, b.length, 600, 2500, 6);
  svfWith(b, sr, 'band', 2, cut);
  return sound(b, rng.pick(['Forest Stream', 'Babbling Brook']), 'nature sound of a babbling stream of water');
};

function svfWith(b: Float32Array, sr: number, mode: 'band' | 'low', q: number, cutoff: Float32Array): void {
  svf(b, sr, mode, q, (i) => cutoff[i] ?? cutoff[cutoff.length - 1]!);
}

const transition = (rng: Rng, sr: number) => {
  const dur = rng.range(1.2, 4);
  const b = noise(rng, sr, dur);
  const down = rng.chance(0.5);
  filterSweep(b, sr, 'band', 1.5, down ? 6000 : 300, down ? 200 : 6000, 1);
  shape(
    b,
    down
      ? [
          [0, 1],
          [1, 0],
        ]
      : [
          [0, 0],
          [0.9, 1],
          [1, 0],
        ],
  );
  const withSub = down || rng.chance(0.5);
  if (withSub) {
    const sub = glide(sr, dur, rng.range(80, 120), 30);
    shape(sub, [
      [0, 1],
      [1, 0],
    ]);
    add(b, sub, 0, sr, 0.6);
  }
  return sound(
    b,
    down
      ? rng.pick(['Downlifter', 'Sub Drop', 'Scene Change'])
      : rng.pick(['Reverse Swell', 'Swipe Transition', 'Scene Change']),
    down
      ? 'transition: a noise sweep falling in pitch over a dropping sub-bass'
      : `transition: a noise swell sweeping upward${withSub ? ' over a dropping sub-bass' : ''}`,
  );
};

const glitch = (rng: Rng, sr: number) => {
  const dur = rng.range(0.5, 2.5);
  const b = secs(sr, dur);
  let t = 0;
  while (t < dur - 0.05) {
    const len = rng.range(0.02, 0.12);
    const kind = rng.int(0, 2);
    const seg =
      kind === 0
        ? glide(sr, len, rng.range(100, 3000), rng.range(100, 3000), 1)
        : kind === 1
          ? noise(rng, sr, len)
          : glide(sr, len, rng.range(40, 200), rng.range(40, 200), 2);
    // Sample-and-hold: holding each value for several samples gives the bit-crushed digital grit.
    const hold = rng.int(1, 24);
    for (let i = 0; i < seg.length; i++) seg[i] = seg[i - (i % hold)]!;
    const reps = rng.int(1, 4);
    for (let r = 0; r < reps && t < dur - len; r++, t += len) add(b, seg, t, sr, rng.range(0.4, 1));
    t += rng.chance(0.3) ? rng.range(0.02, 0.1) : 0;
  }
  return sound(
    b,
    rng.pick(['Digital Glitch', 'Data Corruption', 'Signal Stutter', 'Bit Crush Burst', 'Static Error']),
    'burst of bit-crushed digital glitches: stuttering blips, buzzes and noise',
  );
};

const cartoon = (rng: Rng, sr: number) => {
  const kind = rng.pick(['boing', 'slide', 'pop', 'honk'] as const);
  if (kind === 'boing') {
    const dur = rng.range(0.6, 1.4);
    const b = glide(sr, dur, rng.range(120, 220), rng.range(250, 400), 0, rng.range(8, 14), 0.25);
    return sound(decay(b, sr, dur / 3), 'Spring Boing', 'cartoon spring boing that wobbles up in pitch');
  }
  if (kind === 'slide') {
    const dur = rng.range(0.6, 1.8);
    const up = rng.chance(0.5);
    const b = glide(sr, dur, up ? 400 : 2000, up ? 2000 : 400, 0, 6, 0.02);
    return sound(
      shape(b, [
        [0, 0],
        [0.1, 1],
        [0.9, 1],
        [1, 0],
      ]),
      up ? 'Slide Whistle Up' : 'Slide Whistle Down',
      `cartoon slide whistle gliding ${up ? 'up' : 'down'}`,
    );
  }
  if (kind === 'pop') {
    const b = glide(sr, rng.range(0.3, 0.5), rng.range(600, 1000), rng.range(150, 300));
    return sound(decay(b, sr, 0.06), 'Bubble Pop', 'cartoon bubble pop');
  }
  const dur = rng.range(0.4, 0.9);
  const b = glide(sr, dur, rng.range(300, 450), rng.range(280, 420), 1, 30, 0.02);
  filter(b, sr, 'band', 900, 1.5);
  return sound(
    shape(b, [
      [0, 0],
      [0.05, 1],
      [0.8, 0.8],
      [1, 0],
    ]),
    'Clown Honk',
    'cartoon clown horn honk',
  );
};

const sciFi = (rng: Rng, sr: number) => {
  const kind = rng.pick(['laser', 'hum', 'teleport', 'computer'] as const);
  if (kind === 'laser') {
    const b = glide(sr, rng.range(0.25, 0.6), rng.range(1500, 4000), rng.range(100, 300), rng.pick([1, 2] as const));
    filter(b, sr, 'low', 6000);
    return sound(
      decay(b, sr, 0.15),
      rng.pick(['Laser Zap', 'Blaster Shot', 'Ray Gun']),
      'sci-fi laser zap diving down in pitch',
    );
  }
  if (kind === 'hum') {
    const dur = rng.range(3, 6);
    const f = rng.range(50, 90);
    const b = glide(sr, dur, f, f * rng.range(0.98, 1.02), 2, rng.range(0.3, 2), 0.01);
    const c = glide(sr, dur, f * 1.503, f * 1.5, 2, 0.7, 0.01);
    add(b, c, 0, sr, 0.6);
    filterSweep(b, sr, 'low', 3, 300, 1200, 1);
    return sound(
      shape(b, [
        [0, 0],
        [0.2, 1],
        [0.8, 1],
        [1, 0],
      ]),
      rng.pick(['Force Field Hum', 'Spaceship Hum', 'Reactor Drone']),
      'sci-fi hum: a low, wavering electric drone that opens up and fades',
    );
  }
  if (kind === 'teleport') {
    const dur = rng.range(1.5, 3);
    const b = glide(sr, dur, rng.range(200, 400), rng.range(2000, 4000), 0, rng.range(15, 40), 0.3);
    const shimmer = noise(rng, sr, dur);
    filterSweep(shimmer, sr, 'band', 6, 1000, 8000, 1);
    add(b, shimmer, 0, sr, 0.5);
    return sound(
      shape(b, [
        [0, 0],
        [0.7, 1],
        [1, 0],
      ]),
      'Teleport Beam',
      'sci-fi teleport beam: a rising warble with a shimmering sweep',
    );
  }
  const beeps = rng.int(5, 14);
  const b = secs(sr, beeps * 0.09 + 0.2);
  for (let k = 0; k < beeps; k++) {
    const f = rng.pick([880, 1174, 1318, 1760, 987, 1568]);
    add(b, decay(glide(sr, 0.07, f, f, 1), sr, 0.03), k * 0.09, sr, 0.5);
  }
  filter(b, sr, 'low', 5000);
  return sound(b, rng.pick(['Computer Readout', 'Alien Console']), `sci-fi computer readout of ${beeps} quick beeps`);
};

const household = (rng: Rng, sr: number) => {
  const kind = rng.pick(['knock', 'phone', 'kettle', 'microwave', 'clock', 'doorbell'] as const);
  if (kind === 'knock') {
    const knocks = rng.int(2, 4);
    const b = secs(sr, knocks * 0.22 + 0.4);
    for (let k = 0; k < knocks; k++) {
      const hit = noise(rng, sr, 0.2);
      filter(hit, sr, 'band', rng.range(180, 280), 5);
      add(b, decay(hit, sr, 0.03, 0.001), k * 0.2 + rng.range(0, 0.03), sr);
    }
    return sound(b, 'Door Knock', `door knock of ${knocks} raps on wood`);
  }
  if (kind === 'phone') {
    const rings = rng.int(2, 3);
    const b = secs(sr, rings * 3);
    for (let r = 0; r < rings; r++) {
      const ring = glide(sr, 1.8, 440, 440);
      add(ring, glide(sr, 1.8, 480, 480), 0, sr);
      for (let i = 0; i < ring.length; i++)
        ring[i] = ring[i]! * (Math.sin((2 * Math.PI * 20 * i) / sr) > 0 ? 0.5 : 0.1);
      add(b, ring, r * 3, sr);
    }
    return sound(b, 'Old Phone Ring', `old telephone bell ringing ${rings} times`);
  }
  if (kind === 'kettle') {
    const dur = rng.range(4, 8);
    const b = glide(sr, dur, rng.range(900, 1300), rng.range(1800, 2400), 0, 5, 0.01);
    const steam = noise(rng, sr, dur);
    filter(steam, sr, 'band', 3000, 1);
    add(b, steam, 0, sr, 0.4);
    return sound(
      shape(b, [
        [0, 0],
        [0.6, 0.6],
        [0.95, 1],
        [1, 0],
      ]),
      'Kettle Whistle',
      'kettle whistling louder as it comes to the boil',
    );
  }
  if (kind === 'microwave') {
    const b = secs(sr, 1.8);
    for (let k = 0; k < 3; k++)
      add(
        b,
        shape(glide(sr, 0.3, 1000, 1000, 1), [
          [0, 0],
          [0.05, 1],
          [0.95, 1],
          [1, 0],
        ]),
        k * 0.5,
        sr,
        0.5,
      );
    return sound(b, 'Microwave Beep', 'microwave signal of three beeps');
  }
  if (kind === 'clock') {
    const ticks = rng.int(4, 10);
    const b = secs(sr, ticks * 0.5 + 0.3);
    for (let k = 0; k < ticks; k++) {
      const tick = noise(rng, sr, 0.03);
      filter(tick, sr, 'band', k % 2 ? 3500 : 2800, 6);
      add(b, decay(tick, sr, 0.004, 0.0003), k * 0.5, sr);
    }
    return sound(b, 'Clock Ticking', `clock ticking ${ticks} times`);
  }
  const b = secs(sr, 2.5);
  const ding = glide(sr, 1.4, 659, 659);
  const dong = glide(sr, 1.8, 523, 523);
  add(b, decay(ding, sr, 0.5), 0, sr);
  add(b, decay(dong, sr, 0.7), 0.6, sr);
  return sound(b, 'Doorbell Ding Dong', 'two-tone ding-dong doorbell');
};

export const SFX_RECIPES: Record<SfxCategory, SfxRecipe> = {
  Whooshes: {
    tags: ['whoosh', 'motion', 'transition'],
    uses: ['motion graphics', 'fast cuts', 'title sequences'],
    render: whoosh,
  },
  Impacts: {
    tags: ['impact', 'hit', 'cinematic'],
    uses: ['trailers', 'action scenes', 'logo reveals'],
    render: impact,
  },
  Risers: { tags: ['riser', 'build', 'tension'], uses: ['trailers', 'build-ups', 'drops'], render: riser },
  'UI Clicks': { tags: ['ui', 'interface', 'app'], uses: ['apps', 'websites', 'games'], render: uiClick },
  Ambiences: {
    tags: ['ambience', 'background', 'room tone'],
    uses: ['film scenes', 'podcasts', 'atmosphere'],
    render: ambience,
  },
  Footsteps: { tags: ['footsteps', 'foley', 'walking'], uses: ['film foley', 'games', 'animation'], render: footsteps },
  Nature: {
    tags: ['nature', 'outdoors', 'weather'],
    uses: ['documentaries', 'relaxation', 'travel videos'],
    render: nature,
  },
  Transitions: {
    tags: ['transition', 'edit', 'video'],
    uses: ['video editing', 'scene changes', 'vlogs'],
    render: transition,
  },
  Glitches: {
    tags: ['glitch', 'digital', 'electronic'],
    uses: ['tech intros', 'games', 'music videos'],
    render: glitch,
  },
  Cartoon: { tags: ['cartoon', 'funny', 'kids'], uses: ['comedy', 'animation', 'kids videos'], render: cartoon },
  'Sci-Fi': { tags: ['sci-fi', 'futuristic', 'space'], uses: ['games', 'space scenes', 'tech videos'], render: sciFi },
  Household: {
    tags: ['household', 'home', 'foley'],
    uses: ['film foley', 'everyday scenes', 'podcasts'],
    render: household,
  },
};

export const SFX_CATEGORIES = Object.keys(SFX_RECIPES) as SfxCategory[];
