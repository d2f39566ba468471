import { consentSignals, type ConsentChoice } from './consent';

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** JSON that is safe inside an inline <script>: no '</script>' or HTML comment can close it early. */
const inlineJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

/**
 * The first script of the page (in <head>, with the page's CSP nonce): the data layer and Google
 * Consent Mode v2's default — everything denied but security storage (spec §4) — before anything
 * else can read it. A visitor who already chose gets their choice as an update right after, the
 * order Google documents for a stored choice. Entries are `arguments` objects, as gtag.js pushes
 * them: Tag Manager ignores consent commands pushed as plain arrays. The tag manager's own loader
 * follows only when a container id is configured.
 */
export function consentBootstrapScript(choice: ConsentChoice | null, gtmId: string | null): string {
  const lines = [
    'window.dataLayer=window.dataLayer||[];',
    'function gtag(){window.dataLayer.push(arguments);}',
    `gtag('consent','default',${inlineJson(consentSignals(null))});`,
  ];
  if (choice) lines.push(`gtag('consent','update',${inlineJson(consentSignals(choice))});`);
  if (gtmId) lines.push(tagManagerLoader(gtmId));
  return lines.join('');
}

/**
 * Google's container snippet, plus the nonce: the loaded gtm.js gets this script's nonce so that a
 * policy with nonces accepts it (Google's CSP guide); its host is allowed by server/src/web-csp.ts.
 */
function tagManagerLoader(gtmId: string): string {
  return (
    "window.dataLayer.push({'gtm.start':new Date().getTime(),event:'gtm.js'});" +
    "(function(d){var f=d.getElementsByTagName('script')[0],j=d.createElement('script'),n=d.currentScript&&d.currentScript.nonce;" +
    `j.async=true;j.src='https://www.googletagmanager.com/gtm.js?id='+encodeURIComponent(${inlineJson(gtmId)});` +
    'if(n)j.setAttribute("nonce",n);f.parentNode.insertBefore(j,f);})(document);'
  );
}

/** The no-script frame of spec §4: the container still counts a visit when scripts are off. */
export const tagManagerFrameUrl = (gtmId: string) =>
  `https://www.googletagmanager.com/ns.html?id=${encodeURIComponent(gtmId)}`;

/** A choice made in the card or the settings: Consent Mode's update, the way gtag.js sends it. */
export function pushConsentUpdate(choice: ConsentChoice): void {
  const layer = (window.dataLayer = window.dataLayer ?? []);
  // gtag() pushes its `arguments` object, not an array (see consentBootstrapScript).
  (function gtag(..._args: unknown[]) {
    // eslint-disable-next-line prefer-rest-params
    layer.push(arguments);
  })('consent', 'update', consentSignals(choice));
}
