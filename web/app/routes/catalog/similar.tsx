import { useTranslation } from 'react-i18next';
import { requestTexts } from '../../i18n/request-texts.server';
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
  const { t } = requestTexts(request, 'similar');
  const raw = Number(new URL(request.url).searchParams.get('skip') ?? 0);
  const skip = Number.isInteger(raw) && raw > 0 ? Math.min(raw - (raw % PAGE_SIZE), RECOMMEND_TOTAL - PAGE_SIZE) : 0;
  const [product, similar] = await Promise.all([
    loadOr404(() => similarApi.product(type, params.productId)),
    loadList(() => similarApi.moreLike(type, params.productId, { skip, limit: PAGE_SIZE }), empty),
  ]);
  const vars = { title: product.title, artist: product.artist.name };
  // meta runs outside React: its texts come in the request's language (decision 075).
  const meta = {
    title: t(type === 'music' ? 'page.metaTitleMusic' : 'page.metaTitleSfx', vars),
    description: t('page.metaDescription', vars),
  };
  return { product, similar: similar.value, failed: similar.failed, skip, meta };
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  data ? pageMeta(data.meta.title, data.meta.description) : notFoundMeta(matches);

export default function SimilarPage({ loaderData }: Route.ComponentProps) {
  const { product, similar, failed, skip } = loaderData;
  const { t } = useTranslation('similar');
  const music = product.type === 'music';
  return (
    <div className={`container ${styles.page}`}>
      <SectionHeader
        as="h1"
        id="similar-title"
        eyebrow={t('moreLikeThis')}
        title={t('page.title', { title: product.title })}
        description={t(music ? 'page.descriptionMusic' : 'page.descriptionSfx')}
      />
      <section className={styles.source} aria-label={t('page.sourceLabel')}>
        <p className={styles.sourceLabel}>{t('page.startedFrom')}</p>
        <ul role="list" className={styles.sourceRows}>
          <TrackRow product={product} queue={[product]} index={0} priority />
        </ul>
      </section>
      {/* The API's notice is an English sentence; its meaning is the basis, which the page says in its language. */}
      {similar.notice && similar.basis === 'metadata' ? (
        <p className={styles.notice} role="status" data-testid="similar-notice">
          <Info aria-hidden="true" />
          <span>{t('page.notAnalysed')}</span>
        </p>
      ) : null}
      <section aria-labelledby="similar-title">
        <TrackList
          id="similar-results"
          items={similar.items}
          label={t(music ? 'page.listMusic' : 'page.listSfx', { title: product.title })}
          failed={failed}
          detailOf={(p) =>
            similar.basis === 'sound' ? <CloseIn qualities={similar.closeIn[p.id] ?? []} /> : undefined
          }
          empty={{
            title: t('page.emptyTitle', { title: product.title }),
            description: t('page.emptyDescription'),
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
