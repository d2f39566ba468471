/**
 * Title and description of a public page; the root adds the canonical link from the path (root.tsx),
 * which is why an unknown FAQ tab redirects instead of rendering under its own address.
 */
export function pageMeta(title: string, description: string) {
  return [
    { title: `${title} · Cuewave` },
    { name: 'description', content: description },
    { property: 'og:title', content: `${title} · Cuewave` },
    { property: 'og:description', content: description },
  ];
}
