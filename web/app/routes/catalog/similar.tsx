import { Info } from 'lucide-react';
import type { ProductType } from '@cuewave/contract/catalog';
import { RECOMMEND_TOTAL, type Recommendations } from '@cuewave/contract/recommend';
import { loadList, loadOr404, notFound } from '../../features/catalog/api';
import { Pager } from '../../features/catalog/components/pager';
import { SectionHeader } from '../../features/catalog/components/section-header';
import { TrackList } from '../../features/catalog/components/track-list';
import { TrackRow } from '../../features/catalog/components/track-row';
import { notFoundMeta, pageMeta } from '../../features/catalog/meta';
import { CloseIn } from '../../features/similar/close-in';
import { similarApi } from '../../features/similar/similar-api';
import styles from '../../features/similar/similar.module.css';
import type { Route } from './+types/similar';

/** Four pages of 25 cover the best RECOMMEND_TOTAL (100) exactly. */
const PAGE_SIZE = 25;
const empty: Recommendations = { items: [], count: 0, basis: 'sound', closeIn: {}, notice: null };

export async function loader({ params, request }: Route.LoaderArgs) {
  const type = params.type as ProductType;
  if (type !== 'music' && type !== 'sfx') throw notFound();
  const raw = Number(new URL(request.url).searchParams.get('skip') ?? 0);
  const skip = Number.isInteger(raw) && raw > 0 ? Math.min(raw - (raw % PAGE_SIZE), RECOMMEND_TOTAL - PAGE_SIZE) : 0;
  const [product, similar] = await Promise.all([
    loadOr404(() => similarApi.product(type, params.productId)),
    loadList(() => similarApi.moreLike(type, params.productId, { skip, limit: PAGE_SIZE }), empty),
  ]);
  return { product, similar: similar.value, failed: similar.failed, skip };
}

export const meta: Route.MetaFunction = ({ data }) => {
  if (!data) return notFoundMeta();
  const p = data.product;
  const noun = p.type === 'music' ? 'Music' : 'Sound effects';
  return pageMeta(
    `${noun} like ${p.title} by ${p.artist.name}`,
    `Tracks that sound like ${p.title}: nearest by timbre, tempo, energy and brightness. Preview free and license royalty-free with Cuewave.`,
  );
};

export default function SimilarPage({ loaderData }: Route.ComponentProps) {
  const { product, similar, failed, skip } = loaderData;
  const noun = product.type === 'music' ? 'tracks' : 'sounds';
  return (
    <div className={`container ${styles.page}`}>
      <SectionHeader
        as="h1"
        id="similar-title"
        eyebrow="More like this"
        title={`Sounds like “${product.title}”`}
        description={`The ${noun} nearest to it by sound (timbre, tempo, energy, brightness and rhythm), not only the same genre. Each says where it is close.`}
      />
      <section className={styles.source} aria-label="The track you started from">
        <p className={styles.sourceLabel}>You started from</p>
        <ul role="list" className={styles.sourceRows}>
          <TrackRow product={product} queue={[product]} index={0} priority />
        </ul>
      </section>
      {similar.notice ? (
        <p className={styles.notice} role="status" data-testid="similar-notice">
          <Info aria-hidden="true" />
          <span>{similar.notice}</span>
        </p>
      ) : null}
      <section aria-labelledby="similar-title">
        <TrackList
          id="similar-results"
          items={similar.items}
          label={`${noun === 'tracks' ? 'Tracks' : 'Sounds'} that sound like ${product.title}`}
          failed={failed}
          detailOf={(p) =>
            similar.basis === 'sound' ? <CloseIn qualities={similar.closeIn[p.id] ?? []} /> : undefined
          }
          empty={{
            title: `Nothing sounds close to “${product.title}” yet`,
            description: 'The catalogue grows every week; meanwhile, browse its genre or try the search.',
          }}
        />
        {similar.count > PAGE_SIZE ? (
          <Pager
            className={styles.pager}
            count={similar.count}
            skip={skip}
            shown={similar.items.length}
            pageSize={PAGE_SIZE}
            listId="similar-results"
          />
        ) : null}
      </section>
    </div>
  );
}
