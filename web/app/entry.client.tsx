import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { HydratedRouter } from 'react-router/dom';
import { createI18n } from './i18n/create-i18n';
import { readPageTexts } from './i18n/page-texts';

// React Router's default browser entry, inside the page's language (decision 075): the texts the
// server rendered with are read from the page before hydrating, so the first render matches it.
const { language, resources } = readPageTexts();
const i18n = createI18n(language, resources, true);

startTransition(() => {
  hydrateRoot(
    document,
    <I18nextProvider i18n={i18n}>
      <StrictMode>
        <HydratedRouter />
      </StrictMode>
    </I18nextProvider>,
  );
});
