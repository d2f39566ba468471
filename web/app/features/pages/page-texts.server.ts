import { requestTexts } from '../../i18n/request-texts.server';
import type { PageTexts } from './page-meta';

/** `<page>.meta.title` and `<page>.meta.description` of the `pages` texts, in the request's language. */
export function pageTexts(request: Request, page: string, values: Record<string, unknown> = {}): PageTexts {
  const { t } = requestTexts(request, 'pages');
  return { title: t(`${page}.meta.title`, values), description: t(`${page}.meta.description`, values) };
}
