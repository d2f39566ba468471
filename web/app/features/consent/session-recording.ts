type HotjarQueue = ((...args: unknown[]) => void) & { q?: unknown[] };

declare global {
  interface Window {
    hj?: HotjarQueue;
    _hjSettings?: { hjid: number; hjsv: number };
  }
}

const SCRIPT_ID = 'cw-session-recording';

/** True once the recorder's script was added to this page (it cannot be taken out again). */
export const sessionRecordingStarted = () =>
  typeof document !== 'undefined' && document.getElementById(SCRIPT_ID) !== null;

/**
 * Session recording (spec §4: "session-recording analytics initialised" on consent): Hotjar's loader,
 * written as code rather than an inline snippet so the page's CSP needs no extra nonce; its hosts are
 * allowed only while HOTJAR_ID is set. Called only with analytics consent. Idempotent.
 */
export function startSessionRecording(hotjarId: string): void {
  if (sessionRecordingStarted()) return;
  const queue: HotjarQueue = function hj(...args: unknown[]) {
    (queue.q = queue.q ?? []).push(args);
  };
  window.hj = window.hj ?? queue;
  window._hjSettings = { hjid: Number(hotjarId), hjsv: 6 };
  const script = document.createElement('script');
  script.id = SCRIPT_ID;
  script.async = true;
  script.src = `https://static.hotjar.com/c/hotjar-${encodeURIComponent(hotjarId)}.js?sv=6`;
  document.head.appendChild(script);
}
