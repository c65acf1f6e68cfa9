/**
 * What a page boot costs (docs/performance.md, "Session 41: page boots (boot41)"): boots the app's
 * default battlefield (or `?play=1`) again and again in one browser and prints the CPU seconds of
 * this process tree each boot took (until the ready signal, then until the tree is quiet: under
 * 0.03 CPU-s in 400 ms), split by Chromium process and thread name (`/proc/<pid>/task/<tid>/stat`).
 *
 * Modes (alternated, `BOOT_ROUNDS` rounds, default 2, of `BOOT_N` boots each, default 3):
 * - `fresh`: a new browser context per page (what `browser.newPage` does: the runner today);
 * - `shared`: one browser context, a new page per boot in it (HTTP cache and V8 code cache shared);
 * - `reload`: one page reloaded.
 * `BOOT_MODES=fresh|shared` picks; `BOOT_SPLIT=1` closes a fresh page after its measure (its renderer's threads in the split) and prints the frames its canvases showed; `BOOT_HOLD=<ms>` keeps a fresh page that long after its ready signal, inside the measure; `BOOT_URL=play` boots Play mode, `BOOT_URL=?<query>` the default address with that query. `BOOT_TRACE=<file>` writes a
 * Chromium trace of one fresh boot (read it with `bootTrace.ts`).
 *
 *   E2E_PORT=4307 E2E_OUT_DIR=/tmp/dist-boot41 E2E_SKIP_BUILD=1 npx tsx tests/e2e/bootProbe.ts
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { treeCpuSeconds } from './cpu';
import { PagePool } from './pagePool';
import { buildApp, chromiumArgs, e2eConfig, launchChromium, serveApp, stopServer } from './server';

const cfg = e2eConfig(4173);

/** Per-thread CPU ticks of every process in this tree, keyed "<process kind>/<thread name>". */
function threadTicks(): Map<string, number> {
  const parent = new Map<number, number>();
  const kind = new Map<number, string>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parent.set(Number(d), Number(f[1]));
      const cmd = readFileSync(`/proc/${d}/cmdline`, 'utf8');
      const type = /--type=([a-z-]+)/.exec(cmd)?.[1];
      const util = /--utility-sub-type=([A-Za-z.]+)/.exec(cmd)?.[1];
      kind.set(Number(d), type ? (util ? `${type}:${util.split('.').pop()}` : type) : cmd.includes('chromium') ? 'browser' : cmd.includes('vite') ? 'vite' : 'node');
    } catch {
      /* gone */
    }
  }
  const inTree = (pid: number) => {
    for (let p = pid, h = 0; p > 1 && h < 64; p = parent.get(p) ?? 0, h++) if (p === process.pid) return true;
    return false;
  };
  const out = new Map<string, number>();
  for (const [pid, k] of kind) {
    if (!inTree(pid) && pid !== process.pid) continue;
    let tids: string[] = [];
    try {
      tids = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tids) {
      try {
        const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')).replace(/[0-9]+$/, '#');
        const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        const key = `${k}/${name}`;
        out.set(key, (out.get(key) ?? 0) + Number(f[11]) + Number(f[12]));
      } catch {
        /* gone */
      }
    }
  }
  return out;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until this tree uses under 0.03 CPU-s in 400 ms (at most 30 s). */
async function quiet(): Promise<void> {
  const end = Date.now() + 30_000;
  let last = treeCpuSeconds() ?? 0;
  while (Date.now() < end) {
    await sleep(400);
    const now = treeCpuSeconds() ?? 0;
    if (now - last < 0.03) return;
    last = now;
  }
}

async function ready(page: Page): Promise<void> {
  await page.waitForSelector('body[data-ready]', { state: 'attached', timeout: 180_000 });
  const r = await page.evaluate(() => document.body.dataset.ready);
  if (r !== 'true') throw new Error(`ready = ${r}`);
}

type Step = { cpu: number; wall: number; threads: Map<string, number> };

/** Runs `act` and measures it until the tree is quiet. Threads' ticks that closed pages took are lost (small). */
async function measure(act: () => Promise<void>): Promise<Step> {
  await quiet();
  const t0 = threadTicks();
  const c0 = treeCpuSeconds() ?? 0;
  const w0 = Date.now();
  await act();
  const wall = Date.now() - w0;
  await quiet();
  const c1 = treeCpuSeconds() ?? 0;
  const t1 = threadTicks();
  const threads = new Map<string, number>();
  for (const [k, v] of t1) {
    const d = v - (t0.get(k) ?? 0);
    if (d > 0) threads.set(k, d / 100);
  }
  return { cpu: c1 - c0 - 0.03, wall, threads };
}

