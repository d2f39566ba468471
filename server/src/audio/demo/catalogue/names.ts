import type { Rng } from '../rng';

const ADJ = [
  'Golden', 'Midnight', 'Electric', 'Velvet', 'Silver', 'Neon', 'Wild', 'Crystal', 'Hidden', 'Endless', 'Lucky', 'Broken', 'Summer', 'Distant', 'Quiet',
  'Burning', 'Paper', 'Cosmic', 'Lazy', 'Scarlet', 'Frozen', 'Hollow', 'Bright', 'Secret', 'Restless', 'Sunday', 'Coastal', 'Northern', 'Gentle', 'Rising',
];
const NOUN = [
  'Hour', 'Skyline', 'Drive', 'Harbor', 'Echoes', 'Lights', 'Horizon', 'Garden', 'River', 'Avenue', 'Dreams', 'Heartbeat', 'Waves', 'Fire', 'Signal',
  'Parade', 'Motel', 'Orbit', 'Carousel', 'Postcard', 'Lanterns', 'Satellite', 'Boulevard', 'Mirage', 'Tides', 'Engines', 'Meadow', 'Streets', 'Fever', 'Bloom',
];
const PHRASES = [
  'Take Me Higher', 'Under the Same Sky', 'Dancing in the Rain', 'All Night Long', 'Back to You', 'Chasing the Sun', 'One More Time', 'Across the Border',
  'Fiesta en la Calle', 'Corazón de Oro', 'Mañana Será', 'Noche de Luna', 'Café au Lait', 'Señorita Luna', 'Through the Window', 'Count to Ten',
  'Wake Up Call', 'Hold the Line', 'Slow Motion', 'Feels Like Home', 'Running Late', 'Paper Planes', 'City of Glass', 'Stay a While',
];
const FIRST = [
  'Nova', 'Milo', 'Luna', 'Ezra', 'Iris', 'Jonah', 'Sofía', 'Mateo', 'Zoë', 'Aria', 'Leo', 'Maya', 'Felix', 'Inès', 'Oscar', 'Clara', 'Hugo', 'Lena',
  'Rafael', 'Nina', 'Theo', 'Björn', 'Amélie', 'Kai', 'Elena', 'Dario', 'Noémie', 'Jasper',
];
const LAST = [
  'Lane', 'Rivers', 'Castillo', 'Hart', 'Moreau', 'Sato', 'Quinn', 'Novak', 'Reyes', 'Blake', 'Larsen', 'Dubois', 'Carter', 'Ortega', 'Hale', 'Fischer',
  'Müller', 'Silva', 'Holm', 'Vega', 'West', 'Kowalski', 'Brooks', 'Núñez',
];
const BAND_A = ['The Velvet', 'Neon', 'Paper', 'Northern', 'Golden', 'Silver', 'Midnight', 'Cosmic', 'Lo-Fi', 'Electric', 'Analog', 'Sunset'];
const BAND_B = ['Foxes', 'Machines', 'Collective', 'Brothers & Sisters', 'Orchestra', 'Club', 'Satellites', 'Tapes', 'Society', 'Riders', 'Kids', 'Echo'];

export function songTitle(rng: Rng): string {
  const r = rng.next();
  if (r < 0.45) return `${rng.pick(ADJ)} ${rng.pick(NOUN)}`;
  if (r < 0.7) return rng.pick(PHRASES);
  if (r < 0.85) return `${rng.pick(NOUN)} & ${rng.pick(NOUN)}`;
  return `The ${rng.pick(ADJ)} ${rng.pick(NOUN)}`;
}

export function artistName(rng: Rng): string {
  return rng.chance(0.6) ? `${rng.pick(FIRST)} ${rng.pick(LAST)}` : `${rng.pick(BAND_A)} ${rng.pick(BAND_B)}`;
}
