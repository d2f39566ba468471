import type { Resource, ResourceLanguage } from 'i18next';
import type { Language } from './languages';

/**
 * Where the texts live: each feature keeps its own, `features/<name>/locales/{en,pl}.json`, and the
 * shared UI components theirs in `components/ui/locales`; the folder's name is the namespace. Vite
 * makes a small chunk of each file, so a page's script carries only the texts it shows (the server
 * inlines those, see i18n-resources.tsx) and the rest load when a component first needs them.
 */
const lazyFiles = import.meta.glob<ResourceLanguage>(
  ['../features/*/locales/*.json', '../components/ui/locales/*.json'],
  {
    import: 'default',
  },
);

export type TextFile = { language: string; namespace: string };

/** `../features/shell/locales/pl.json` → { namespace: 'shell', language: 'pl' }. */
export function textFileOf(path: string): TextFile | null {
  const match = /\/(?:features\/([^/]+)|components\/(ui))\/locales\/([a-z]{2})\.json$/.exec(path);
  if (!match) return null;
  return { namespace: (match[1] ?? match[2])!, language: match[3]! };
}

function pathOf(language: string, namespace: string): string | undefined {
  return Object.keys(lazyFiles).find((path) => {
    const file = textFileOf(path);
    return file?.language === language && file.namespace === namespace;
  });
}

/** One namespace's texts in one language, fetched on demand (the browser's i18next backend). */
export async function loadTexts(language: Language, namespace: string): Promise<ResourceLanguage> {
  const path = pathOf(language, namespace);
  if (!path) throw new Error(`No texts for namespace "${namespace}" in "${language}"`);
  return lazyFiles[path]!();
}

/** Groups glob results into i18next's { language: { namespace: texts } }. */
export function toResource(files: Record<string, ResourceLanguage>): Resource {
  const resource: Resource = {};
  for (const [path, texts] of Object.entries(files)) {
    const file = textFileOf(path);
    if (!file) continue;
    (resource[file.language] ??= {})[file.namespace] = texts;
  }
  return resource;
}
