import { Trans, useTranslation } from 'react-i18next';
import { Clock, Gauge, Layers, Mic, Pause, Play, Piano } from 'lucide-react';
import type { Product } from '@cuewave/contract/catalog';
import { Button } from '../../../components/ui/button';
import { Tag } from '../../../components/ui/chip';
import { formatDuration, formatTime } from '../../../lib/format';
import { ProductNote } from '../../playlists/product-note';
import { TrackActions } from '../../playlists/track-actions';
import { usePlayer, usePlayerTime } from '../../player/player-context';
import { previewFile } from '../../player/preview';
import { Waveform } from '../../player/waveform';
import { catalogPaths, useLocalize } from '../paths';
import { Cover } from './cover';
import styles from './song-hero.module.css';

export type SongHeroProps = {
  product: Product;
  /** What plays after this track (similar tracks), so "next" keeps going. */
  queue: Product[];
  /** subgenre id → its genre id, to link subgenre chips to the right genre. */
  subgenreParents: Record<string, string>;
};

/** The top of the song page: big cover, title, artist, play, seekable waveform, facts and chips. */
export function SongHero({ product, queue, subgenreParents }: SongHeroProps) {
  const player = usePlayer();
  const time = usePlayerTime();
  const localize = useLocalize();
  const { t } = useTranslation('catalog');
  const current = player.isCurrent(product.id);
  const playing = player.isPlaying(product.id);
  const peaks = previewFile(product)?.waveform ?? [];
  const stems = product.files.filter((f) => f.type.startsWith('stem_')).length;
  // "3 min 5 sec" for screen readers, in the page's language.
  const rounded = Math.round(product.duration) || 0;
  const longDuration = t('song.longDuration', { minutes: Math.floor(rounded / 60), seconds: rounded % 60 });

  const start = () => player.play(queue, 0);
  const onPlay = () => (playing ? player.toggle() : start());

  const chips = [
    ...product.genres.map((g) => ({
      key: `g-${g.id}`,
      name: g.name,
      to: catalogPaths.genre(g.id),
      tone: 'accent' as const,
    })),
    ...product.subgenres.map((s) => {
      const parent = subgenreParents[s.id] ?? product.genres[0]?.id;
      return {
        key: `s-${s.id}`,
        name: s.name,
        to: parent ? catalogPaths.subgenre(parent, s.id) : undefined,
        tone: 'accent' as const,
      };
    }),
    ...product.moods.map((m) => ({
      key: `m-${m.id}`,
      name: m.name,
      to: catalogPaths.mood(m.id),
      tone: 'neutral' as const,
    })),
    ...product.tags.map((tag) => ({
      key: `t-${tag.id}`,
      name: `#${tag.name}`,
      to: undefined,
      tone: 'neutral' as const,
    })),
  ];

  return (
    <section className={styles.root} aria-labelledby="song-title">
      <div className={styles.backdrop} aria-hidden="true">
        {product.cover ? <Cover fileId={product.cover} seed={product.id} className={styles.backdropCover} /> : null}
      </div>
      <div className={styles.grid}>
        <div className={styles.art}>
          <Cover
            fileId={product.cover}
            seed={product.id}
            radius="xl"
            priority
            alt={t('song.cover', { title: product.title })}
            className={styles.cover}
          />
        </div>
        <div className={styles.body}>
          <p className={styles.eyebrow}>{product.vocal ? t('song.eyebrowVocal') : t('song.eyebrowInstrumental')}</p>
          <h1 id="song-title" className={styles.title}>
            {product.title}
          </h1>
          <p className={styles.artist}>
            <Trans t={t} i18nKey="song.by" values={{ artist: product.artist.name }} components={{ artist: <span /> }} />
          </p>

          <div className={styles.playRow}>
            <Button
              size="lg"
              onClick={onPlay}
              icon={playing ? <Pause fill="currentColor" /> : <Play fill="currentColor" />}
              aria-label={t(playing ? 'track.pause' : 'track.play', { title: product.title })}
              data-testid="song-play"
              className={styles.playButton}
            >
              {playing ? t('playAll.pause') : current ? t('playAll.resume') : t('song.play')}
            </Button>
            <TrackActions productId={product.id} title={product.title} size="lg" className={styles.trackActions} />
            <div className={styles.wave}>
              <Waveform
                peaks={peaks}
                position={current ? time.position : 0}
                duration={current ? time.duration : product.duration}
                onSeek={(seconds) => (current ? time.seek(seconds) : start())}
                label={t('song.seek', { title: product.title })}
              />
              <div className={styles.clock} aria-hidden="true">
                <span>{formatTime(current ? time.position : 0)}</span>
                <span>{formatDuration(product.duration)}</span>
              </div>
            </div>
          </div>

          <dl className={styles.facts}>
            <div>
              <dt>
                <Clock aria-hidden="true" /> {t('track.duration')}
              </dt>
              <dd data-testid="song-duration">
                {formatDuration(product.duration)}
                <span className="visually-hidden"> ({longDuration})</span>
              </dd>
            </div>
            <div>
              <dt>
                <Gauge aria-hidden="true" /> {t('song.tempo')}
              </dt>
              <dd data-testid="song-bpm">{product.bpm ? t('song.bpm', { bpm: Math.round(product.bpm) }) : '—'}</dd>
            </div>
            <div>
              <dt>
                {product.vocal ? <Mic aria-hidden="true" /> : <Piano aria-hidden="true" />} {t('song.versions')}
              </dt>
              <dd>{product.vocal ? t('song.vocalAndInstrumental') : t('song.instrumental')}</dd>
            </div>
            <div>
              <dt>
                <Layers aria-hidden="true" /> {t('song.stems')}
              </dt>
              <dd>{stems ? t('song.stemsIncluded', { count: stems }) : t('song.notAvailable')}</dd>
            </div>
          </dl>

          {chips.length ? (
            <ul role="list" className={styles.chips} aria-label={t('song.chips')}>
              {chips.map((chip) => (
                <li key={chip.key}>
                  <Tag to={chip.to ? localize(chip.to) : undefined} tone={chip.tone} className={styles.chip}>
                    {chip.name}
                  </Tag>
                </li>
              ))}
            </ul>
          ) : null}

          <ProductNote productId={product.id} title={product.title} className={styles.note} />
        </div>
      </div>
    </section>
  );
}
