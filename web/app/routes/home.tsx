import { useTranslation } from 'react-i18next';
import { catalogApi, loadList } from '../features/catalog/api';
import { CardRail, CardRailItem } from '../features/catalog/components/card-rail';
import { HomeHero } from '../features/catalog/components/home-hero';
import { LoadFailed } from '../features/catalog/components/load-failed';
import { PlaylistCard } from '../features/catalog/components/playlist-card';
import { SectionHeader } from '../features/catalog/components/section-header';
import { TrackList } from '../features/catalog/components/track-list';
import { catalogPaths, useLocalize } from '../features/catalog/paths';
import { Footer } from '../features/shell/footer';
import { Header } from '../features/shell/header';
import styles from '../features/catalog/components/catalog-page.module.css';
import { requestTexts } from '../i18n/request-texts.server';
import type { Route } from './+types/home';

const TOP_ON_HOME = 10;
const TRENDING_IN_HERO = 4;

export async function loader({ request }: Route.LoaderArgs) {
  const { t } = requestTexts(request, 'catalog-meta');
  // limit=1: only the totals are needed for the hero's proof line.
  const [playlists, top, songs, sfx, genres] = await Promise.all([
    loadList(() => catalogApi.homepagePlaylists(), []),
    loadList(() => catalogApi.topTracks(), { products: [] }),
    loadList(() => catalogApi.products('music', { limit: 1 }), { items: [], count: 0 }),
    loadList(() => catalogApi.products('sfx', { limit: 1 }), { items: [], count: 0 }),
    loadList(() => catalogApi.genres(), []),
  ]);
  return {
    playlists: playlists.value,
    playlistsFailed: playlists.failed,
    top: top.value.products.slice(0, TOP_ON_HOME),
    topFailed: top.failed,
    stats: { songs: songs.value.count, sfx: sfx.value.count, genres: genres.value.length },
    // meta runs outside React: the page's title and description in the request's language (decision 075).
    meta: { title: t('home.title'), description: t('home.description') },
  };
}

export const meta: Route.MetaFunction = ({ data }) => {
  if (!data) return [];
  const { title, description } = data.meta;
  return [
    { title },
    { name: 'description', content: description },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:type', content: 'website' },
  ];
};

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const { playlists, playlistsFailed, top, topFailed, stats } = loaderData;
  const localize = useLocalize();
  const { t } = useTranslation('catalog');
  return (
    <>
      <Header variant="transparent" />
      <main id="main">
        <HomeHero stats={stats} trending={top.slice(0, TRENDING_IN_HERO)} />
        <div className="container">
          {playlistsFailed || playlists.length ? (
            <section className={styles.section} aria-labelledby="home-playlists">
              <SectionHeader
                id="home-playlists"
                eyebrow={t('home.playlistsEyebrow')}
                title={t('home.playlistsTitle')}
                action={{ to: localize(catalogPaths.playlists()), label: t('home.allPlaylists') }}
              />
              {playlistsFailed ? (
                <LoadFailed what="playlists" />
              ) : (
                <CardRail label={t('home.featuredPlaylists')} testId="home-playlists">
                  {playlists.map((playlist) => (
                    <CardRailItem key={playlist.id}>
                      <PlaylistCard playlist={playlist} to={localize(catalogPaths.playlist(playlist.id))} />
                    </CardRailItem>
                  ))}
                </CardRail>
              )}
            </section>
          ) : null}
          <section className={styles.section} aria-labelledby="home-top">
            <SectionHeader
              id="home-top"
              eyebrow={t('home.chartsEyebrow')}
              title={t('home.topTitle')}
              action={{ to: localize(catalogPaths.topMusic()), label: t('home.fullChart') }}
            />
            <TrackList items={top} label={t('home.topLabel')} ranked failed={topFailed} />
          </section>
        </div>
      </main>
      <Footer />
    </>
  );
}
