import { useTranslation } from 'react-i18next';
import type { Category } from '@cuewave/contract/catalog';
import { requestTexts } from '../../i18n/request-texts.server';
import { catalogApi, loadList, loadOr404 } from '../../features/catalog/api';
import { SectionHeader } from '../../features/catalog/components/section-header';
import { SongFiles } from '../../features/catalog/components/song-files';
import { SongHero } from '../../features/catalog/components/song-hero';
import { TrackList } from '../../features/catalog/components/track-list';
import { useLocalize } from '../../features/catalog/paths';
import { CloseIn } from '../../features/similar/close-in';
import { similarApi, similarPath } from '../../features/similar/similar-api';
import { notFoundMeta, pageMeta } from '../../features/catalog/meta';
import { formatDuration } from '../../lib/format';
import styles from '../../features/catalog/components/catalog-page.module.css';
import type { Route } from './+types/song';

function subgenreParents(genres: Category[]): Record<string, string> {
  const parents: Record<string, string> = {};
  for (const genre of genres) for (const sub of genre.children) parents[sub.id] = genre.id;
  return parents;
}

export async function loader({ params, request }: Route.LoaderArgs) {
  const { t } = requestTexts(request, 'catalog-meta');
  const [product, similar, genres] = await Promise.all([
    loadOr404(() => catalogApi.song(params.songId)),
    // Nearest by sound (decision 066); by genre and tempo while the track's sound is not analysed yet.
    loadList(() => similarApi.moreLike('music', params.songId, { skip: 0, limit: 10 }), {
      items: [],
      count: 0,
      basis: 'sound' as const,
      closeIn: {},
      notice: null,
    }),
    loadList(() => catalogApi.genres(), []),
  ]);
  let items = similar.value.items.filter((p) => p.id !== product.id);
  let kind: 'similar' | 'popular' = 'similar';
  if (!similar.failed && items.length === 0) {
    // Nothing close enough (a small genre): suggest what's popular instead of an empty shelf.
    const popular = await loadList(() => catalogApi.recommended('music'), { items: [] });
    items = popular.value.items.filter((p) => p.id !== product.id);
    kind = 'popular';
  }
  const facts = [
    product.genres[0]?.name,
    product.moods[0]?.name.toLowerCase(),
    product.bpm ? t('song.bpm', { bpm: Math.round(product.bpm) }) : null,
    formatDuration(product.duration),
  ].filter(Boolean);
  const vars = { title: product.title, artist: product.artist.name, facts: facts.join(', ') };
  // meta runs outside React: its texts come in the request's language (decision 075).
  const meta = { title: t('song.title', vars), description: t('song.description', vars) };
  return {
    meta,
    product,
    similar: items,
    closeIn: kind === 'similar' ? similar.value.closeIn : {},
    similarKind: kind,
    similarFailed: similar.failed,
    parents: subgenreParents(genres.value),
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  if (!data) return notFoundMeta(matches);
  const p = data.product;
  return [
    ...pageMeta(data.meta.title, data.meta.description),
    {
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'MusicRecording',
        name: p.title,
        byArtist: { '@type': 'MusicGroup', name: p.artist.name },
        duration: `PT${Math.floor(p.duration / 60)}M${Math.floor(p.duration % 60)}S`,
        genre: p.genres.map((g) => g.name),
      },
    },
  ];
};

export default function SongPage({ loaderData }: Route.ComponentProps) {
  const { product, similar, similarKind, similarFailed, parents, closeIn } = loaderData;
  const popular = similarKind === 'popular';
  const localize = useLocalize();
  const { t } = useTranslation('catalog');
  return (
    <div className="container">
      <SongHero product={product} queue={[product, ...similar]} subgenreParents={parents} />
      <SongFiles product={product} />
      <section className={styles.section} aria-labelledby="similar-tracks">
        <SectionHeader
          id="similar-tracks"
          title={popular ? t('song.alsoLike') : t('song.similar')}
          description={popular ? t('song.alsoLikeDescription') : t('song.similarDescription')}
          action={{ to: localize(similarPath(product)), label: t('song.moreLikeThis') }}
        />
        <TrackList
          items={similar}
          label={popular ? t('song.popularLabel') : t('song.similarLabel', { title: product.title })}
          failed={similarFailed}
          detailOf={(p) => (closeIn[p.id] ? <CloseIn qualities={closeIn[p.id]!} /> : undefined)}
          empty={{ title: t('song.similarEmptyTitle'), description: t('song.similarEmptyDescription') }}
        />
      </section>
    </div>
  );
}
