import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';

/**
 * The contract builds its schemas at the top of its modules (`export const xSchema = z.object(...)`),
 * and a bundler must keep such calls as possible side effects, so every page that imports a constant or
 * a helper from a contract module also got all of its schemas and Zod with them. Marking those
 * declarations pure (`/*#__PURE__*\/`) lets the client build drop each schema no page uses, and Zod
 * itself from pages that validate nothing (issue 15: no validation library in the public pages'
 * bundles). Only the browser build: the server registers the schemas' ids for its OpenAPI document.
 */
function pureContractSchemas(): Plugin {
  return {
    name: 'cuewave:pure-contract-schemas',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.config.consumer === 'client',
    transform(code, id) {
      if (!/\/contract\/src\/[^/]+\.ts$/.test(id)) return null;
      if (id.endsWith('/zod.ts')) return jitlessOnUse(code);
      return {
        code: code
          .replace(/^((?:export )?const \w+(?:\s*:[^=\n]+)?\s*=\s*)(?=[A-Za-z_$][\w$]*\s*[.(\n])/gm, '$1/*#__PURE__*/ ')
          .replace(/(?<![\w$.])(z|\w+Schema)(?=\s*\.)/g, '/*#__PURE__*/ $1')
          .replace(/^(\s*[\w$]+:\s*)(?=[A-Za-z_$][\w$]*\s*[.(])/gm, '$1/*#__PURE__*/ '),
        map: null,
      };
    },
  };
}

/**
 * contract/src/zod.ts switches Zod to jitless in browsers with a top-level statement, a side effect that
 * kept Zod's core (~4 KB gzipped) on every page even when the page validates nothing. The client build
 * moves that statement into a pure wrapper around `z`, so it runs exactly when some schema uses `z`
 * (and before that schema is built) and goes away with `z` otherwise. If zod.ts changes shape, the file
 * is left as it is: bigger pages, same behaviour.
 */
function jitlessOnUse(code: string): { code: string; map: null } | null {
  const config = /^if \(([^\n]+)\) z\.config\(([^\n]+)\);$/m.exec(code);
  if (!config || !/^export \{ z \};$/m.test(code)) return null;
  const wrapped = `const jitless = /*#__PURE__*/ (() => { if (${config[1]}) z.config(${config[2]}); return z; })();\nexport { jitless as z };`;
  return { code: code.replace(config[0], '').replace(/^export \{ z \};$/m, wrapped), map: null };
}

export default defineConfig({
  plugins: [reactRouter(), pureContractSchemas()],
  server: {
    // `npm run dev -w web` talks to the API started separately (npm run dev -w server).
    proxy: { '/api': process.env.API_INTERNAL_URL?.replace(/\/api$/, '') ?? 'http://127.0.0.1:3000' },
  },
});
