/**
 * The maintenance page of spec §2, served in place of every page while the switch is on (issue 15).
 * A whole document of its own, with no script and no asset: it must show even when what is being
 * maintained is the web build, and it cannot hydrate into a page of the app by mistake. It looks
 * again by itself when the announced time has passed (at most every five minutes).
 */
export function maintenancePageHtml(retryAfter: number, message: string | null): string {
  const refresh = Math.min(300, Math.max(60, retryAfter));
  const minutes = Math.max(1, Math.round(retryAfter / 60));
  const eta =
    minutes < 90 ? `about ${minutes} minute${minutes === 1 ? '' : 's'}` : `about ${Math.round(minutes / 60)} hours`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta http-equiv="refresh" content="${refresh}">
<meta name="color-scheme" content="dark">
<title>Cuewave — back soon</title>
<style>
  :root { color-scheme: dark; }
  * { box-sizing: border-box; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; padding: 24px;
    background: radial-gradient(1200px 600px at 50% -10%, #1d1733 0%, #09090e 60%); color: #f2f2f7;
    font: 16px/1.55 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  main { width: 100%; max-width: 520px; text-align: center; }
  .logo { display: inline-flex; align-items: center; gap: 12px; font-weight: 700; font-size: 22px; letter-spacing: -0.01em; }
  h1 { font-size: clamp(26px, 5vw, 34px); line-height: 1.2; margin: 40px 0 12px; letter-spacing: -0.02em; }
  p { margin: 0 0 12px; color: #c9c9d6; }
  .note { margin-top: 24px; padding: 14px 16px; border-radius: 12px; background: #15151f; border: 1px solid #2a2a3a;
    color: #e6e6ef; text-align: left; white-space: pre-line; }
  .eta { color: #9d9db0; font-size: 14px; margin-top: 28px; }
</style>
</head>
<body>
<main>
  <div class="logo" aria-label="Cuewave">
    <svg width="40" height="40" viewBox="0 0 32 32" aria-hidden="true"><defs><linearGradient id="g" x1="0" y1="0" x2="32" y2="32" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="#8b6cff"/><stop offset=".55" stop-color="#5c8dff"/><stop offset="1" stop-color="#2fe0c6"/></linearGradient></defs><rect width="32" height="32" rx="9" fill="url(#g)"/><g fill="#fff"><rect x="6.5" y="13" width="3" height="6" rx="1.5"/><rect x="11.5" y="9" width="3" height="14" rx="1.5"/><rect x="16.5" y="5.5" width="3" height="21" rx="1.5"/><rect x="21.5" y="10.5" width="3" height="11" rx="1.5"/></g></svg>
    <span>Cuewave</span>
  </div>
  <h1>We're tuning things up</h1>
  <p>Cuewave is undergoing maintenance right now. Your subscription, playlists, downloads and licences are safe.</p>
  <p>Please check back later.</p>
  ${message ? `<div class="note" role="note">${escapeHtml(message)}</div>` : ''}
  <p class="eta">Expected back in ${eta}. This page checks again by itself.</p>
</main>
</body>
</html>
`;
}

/** Its own policy: inline style only, nothing to load. */
export const MAINTENANCE_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