async function main() {
  buildApp(cfg);
  const server = await serveApp(cfg);
  const browser: Browser = await launchChromium();
  const url = process.env.BOOT_URL === 'play' ? `${cfg.baseUrl}?play=1` : process.env.BOOT_URL?.startsWith('?') ? `${cfg.baseUrl}${process.env.BOOT_URL}` : cfg.baseUrl;
  const rounds = Number(process.env.BOOT_ROUNDS ?? 2);
  const n = Number(process.env.BOOT_N ?? 3);
  const modes = (process.env.BOOT_MODES ?? 'fresh|shared|reload').split('|');
  const opts = { viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' as const, reducedMotion: 'reduce' as const };
  const all = new Map<string, Step[]>();
  try {
    if (process.env.BOOT_TRACE) {
      const page = await browser.newPage(opts);
      await quiet();
      await browser.startTracing(page, {
        path: process.env.BOOT_TRACE,
        categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'v8.execute', 'blink', 'gpu', 'toplevel', 'disabled-by-default-v8.compile', 'loading', 'disabled-by-default-v8.cpu_profiler'],
      });
      await page.goto(url, { waitUntil: 'domcontentloaded' });
      await ready(page);
      await quiet();
      await browser.stopTracing();
      await page.close();
      console.log(`trace written: ${process.env.BOOT_TRACE}`);
    }
    for (let r = 0; r < rounds; r++) {
      for (const mode of modes) {
        const steps = all.get(mode) ?? [];
        all.set(mode, steps);
        let context: BrowserContext | null = null;
        /** The one page the goto and reload modes boot again (made and booted on first use, outside any measure). */
        const kept: { page: Page | null } = { page: null };
        const keptPage = async (): Promise<Page> => {
          if (!kept.page) {
            kept.page = await browser.newPage(opts);
            await kept.page.goto(url, { waitUntil: 'domcontentloaded' });
            await ready(kept.page);
          }
          return kept.page;
        };
        let persist: BrowserContext | null = null;
        let pool: PagePool | null = null;
        for (let i = 0; i < n; i++) {
          if (mode === 'fresh') {
            // BOOT_SPLIT=1: the page is closed after the measure, so its renderer's threads (main, V8 pool, workers)
            // are still there to be read in the split (the close's own CPU is then not counted).
            const split = process.env.BOOT_SPLIT === '1';
            let page: Page | null = null;
            steps.push(
              await measure(async () => {
                page = await browser.newPage(opts);
                await page.goto(url, { waitUntil: 'domcontentloaded' });
                await ready(page);
                await sleep(Number(process.env.BOOT_HOLD ?? 0));
                if (!split) await page.close(); // counted, as the pool's emptying is
              }),
            );
            if (split) {
              const p = page as Page | null;
              const shown = await p?.evaluate(() => [...document.querySelectorAll('canvas[data-presented]')].map((c) => c.getAttribute('data-presented')).join('+'));
              console.log(`  frames shown by the page's canvases: ${shown || 'none'}`);
              await p?.close();
            }
          } else if (mode === 'shared' || mode === 'persist') {
            // shared: one context for the boots; persist: a persistent profile (a user data dir on disk), its HTTP
            // cache and V8 code cache on disk. Either way a new page of that context, closed after the measure.
            const ctx =
              mode === 'shared'
                ? (context ??= await browser.newContext(opts))
                : (persist ??= await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'boot41-')), { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs(), ...opts }));
            let page: Page | null = null;
            steps.push(
              await measure(async () => {
                page = await ctx.newPage();
                await page.goto(url, { waitUntil: 'domcontentloaded' });
                await ready(page);
              }),
            );
            await (page as Page | null)?.close();
          } else if (mode === 'pool') {
            // The runner's page pool (pagePool.ts): the released page emptied, then taken again.
            pool ??= new PagePool(browser, new URL(url).origin, async () => undefined);
            const pp = pool;
            steps.push(
              await measure(async () => {
                const { page } = await pp.take();
                await page.goto(url, { waitUntil: 'domcontentloaded' });
                await ready(page);
                await page.close(); // parked: emptied, for the next boot
              }),
            );
          } else if (mode === 'goto' || mode === 'gotoblank' || mode === 'gotoclear') {
            // One page, its origin's storage cleared (CDP Storage.clearDataForOrigin), then the app's address again.
            const p = await keptPage();
            steps.push(
              await measure(async () => {
                const cdp = await p.context().newCDPSession(p);
                if (mode !== 'goto') await p.goto('about:blank');
                await cdp.send('Storage.clearDataForOrigin', { origin: new URL(url).origin, storageTypes: 'all' });
                // gotoclear: the HTTP cache emptied too (what the runner's page pool does).
                if (mode === 'gotoclear') await cdp.send('Network.clearBrowserCache');
                await cdp.detach();
                await p.goto(url, { waitUntil: 'domcontentloaded' });
                await ready(p);
              }),
            );
          } else if (mode === 'reload') {
            const p = await keptPage();
            steps.push(
              await measure(async () => {
                await p.reload({ waitUntil: 'domcontentloaded' });
                await ready(p);
              }),
            );
          }
          const s = steps[steps.length - 1];
          console.log(`${mode} round ${r + 1} boot ${i + 1}: CPU ${s.cpu.toFixed(2)} s, wall to ready ${s.wall} ms, load ${readFileSync('/proc/loadavg', 'utf8').split(' ')[0]}`);
        }
        await kept.page?.close();
        await context?.close();
        await persist?.close();
        await pool?.closeAll();
      }
    }
    for (const [mode, steps] of all) {
      const cpus = steps.map((s) => s.cpu);
      console.log(`\n${mode}: ${steps.length} boots, CPU-s ${cpus.map((c) => c.toFixed(2)).join(', ')}; mean ${(cpus.reduce((a, b) => a + b, 0) / cpus.length).toFixed(2)}`);
      // Mean per-thread CPU over the mode's boots, the largest first.
      const sum = new Map<string, number>();
      for (const s of steps) for (const [k, v] of s.threads) sum.set(k, (sum.get(k) ?? 0) + v / steps.length);
      const top = [...sum].sort((a, b) => b[1] - a[1]).filter(([, v]) => v >= 0.03);
      for (const [k, v] of top) console.log(`  ${v.toFixed(2).padStart(6)}  ${k}`);
    }
  } finally {
    await browser.close().catch(() => undefined);
    stopServer(server);
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
