/**
 * npm run bench:web — Lighthouse 12.8.2 (the last major that runs on Node 20) at its default mobile
 * profile (Moto G Power, simulated slow 4G and 4× CPU slowdown) on the pages a visitor lands on: home,
 * a genre page, a song page and the price page, served by the real server (`npm start`'s path, web and
 * API in one process) on the demo catalogue.
 *
 * Baseline, measured in the same run with the same Chromium: the maintenance page (one small static
 * HTML document with inline style, no script) served by a bare Node HTTP server, i.e. what the phone
 * profile costs a page that does nothing. Each page is audited WEB_RUNS times (default 3); the run with
 * the median performance score is printed.
 *
 * Prints per page: the four category scores, FCP/LCP/TBT/CLS/Speed Index, first-load JavaScript (files,
 * bytes transferred, bytes gzipped), render-blocking style sheets, the LCP ratio to the baseline; then
 * the server's peak resident memory. Goals (issue 15): performance ≥ 95, accessibility, best practices
 * and SEO 100, first-load JS ≤ 150 KB gzipped, server RSS ≤ 400 MB.
 *
 * Data: BENCH_DATA_DIR (default `data`, the folder `npm start` uses; an empty one gets the demo
 * catalogue before the server answers, which takes minutes). The web build (`npm run build`) must exist.
 */
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { maintenancePageHtml } from '../server/src/features/maintenance/maintenance.page';
import { freePort, processMemoryMb, startServerProcess, waitFor } from './server-process';

const root = fileURLToPath(new URL('..', import.meta.url));
const runs = Math.max(1, Number(process.env.WEB_RUNS ?? 3));
const dataDir = process.env.BENCH_DATA_DIR ?? 'data';
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** As every report states it (the package's own package.json is not exported). */
let lighthouseVersion = '';

type Audit = { numericValue?: number; details?: { items?: Array<Record<string, unknown>> } };
type PageFigures = {
  name: string;
  url: string;
  scores: Record<'performance' | 'accessibility' | 'best-practices' | 'seo', number>;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  speedIndex: number;
  jsFiles: number;
  jsTransferKb: number;
  jsGzipKb: number;
  blockingCss: number;
  failing: string[];
};

async function main() {
  if (!existsSync(join(root, 'web/build/server/index.js'))) {
    throw new Error('No web build: run `npm run build` first');
  }
  const baselinePort = await freePort();
  const baseline = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(maintenancePageHtml(600, null));
  });
  await new Promise<void>((resolve) => baseline.listen(baselinePort, '127.0.0.1', resolve));

  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = startServerProcess(port, {
    SERVE_WEB: 'true',
    DATA_DIR: dataDir,
    DEMO_CATALOG: 'wait',
    DATABASE_URL: process.env.BENCH_DATABASE_URL,
  });
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    // A first start on an empty data folder builds the demo catalogue first.
    await waitFor('the server', async () => (await fetch(`${origin}/api/health`)).ok, 20 * 60_000);
    const pages = await landingPages(origin);
    const base = await audit(chrome.port, 'baseline (static page)', `http://127.0.0.1:${baselinePort}/`);
    console.log(`\nLighthouse ${lighthouseVersion} mobile, ${runs} run(s) per page, median by performance\n`);
    const figures = [base];
    for (const [name, url] of pages) figures.push(await audit(chrome.port, name, url));
    printTable(figures, base.lcp);
    const memory = processMemoryMb(server.child.pid!);
    console.log(`\nserver RSS ${memory.rss.toFixed(0)} MB, peak ${memory.peak.toFixed(0)} MB (goal ≤ 400 MB)`);
    for (const page of figures.slice(1)) {
      if (page.failing.length) console.log(`\n${page.name}: audits below 1 — ${page.failing.join(', ')}`);
    }
  } finally {
    await chrome.kill();
    await server.stop();
    baseline.close();
  }
}

/** Home, the first genre, the first song and the price page of the catalogue being served. */
async function landingPages(origin: string): Promise<Array<[string, string]>> {
  const genres = (await (await fetch(`${origin}/api/v1/genre`)).json()) as Array<{ id: string }>;
  const songs = (await (await fetch(`${origin}/api/v1/product/music?limit=1`)).json()) as {
    items: Array<{ id: string }>;
  };
  if (!genres[0] || !songs.items[0]) throw new Error('The catalogue is empty: nothing to audit');
  return [
    ['home', `${origin}/`],
    ['genre', `${origin}/c/genres/${genres[0].id}`],
    ['song', `${origin}/c/song/${songs.items[0].id}`],
    ['pricing', `${origin}/licenses`],
  ];
}

async function audit(chromePort: number, name: string, url: string): Promise<PageFigures> {
  const results: PageFigures[] = [];
  for (let i = 0; i < runs; i++) {
    const result = await lighthouse(url, {
      port: chromePort,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    lighthouseVersion = lhr.lighthouseVersion;
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const audits = lhr.audits as Record<string, Audit>;
    const value = (id: string) => audits[id]?.numericValue ?? NaN;
    const scripts = (audits['network-requests']?.details?.items ?? []).filter(
      (item) => item.resourceType === 'Script' && String(item.url).startsWith(new URL(url).origin),
    );
    let gzipBytes = 0;
    for (const script of scripts) {
      const body = Buffer.from(await (await fetch(String(script.url))).arrayBuffer());
      gzipBytes += gzipSync(body).length;
    }
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    results.push({
      name,
      url,
      scores: {
        performance: score('performance'),
        accessibility: score('accessibility'),
        'best-practices': score('best-practices'),
        seo: score('seo'),
      },
      fcp: value('first-contentful-paint'),
      lcp: value('largest-contentful-paint'),
      tbt: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
      speedIndex: value('speed-index'),
      jsFiles: scripts.length,
      jsTransferKb: scripts.reduce((sum, s) => sum + Number(s.transferSize ?? 0), 0) / 1024,
      jsGzipKb: gzipBytes / 1024,
      blockingCss: (audits['render-blocking-resources']?.details?.items ?? []).filter((item) =>
        String(item.url).includes('.css'),
      ).length,
      failing: Object.values(lhr.categories)
        .filter((category) => category.id !== 'performance')
        .flatMap((category) => category.auditRefs)
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => ref.id),
    });
  }
  results.sort((a, b) => a.scores.performance - b.scores.performance);
  return results[Math.floor(results.length / 2)]!;
}

function printTable(pages: PageFigures[], baselineLcp: number) {
  const header = [
    'page',
    'perf',
    'a11y',
    'bp',
    'seo',
    'FCP s',
    'LCP s',
    'TBT ms',
    'CLS',
    'SI s',
    'LCP ×base',
    'JS files',
    'JS KB sent',
    'JS KB gz',
    'blocking CSS',
  ];
  const rows = pages.map((p) => [
    p.name,
    String(p.scores.performance),
    String(p.scores.accessibility),
    String(p.scores['best-practices']),
    String(p.scores.seo),
    (p.fcp / 1000).toFixed(2),
    (p.lcp / 1000).toFixed(2),
    p.tbt.toFixed(0),
    p.cls.toFixed(3),
    (p.speedIndex / 1000).toFixed(2),
    (p.lcp / baselineLcp).toFixed(2),
    String(p.jsFiles),
    p.jsTransferKb.toFixed(1),
    p.jsGzipKb.toFixed(1),
    String(p.blockingCss),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(line(header));
  for (const row of rows) console.log(line(row));
  console.log('goals: perf ≥ 95, a11y/bp/seo 100, first-load JS ≤ 150 KB gzipped');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
