import { useState } from 'react';
import type { PageTelemetry } from '../../lib/telemetry';
import type { ConsentChoice } from './consent';
import { CookieConsent } from './cookie-consent';
import { consentBootstrapScript, tagManagerFrameUrl } from './data-layer';

/**
 * The first script in <head>: the data layer with Consent Mode's default (and the stored choice),
 * then the tag manager when one is configured. It carries the page's CSP nonce. Its text is fixed at
 * the first render: a later choice is pushed as an update, and an inline script never runs twice.
 */
export function ConsentBootstrap({
  consent,
  gtmId,
  nonce,
}: {
  consent: ConsentChoice | null;
  gtmId: string | null;
  nonce: string | undefined;
}) {
  const [script] = useState(() => consentBootstrapScript(consent, gtmId));
  // The browser hides the nonce attribute after parsing, hence the suppressed hydration difference.
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: script }} />;
}

/** Slot 4 of the root shell (spec §2): the cookie card or settings, and the tag manager's no-script frame (§4). */
export function CookieOverlay({ consent, telemetry }: { consent: ConsentChoice | null; telemetry: PageTelemetry }) {
  return (
    <>
      {telemetry.gtmId ? (
        <noscript>
          <iframe
            src={tagManagerFrameUrl(telemetry.gtmId)}
            title="Google Tag Manager"
            height="0"
            width="0"
            style={{ display: 'none', visibility: 'hidden' }}
          />
        </noscript>
      ) : null}
      <CookieConsent initialChoice={consent} telemetry={telemetry} />
    </>
  );
}
