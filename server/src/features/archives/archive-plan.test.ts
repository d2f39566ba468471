import { describe, expect, it } from 'vitest';
import { planArchive } from './archive-plan';
import type { ArchiveProductRow } from './archives.repo';

const product = (id: string, files: ArchiveProductRow['files'], vocal = false): ArchiveProductRow => ({
  id,
  title: id.toUpperCase(),
  artist: 'Artist',
  has_vocal: vocal,
  files,
});
const f = (type: string, file_id: string, lossless_file_id: string | null = null) => ({
  type,
  file_id,
  lossless_file_id,
});

describe('planArchive', () => {
  const products = new Map([
    ['song', product('song', [f('vocal', 'v-prev', 'v-lossless'), f('master', 'm1'), f('stem_bass', 's1')], true)],
    ['inst', product('inst', [f('instrumental', 'i-prev'), f('master', 'm2')])],
    ['no-master', product('no-master', [f('instrumental', 'i3')])],
  ]);

  it('takes each main version from its lossless file or the master, stems when asked, in the order given', () => {
    const plan = planArchive(['inst', 'song'], products, { format: 'wav', stems: true });
    expect(plan).toEqual([
      { productId: 'inst', file: 'instrumental', sourceFileId: 'm2', name: '01 INST - Artist.wav' },
      { productId: 'song', file: 'vocal', sourceFileId: 'v-lossless', name: '02 SONG - Artist.wav' },
      { productId: 'song', file: 'stem_bass', sourceFileId: 's1', name: '02 SONG - Artist/Bass.wav' },
    ]);
  });

  it('leaves out tracks that are gone or have nothing to download, without gaps in the numbering', () => {
    const plan = planArchive(['gone', 'no-master', 'song', 'inst'], products, { format: 'mp3', stems: false });
    expect(plan.map((e) => e.name)).toEqual(['01 SONG - Artist.mp3', '02 INST - Artist.mp3']);
  });
});
