import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { ChevronDown } from 'lucide-react';
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

const SECTIONS: Array<{ id: Section; title: string }> = [
  { id: 'essential', title: 'Essential' },
  { id: 'advertising', title: 'Advertising' },
  { id: 'analytics', title: 'Analytics' },
  { id: 'functionality', title: 'Functionality' },
];

/** What each category does on this installation: only what is configured is said to run. */
function description(section: Section, telemetry: PageTelemetry): string {
  const tagManager = telemetry.gtmId !== null;
  switch (section) {
    case 'essential':
      return 'Keep you signed in, protect forms and payments, remember your edition and this choice. The site does not work without them, so they are always on.';
    case 'advertising':
      return tagManager
        ? 'Let advertising tags in our tag manager store and use identifiers to measure campaigns and personalise ads (ad storage, ad user data, ad personalisation).'
        : 'Would let advertising tags measure campaigns and personalise ads. This site runs no advertising tags today; your choice is kept for when it does.';
    case 'analytics':
      return tagManager || telemetry.hotjarId
        ? `Count visits and see how pages are used${telemetry.hotjarId ? ', including recordings of clicks and scrolling (session recording) with form fields masked' : ''}, so we can fix what is hard to use.`
        : 'Would count visits and show how pages are used. This site runs no analytics service today; your choice is kept for when it does.';
    case 'functionality':
      return tagManager
        ? 'Let tags in our tag manager remember preferences that make the site easier to use (functionality storage).'
        : 'Would remember preferences that make the site easier to use. This site sets no such cookies today; your choice is kept for when it does.';
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
        {view === 'settings' ? 'Cookie settings' : 'We value your privacy'}
      </h2>
      {view === 'card' ? (
        <>
          <p className={styles.text}>
            We use essential cookies to run this site. With your permission we also use cookies for analytics,
            advertising and remembering your preferences.
            {more ? (
              <>
                {' '}
                You decide which of these we may use, and can change it at any time with “Cookie settings” at the bottom
                of every page. Until you choose, only essential cookies are used. Read more in our{' '}
                <Link to={localized('/privacy-policy')} className={styles.link}>
                  privacy policy
                </Link>
                .
              </>
            ) : null}
          </p>
          <div className={styles.moreRow}>
            <button type="button" className={styles.more} aria-expanded={more} onClick={() => setMore((m) => !m)}>
              {more ? 'Show less' : 'Show more'}
            </button>
            {more ? null : (
              <Link to={localized('/privacy-policy')} className={styles.link}>
                Privacy policy
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
              Cookie settings
            </Button>
            <Button onClick={() => decide(ALL_GRANTED)}>Accept all</Button>
          </div>
        </>
      ) : (
        <>
          <p className={styles.text}>Choose which cookies we may use. Essential cookies are always on.</p>
          <ul role="list" className={styles.sections}>
            {SECTIONS.map((section) => {
              const expanded = open === section.id;
              const panelId = `${titleId}-${section.id}`;
              const essential = section.id === 'essential';
              return (
                <li key={section.id} className={styles.section}>
                  <div className={styles.sectionHead}>
                    <button
                      type="button"
                      className={styles.expand}
                      aria-expanded={expanded}
                      aria-controls={panelId}
                      // Opening one section collapses the others (spec §2).
                      onClick={() => setOpen(expanded ? null : section.id)}
                    >
                      <ChevronDown aria-hidden="true" className={cx(styles.chevron, expanded && styles.chevronOpen)} />
                      {section.title}
                    </button>
                    <label className={styles.toggle}>
                      <input
                        type="checkbox"
                        checked={essential ? true : draft[section.id as ConsentCategory]}
                        disabled={essential}
                        onChange={(event) => {
                          if (essential) return;
                          const checked = event.currentTarget.checked;
                          setDraft((d) => ({ ...d, [section.id]: checked }));
                        }}
                      />
                      <span className={styles.toggleText}>
                        {essential ? 'Always on' : 'Allow'}
                        <span className="visually-hidden"> {section.title.toLowerCase()} cookies</span>
                      </span>
                    </label>
                  </div>
                  <p id={panelId} hidden={!expanded} className={styles.panel}>
                    {description(section.id, telemetry)}
                  </p>
                </li>
              );
            })}
          </ul>
          <div className={styles.actions}>
            <Button variant="ghost" onClick={() => decide(draft)}>
              Allow selected
            </Button>
            <Button variant="secondary" onClick={() => decide(ALL_DENIED)}>
              Reject all
            </Button>
            <Button onClick={() => decide(ALL_GRANTED)}>Accept all</Button>
          </div>
        </>
      )}
    </section>
  );
}
