import { setI18n } from 'react-i18next';
import { createI18n } from '../i18n/create-i18n';
import { ALL_TEXTS } from '../i18n/resources.server';

// The instance components reach when a test renders them without an I18nextProvider: English, all texts.
setI18n(createI18n('en', ALL_TEXTS, false));
