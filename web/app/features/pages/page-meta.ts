/** A page's title and description in the request's language, computed by its loader (decision 075). */
export type PageTexts = { title: string; description: string };

/**
 * Title and description of a public page; the root adds the canonical link from the path (root.tsx),
 * which is why an unknown FAQ tab redirects instead of rendering under its own address. `meta` runs
 * outside React, so the texts come from the loader's data (none when the loader failed).
 */
export function pageMeta(texts: PageTexts | undefined) {
  if (!texts) return [{ title: 'Cuewave' }];
  return [
    { title: `${texts.title} · Cuewave` },
    { name: 'description', content: texts.description },
    { property: 'og:title', content: `${texts.title} · Cuewave` },
    { property: 'og:description', content: texts.description },
  ];
}
