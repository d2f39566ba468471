import { describe, expect, it } from 'vitest';
import { safeSegment, stemEntryName, trackBaseName, trackEntryName, trackNumber } from './archive-names';

describe('zip entry names', () => {
  it('numbers tracks with at least two digits, more when the playlist needs them', () => {
    expect(trackNumber(0, 5)).toBe('01');
    expect(trackNumber(9, 50)).toBe('10');
    expect(trackNumber(4, 120)).toBe('005');
  });

  it('names a track `NN Title - Artist.ext` and its stems in a folder of the same name', () => {
    const base = trackBaseName(2, 12, 'Night Drive', 'Aurora Lane');
    expect(trackEntryName(base, 'wav')).toBe('03 Night Drive - Aurora Lane.wav');
    expect(stemEntryName(base, 'Bass', 'mp3')).toBe('03 Night Drive - Aurora Lane/Bass.mp3');
    expect(trackBaseName(0, 1, 'Solo', null)).toBe('01 Solo');
  });

  it('never lets a title climb out of the zip or hide a file', () => {
    expect(safeSegment('../../etc/passwd')).toBe('etc passwd');
    expect(safeSegment('..\\..\\windows')).toBe('windows');
    expect(safeSegment('.hidden')).toBe('hidden');
    expect(safeSegment('a/b')).toBe('a b');
    expect(trackBaseName(0, 1, '../../x', '..')).toBe('01 x -');
    for (const name of [trackBaseName(0, 1, '/abs', 'x'), stemEntryName('01 a', '../up', 'wav')]) {
      expect(name.split('/').every((part) => part !== '..' && part !== '.' && part !== '')).toBe(true);
      expect(name.startsWith('/')).toBe(false);
    }
  });

  it('drops characters Windows refuses and control characters, keeps letters of every language', () => {
    expect(safeSegment('What? <Now>: "Yes" | *no*')).toBe('What Now Yes no');
    expect(safeSegment('tab\there\u0000nul\nline')).toBe('tab here nul line');
    expect(safeSegment('Źdźbło — 夜のドライブ')).toBe('Źdźbło — 夜のドライブ');
    expect(safeSegment('CON')).toBe('CON_');
    expect(safeSegment('   ')).toBe('Untitled');
    expect(safeSegment('dots...')).toBe('dots');
  });

  it('bounds a long title without splitting a character', () => {
    const long = safeSegment('ż'.repeat(500));
    expect(Buffer.byteLength(long)).toBeLessThanOrEqual(160);
    expect(long).toBe('ż'.repeat(80));
  });
});
