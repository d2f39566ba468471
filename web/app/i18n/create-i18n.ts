import { createInstance, type BackendModule, type i18n as I18n, type Resource } from 'i18next';
import { LANGUAGES, type Language } from './languages';
import { loadTexts } from './resources';

/**
 * One i18next instance: per request on the server (all texts at hand), once in the browser (the
 * page's texts inlined by the server, other namespaces fetched when a component first needs them —
 * react-i18next suspends until they arrive). No fallback language: a test keeps English and Polish
 * complete, so a missing Polish text is a failing build, not English in a Polish page.
 */
export function createI18n(language: Language, resources: Resource, fetchMissing: boolean): I18n {
  const instance = createInstance();
  if (fetchMissing) {
    const backend: BackendModule = {
      type: 'backend',
      init() {},
      read(lng, namespace, callback) {
        loadTexts(lng as Language, namespace).then(
          (texts) => callback(null, texts),
          (error: Error) => callback(error, false),
        );
      },
    };
    instance.use(backend);
  }
  void instance.init({
    lng: language,
    supportedLngs: [...LANGUAGES],
    fallbackLng: false,
    resources,
    // Inlined namespaces are complete; only the others go to the backend.
    partialBundledLanguages: true,
    ns: [],
    defaultNS: false,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: true },
  });
  return instance;
}
