import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { ChevronDown } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { cx } from '../../components/ui/cx';
import { useLocalizedPath } from '../shell/edition';
import type { PageTelemetry } from '../../lib/telemetry';
import { ALL_DENIED, ALL_GRANTED, consentCookies, type ConsentCategory, type ConsentChoice } from './consent';
import { closeCookieSettings, useCookieSettingsEditing } from './consent-editing';
import { pushConsentUpdate } from './data-layer';
import { sessionRecordingStarted, startSessionRecording } from './session-recording';
import styles from './cookie-consent.module.css';

type Section = 'essential' | ConsentCategory;

/** The four categories of spec §2; their texts are the consent namespace's `sections.<id>.*`. */
const SECTIONS: Section[] = ['essential', 'advertising', 'analytics', 'functionality'];

/** What each category does on this installation (a key of the consent texts): only what is configured is said to run. */
function descriptionKey(section: Section, telemetry: PageTelemetry): string {
  const tagManager = telemetry.gtmId !== null;
  switch (section) {
    case 'essential':
      return 'sections.essential.text';
    case 'advertising':
      return tagManager ? 'sections.advertising.on' : 'sections.advertising.off';
    case 'analytics':
      if (telemetry.hotjarId) return 'sections.analytics.onRecording';
      return tagManager ? 'sections.analytics.on' : 'sections.analytics.off';
    case 'functionality':
      return tagManager ? 'sections.functionality.on' : 'sections.functionality.off';
  }
}

export type CookieConsentProps = {
  /** The choice the server read from the cookies (null: none yet, the card shows). */
  initialChoice: ConsentChoice | null;
  telemetry: PageTelemetry;
};

/**
 * The cookie overlay of spec §2 (root shell, slot 4): a card with accept all and cookie settings,
 * and the settings view with the four categories. Non-modal: it does not trap focus or hide the
 * page, so a screen reader user can read the page first; it is a labelled region at the end of the
 * document. Shown while there is no choice, or while the visitor edits it from the footer.
 */
export function CookieConsent({ initialChoice, telemetry }: CookieConsentProps) {
  const { t } = useTranslation('consent');
  const [choice, setChoice] = useState(initialChoice);
  const editing = useCookieSettingsEditing();
  const [view, setView] = useState<'card' | 'settings'>('card');
  const [draft, setDraft] = useState<ConsentChoice>(initialChoice ?? ALL_DENIED);
  const [open, setOpen] = useState<Section | null>(null);
  const [more, setMore] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const localized = useLocalizedPath();
  const visible = choice === null || editing;

  // Session recording runs only with analytics consent and a configured id (spec §4).
  const { hotjarId } = telemetry;
  useEffect(() => {
    if (hotjarId && choice?.analytics) startSessionRecording(hotjarId);
  }, [hotjarId, choice?.analytics]);

  // Editing from the footer opens the settings with the current choice, and moves focus into them.
  useEffect(() => {
    if (!editing) return;
    returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setView('settings');
    setDraft(choice ?? ALL_DENIED);
    setOpen(null);
    headingRef.current?.focus();
    // Only the moment editing starts matters, not later changes of the choice.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editing]);

  const endEditing = () => {
    closeCookieSettings();
    returnFocus.current?.focus();
    returnFocus.current = null;
  };

  const decide = (next: ConsentChoice) => {
    const secure = window.location.protocol === 'https:';
    for (const cookie of consentCookies(next, secure)) document.cookie = cookie;
    pushConsentUpdate(next);
    // A recorder already running cannot be stopped in place: a fresh page is the only way to end it.
    if (!next.analytics && sessionRecordingStarted()) {
      window.location.reload();
      return;
    }
    setChoice(next);
    setView('card');
    endEditing();
  };

  if (!visible) return null;

  const onKeyDown = (event: KeyboardEvent) => {
    // Escape closes the settings the visitor reopened; a first visit still has to choose.
    if (event.key === 'Escape' && editing && choice !== null) {
      event.stopPropagation();
      setView('card');
      endEditing();
    }
  };

  return (
    <section
      className={cx(styles.card, view === 'settings' && styles.settings)}
      aria-labelledby={titleId}
      data-testid="cookie-consent"
      onKeyDown={onKeyDown}
    >
      <h2 id={titleId} ref={headingRef} tabIndex={-1} className={styles.title}>
        {view === 'settings' ? t('title.settings') : t('title.card')}
      </h2>
      {view === 'card' ? (
        <>
          <p className={styles.text}>
            {t('card.intro')}
            {more ? (
              <>
                {' '}
                {/* The text's <policy> tag becomes the link (not <link>: Trans reads that as a void HTML element). */}
                <Trans
                  t={t}
                  i18nKey="card.more"
                  components={{ policy: <Link to={localized('/privacy-policy')} className={styles.link} /> }}
                />
              </>
            ) : null}
          </p>
          <div className={styles.moreRow}>
            <button type="button" className={styles.more} aria-expanded={more} onClick={() => setMore((m) => !m)}>
              {more ? t('card.showLess') : t('card.showMore')}
            </button>
            {more ? null : (
              <Link to={localized('/privacy-policy')} className={styles.link}>
                {t('card.privacyPolicy')}
              </Link>
            )}
          </div>
          <div className={styles.actions}>
            <Button
              variant="secondary"
              onClick={() => {
                setDraft(choice ?? ALL_DENIED);
                setView('settings');
                setOpen(null);
                requestAnimationFrame(() => headingRef.current?.focus());
              }}
            >
              {t('cookieSettings')}
            </Button>
            <Button onClick={() => decide(ALL_GRANTED)}>{t('acceptAll')}</Button>
          </div>
        </>
      ) : (
        <>
          <p className={styles.text}>{t('settings.intro')}</p>
          <ul role="list" className={styles.sections}>
            {SECTIONS.map((section) => {
              const expanded = open === section;
              const panelId = `${titleId}-${section}`;
              const essential = section === 'essential';
              return (
                <li key={section} className={styles.section}>
                  <div className={styles.sectionHead}>
                    <button
                      type="button"
                      className={styles.expand}
                      aria-expanded={expanded}
                      aria-controls={panelId}
                      // Opening one section collapses the others (spec §2).
                      onClick={() => setOpen(expanded ? null : section)}
                    >
                      <ChevronDown aria-hidden="true" className={cx(styles.chevron, expanded && styles.chevronOpen)} />
                      {t(`sections.${section}.title`)}
                    </button>
                    <label className={styles.toggle}>
                      <input
                        type="checkbox"
                        checked={essential ? true : draft[section as ConsentCategory]}
                        disabled={essential}
                        onChange={(event) => {
                          if (essential) return;
                          const checked = event.currentTarget.checked;
                          setDraft((d) => ({ ...d, [section]: checked }));
                        }}
                      />
                      <span className={styles.toggleText}>
                        {essential ? t('settings.alwaysOn') : t('settings.allow')}
                        <span className="visually-hidden"> {t(`sections.${section}.cookies`)}</span>
                      </span>
                    </label>
                  </div>
                  <p id={panelId} hidden={!expanded} className={styles.panel}>
                    {t(descriptionKey(section, telemetry))}
                  </p>
                </li>
              );
            })}
          </ul>
          <div className={styles.actions}>
            <Button variant="ghost" onClick={() => decide(draft)}>
              {t('allowSelected')}
            </Button>
            <Button variant="secondary" onClick={() => decide(ALL_DENIED)}>
              {t('rejectAll')}
            </Button>
            <Button onClick={() => decide(ALL_GRANTED)}>{t('acceptAll')}</Button>
          </div>
        </>
      )}
    </section>
  );
}
