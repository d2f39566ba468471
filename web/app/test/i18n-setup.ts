import { setI18n } from 'react-i18next';
import { createI18n } from '../i18n/create-i18n';
import { ALL_TEXTS } from '../i18n/resources.server';

// The instance components reach when a test renders them without an I18nextProvider: English, all texts.
const i18n = createI18n('en', ALL_TEXTS, false);
// A key that names no text (a typo, a text not written yet) fails the test that renders it, instead of
// showing the key itself on the page.
i18n.options.saveMissing = true;
i18n.options.missingKeyHandler = (_languages, namespace, key) => {
  throw new Error(`No English text for "${namespace}:${key}"`);
};
setI18n(i18n);
