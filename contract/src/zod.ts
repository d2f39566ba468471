import { z } from 'zod';

// Every contract module takes `z` from here, so this runs before any schema is built. In a browser, Zod
// validates without compiling code: it would otherwise probe once whether `new Function` is allowed,
// and under the pages' Content-Security-Policy (no 'unsafe-eval') the refused probe is reported as a
// violation on every page (Lighthouse counts it against best practices). The server keeps the compiled
// path.
if ('document' in globalThis) z.config({ jitless: true });

export { z };
