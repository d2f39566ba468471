import type { Resource } from 'i18next';
import { toResource } from './resources';

/** Every text of every language, for server rendering (a few hundred KB, loaded once per process). */
export const ALL_TEXTS: Resource = toResource(
  import.meta.glob(['../features/*/locales/*.json', '../components/ui/locales/*.json'], {
    import: 'default',
    eager: true,
  }),
);
