import type { TFunction } from 'i18next';
import { createI18n } from './create-i18n';
import { requestLanguage, type Language } from './languages';
import { ALL_TEXTS } from './resources.server';

/** One instance per language with every text (server only): loaders and actions read their texts here. */
const instances = new Map<Language, ReturnType<typeof createI18n>>();

/**
 * A loader's or action's texts in the request's language (decision 075): page titles and descriptions
 * for `meta` (which runs outside React, so it cannot use the component's `t`) and messages an action
 * returns. `meta` then reads them from the loader's data, on the server and after client navigation alike.
 */
export function requestTexts<Ns extends string>(
  request: Request,
  namespace: Ns,
): { language: Language; t: TFunction<Ns> } {
  const language = requestLanguage(request.headers);
  let instance = instances.get(language);
  if (!instance) {
    instance = createI18n(language, ALL_TEXTS, false);
    instances.set(language, instance);
  }
  return { language, t: instance.getFixedT(language, namespace) as TFunction<Ns> };
}
