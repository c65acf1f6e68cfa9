/**
 * The Play probe (issue 35 item 6; `npm run bench:play`, part of `npm run bench`; NOT a test): the
 * production build in headless Chromium (software WebGL), driven with the real mouse, timing what a
 * player waits for and splitting each figure into the engine's time (inside the worker:
 * `workers/timedApi.ts`), the worker round trip (the page's call, `src/client/perfTrace.ts`, less
 * the worker's time) and the page's own work (the rest: pointer handling, React, rendering).
 *
 * - `start`: the real Kruleboyz export (`kb-001-all-units`, 1930 points) read in the New battle
 *   dialog against the Skaven sample, "Start the battle" clicked: until the Play summary is there
 *   and the table's first frame is shown (the page reloads into the battle);
 * - `drag` (Kruleboyz): its largest unit (20 Gutrippaz) dragged as a unit by the mouse in the
 *   movement phase, 12 steps of 0.25" toward the table's middle: per step, the time from the last
 *   pointer move to the label showing the engine's figure for that point (`commitMs`: in the DOM;
 *   `shownMs`: the frame after), median and p90; then the drop: mouse-up to the drop's note;
 * - `tower`: the bench's 20 Clanrats north of the command tower (`towerSetup`, `npm run
 *   bench:game`), dragged the same way 7.1" south round the tower (the heavy path search), and dropped;
 * - `online`: a game server (`tests/server/harness.ts`), p1 and p2 pages on the sample armies; p1
 *   drags its Liberators 1" back with the mouse; mouse-up on p1 to the move in p2's Play summary,
 *   split at the WebSocket (p1's send, p2's receive).
 *
 * Targets (issue 35, idle machine): label 50 ms (median), drop 300 ms, start 3 s, online 500 ms.
 * The machine is shared: the load average before and after is printed with the figures.
 * Writes `tests/e2e/__output__/play-bench.json`.
 *
 *   npm run bench:play                                  # build into /tmp, serve on E2E_PORT (4176)
 *   E2E_SKIP_BUILD=1 E2E_OUT_DIR=/tmp/dist-play npx tsx tests/e2e/playBench.ts
 *   PLAY_BENCH_ONLY=drag,tower npx tsx tests/e2e/playBench.ts   # some parts (start is needed for drag)
 */
import type { ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { towerSetup } from '../../src/cli/benchGame';
import { readBundledNode } from '../../src/game/node';
import { GameApi } from '../../src/game/session';
import { startServer, stopAllServers, tempDataDir } from '../server/harness';
import { reopenPlayBy } from './harness';
import { buildApp, e2eConfig, launchChromium, serveApp, stopServer } from './server';
import { runBench, writeSummary } from './stats';

process.env.E2E_OUT_DIR ??= '/tmp/sightline-play-bench-dist';
const cfg = e2eConfig(4176);
const { root, outputDir, baseUrl } = cfg;
const ONLY = (process.env.PLAY_BENCH_ONLY ?? 'start,drag,tower,online').split(',');
const TARGETS = { labelMs: 50, dropMs: 300, startMs: 3000, onlineMs: 500 };
const load = () => loadavg().map((x) => Math.round(x * 100) / 100);
const WAIT = 180_000;

type P2 = [number, number];
interface Span { name: string; start: number; end: number }
interface WSpan extends Span { worker: string }
interface Probe {
  moves: number[];
  ups: number[];
  labels: { t: number; shown?: number; text: string }[];
  notes: { t: number; text: string }[];
  summaries: { t: number; actions: number }[];
  wsSent: { t: number; bytes: number }[];
  wsRecv: { t: number; bytes: number }[];
  /** The main thread's long tasks (50 ms or more). */
  long: { start: number; end: number }[];
}

/**
 * Set up before the app's scripts: the app's spans on, the pointer's moves and releases, the drag
 * label's and the note's changes (with the frame after), the Play summary's accepted actions and
 * the WebSocket's frames, all in absolute ms (`timeOrigin + now`).
 */
const INIT = `(() => {
  window.__sightlinePerfOn = true;
  const abs = (t) => performance.timeOrigin + t;
  const p = window.__probe = { moves: [], ups: [], labels: [], notes: [], summaries: [], wsSent: [], wsRecv: [], long: [] };
  try { new PerformanceObserver((l) => { for (const e of l.getEntries()) p.long.push({ start: abs(e.startTime), end: abs(e.startTime + e.duration) }); }).observe({ type: 'longtask', buffered: true }); } catch {}
  addEventListener('pointermove', (e) => p.moves.push(abs(e.timeStamp)), true);
  addEventListener('pointerup', (e) => p.ups.push(abs(e.timeStamp)), true);
  const afterFrame = (rec) => requestAnimationFrame(() => { const ch = new MessageChannel(); ch.port1.onmessage = () => (rec.shown = abs(performance.now())); ch.port2.postMessage(0); });
  let label = null, note = null, noteObj = undefined, actions = -1;
  const watch = () => {
    const l = document.querySelector('[data-testid=play-drag-allowance]')?.textContent ?? null;
    if (l !== label) { label = l; if (l !== null) { const r = { t: abs(performance.now()), text: l }; p.labels.push(r); afterFrame(r); } }
    const n = document.querySelector('[data-testid=play-note]')?.textContent ?? null;
    if (n !== note) { note = n; if (n !== null) p.notes.push({ t: abs(performance.now()), text: n }); }
  };
  new MutationObserver(watch).observe(document, { subtree: true, childList: true, characterData: true });
  const poll = () => {
    const play = window.__sightline?.play;
    if (play) {
      const o = play.note();
      if (o !== noteObj) { noteObj = o; if (o) p.notes.push({ t: abs(performance.now()), text: o.text }); }
      const a = play.summary()?.actions ?? -1;
      if (a !== actions) { actions = a; p.summaries.push({ t: abs(performance.now()), actions: a }); }
    }
    requestAnimationFrame(poll);
  };
  requestAnimationFrame(poll);
  const WS = window.WebSocket;
  if (WS) {
    const send = WS.prototype.send;
    WS.prototype.send = function (d) { p.wsSent.push({ t: abs(performance.now()), bytes: d?.byteLength ?? d?.length ?? 0 }); return send.call(this, d); };
    const add = WS.prototype.addEventListener;
    WS.prototype.addEventListener = function (type, fn, o) {
      if (type !== 'message') return add.call(this, type, fn, o);
      return add.call(this, type, (e) => { p.wsRecv.push({ t: abs(performance.now()), bytes: e.data?.byteLength ?? e.data?.length ?? 0 }); return fn.call(this, e); }, o);
    };
    const desc = Object.getOwnPropertyDescriptor(WS.prototype, 'onmessage');
    Object.defineProperty(WS.prototype, 'onmessage', { configurable: true, get() { return desc.get.call(this); }, set(fn) { desc.set.call(this, fn && ((e) => { p.wsRecv.push({ t: abs(performance.now()), bytes: e.data?.byteLength ?? e.data?.length ?? 0 }); return fn.call(this, e); })); } });
  }
})()`;

const probe = (page: Page) => page.evaluate('window.__probe') as Promise<Probe>;
const takeSpans = (page: Page) => page.evaluate('window.__sightlinePerf ? window.__sightlinePerf.take() : []') as Promise<Span[]>;
const takeWorker = (page: Page) => page.evaluate('window.__sightlinePerf ? window.__sightlinePerf.workers() : []') as Promise<WSpan[]>;
const play = <T>(page: Page, expr: string) => page.evaluate(`window.__sightline.play.${expr}`) as Promise<T>;
const toolsCall = <T>(page: Page, expr: string) => page.evaluate(`window.__sightline.tools.${expr}`) as Promise<T>;

/** Median and p90 (nearest rank), ms, rounded. */
function q(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  const at = (p: number) => (s.length ? Math.round(s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)]) : null);
  return { median: at(0.5), p90: at(0.9), max: at(1), n: s.length };
}

/** Length of the union of intervals. */
function unionMs(xs: Span[]): number {
  const s = [...xs].sort((a, b) => a.start - b.start);
  let total = 0;
  let cur: [number, number] | null = null;
  for (const x of s) {
    if (!cur || x.start > cur[1]) {
      if (cur) total += cur[1] - cur[0];
      cur = [x.start, x.end];
    } else cur[1] = Math.max(cur[1], x.end);
  }
  if (cur) total += cur[1] - cur[0];
  return total;
}

/**
 * One waited-for figure split: `total` from `t0` to `t1`; `engineMs` the workers' own time inside
 * the page's worker calls that ended in the window; `roundTripMs` those calls' time less the
 * engine's; `pageMs` the rest (pointer handling, React, rendering, waiting for an earlier question).
 */
function split(t0: number, t1: number, all: Span[], worker: WSpan[], long: { start: number; end: number }[] = []) {
  const spans = all.filter((s) => !s.name.startsWith('mark.'));
  const marks = all.filter((s) => s.name.startsWith('mark.') && s.start >= t0 && s.start <= t1 + 0.5);
  const calls = spans.filter((s) => s.end > t0 && s.end <= t1 + 0.5 && s.start >= t0 - 60_000);
  const inCalls = worker.filter((w) => w.end > t0 && w.start < t1 + 0.5 && w.name !== 'takeTimings');
  const engine = unionMs(inCalls.map((w) => ({ ...w, start: Math.max(w.start, t0), end: Math.min(w.end, t1) })));
  const callMs = unionMs(calls.map((c) => ({ ...c, start: Math.max(c.start, t0) })));
  const r = (v: number) => Math.round(v);
  const by: Record<string, number> = {};
  for (const w of inCalls) by[`${w.worker}.${w.name}`] = r((by[`${w.worker}.${w.name}`] ?? 0) + Math.min(w.end, t1) - Math.max(w.start, t0));
  const busy = unionMs(long.filter((x) => x.end > t0 && x.start < t1).map((x) => ({ name: 'long', start: Math.max(x.start, t0), end: Math.min(x.end, t1) })));
  // The call answered last before t1 (the one the figure waited for): when it was asked (from t0)
  // and how long the page took from its answer to t1 (React, the label's render).
  const lastCall = calls.reduce<Span | null>((a, c) => (!a || c.end > a.end ? c : a), null);
  return {
    totalMs: r(t1 - t0),
    askedAtMs: lastCall ? r(lastCall.start - t0) : null,
    afterAnswerMs: lastCall ? r(t1 - lastCall.end) : null,
    /** The page's marks (`perfMark`) after that answer, ms from it: the first of each name. */
    marks: lastCall ? Object.fromEntries([...new Set(marks.map((m) => m.name))].map((n) => [n.slice(5), r(marks.filter((m) => m.name === n && m.start >= lastCall.end).reduce((a, m) => Math.min(a, m.start), Infinity) - lastCall.end)])) : {},
    engineMs: r(engine),
    roundTripMs: r(Math.max(0, callMs - engine)),
    pageMs: r(Math.max(0, t1 - t0 - Math.max(callMs, engine))),
    /** The main thread's long tasks (>= 50 ms) in the window, ms: page work, wherever it fell. */
    mainLongTasksMs: r(busy),
    calls: [...new Set(calls.map((c) => c.name))].join(' '),
    workerCalls: by,
  };
}

async function openPage(browser: Browser): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.addInitScript(INIT);
  page.on('pageerror', (e) => console.error(`page error: ${e.message}`));
  return page;
}

async function ready(page: Page): Promise<void> {
  await page.waitForSelector('body[data-ready]', { state: 'attached', timeout: WAIT });
  const r = await page.evaluate(() => document.body.dataset.ready);
  if (r !== 'true') throw new Error(`the app signalled "${r}": ${await page.evaluate(() => document.body.dataset.problems ?? '')}`);
  await page.waitForFunction(() => !!window.__sightline?.play?.summary(), undefined, { timeout: WAIT });
}

/** Clicks an enabled Play button and waits for the next game state. */
/**
 * Click a Play button and wait for the game to change. Online, an action that cannot be undone asks
 * once ("Do it", `play-confirm-act`, issue 35 item 4): the probe confirms it, as a player would.
 */
async function click(page: Page, testid: string): Promise<void> {
  const v = await play<number>(page, 'version()');
  await page.click(`[data-testid=${testid}]:not([disabled])`);
  await page.waitForFunction((x) => window.__sightline!.play!.version() > x || !!document.querySelector('[data-testid=play-confirm-act]'), v, { timeout: WAIT });
  if (await page.$('[data-testid=play-confirm-act]')) await page.click('[data-testid=play-confirm-act-ok]');
  await page.waitForFunction((x) => window.__sightline!.play!.version() > x, v, { timeout: WAIT });
}

async function screenOf(page: Page, p: [number, number, number]): Promise<P2> {
  const px = await toolsCall<P2 | null>(page, `project(${JSON.stringify(p)})`);
  if (!px) throw new Error(`table point ${p} is off screen`);
  return px;
}

/** Two animation frames: the page has caught up. */
const settle = (page: Page) => page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');

/**
 * Drags model `id` with the mouse by (dx, dy) inches in `steps` steps (each two pointer moves),
 * waiting after each for the label to show the engine's figure; then releases and waits for the
 * drop's note. Per step: the split from the step's last pointer move to that label.
 */
async function mouseDrag(page: Page, id: string, dx: number, dy: number, steps: number) {
  const top = await toolsCall<[number, number, number]>(page, `modelTop(${JSON.stringify(id)})`);
  const [x, y] = await toolsCall<P2>(page, `modelCentre(${JSON.stringify(id)})`);
  const at = await screenOf(page, top);
  await settle(page);
  await takeSpans(page);
  await takeWorker(page);
  // PLAY_BENCH_DRAG_PROFILE=1: a CPU profile of the page's main thread over the drag's steps (not the drop).
  const cdp = process.env.PLAY_BENCH_DRAG_PROFILE ? await page.context().newCDPSession(page) : null;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 1000 });
    await cdp.send('Profiler.start');
  }
  await page.mouse.move(at[0], at[1]);
  await page.mouse.down();
  const labels: ReturnType<typeof split>[] = [];
  const shown: number[] = [];
  const texts: string[] = [];
  for (let k = 1; k <= steps; k++) {
    const to = await screenOf(page, [x + (dx * k) / steps, y + (dy * k) / steps, 0]);
    const before = (await probe(page)).moves.length;
    await page.mouse.move(to[0], to[1], { steps: 2 });
    await page.waitForFunction((n) => window.__probe.moves.length >= n + 2, before);
    const last = (await probe(page)).moves.at(-1)!;
    // The label showing the engine's figure for this point (not the straight line's "≥" bound).
    const ok = await page.waitForFunction((t) => window.__probe.labels.some((l) => l.t > t && !l.text.startsWith('≥') && l.shown), last, { timeout: 30_000 }).then(() => true, () => false);
    if (!ok) {
      await page.screenshot({ path: join(outputDir, 'play-bench-no-label.png') }).catch(() => undefined);
      texts.push(`no measured label within 30 s: ${(await probe(page)).labels.slice(-3).map((m) => m.text).join(' | ')}`);
      continue;
    }
    const pr = await probe(page);
    const l = pr.labels.find((m) => m.t > last && !m.text.startsWith('≥'))!;
    labels.push(split(last, l.t, await takeSpans(page), await takeWorker(page), pr.long));
    shown.push(l.shown! - last);
    texts.push(l.text);
    // A look at the ghosts mid-drag (PLAY_BENCH_SHOT=1): their paths and the label.
    if (process.env.PLAY_BENCH_SHOT && k === Math.ceil(steps / 2)) await page.screenshot({ path: join(outputDir, `play-bench-drag-${id}.png`) });
  }
  if (cdp) {
    const { profile } = await cdp.send('Profiler.stop');
    const file = join(outputDir, `play-bench-drag-${id.replace(/[^\w.-]/g, '_')}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    console.error(`drag: main-thread profile in ${file} (summary: npx tsx tests/e2e/profileTop.ts ${file})`);
    await cdp.detach();
  }
  await takeSpans(page);
  await takeWorker(page);
  const notes = (await probe(page)).notes.length;
  await page.mouse.up();
  await page.waitForFunction((n) => window.__probe.notes.length > n, notes, { timeout: WAIT });
  const p = await probe(page);
  const up = p.ups.at(-1)!;
  const note = p.notes[notes];
  const drop = { ...split(up, note.t, await takeSpans(page), await takeWorker(page), p.long), note: note.text.slice(0, 160) };
  return {
    label: {
      commitMs: q(labels.map((l) => l.totalMs)),
      shownMs: q(shown),
      engineMs: q(labels.map((l) => l.engineMs)),
      roundTripMs: q(labels.map((l) => l.roundTripMs)),
      pageMs: q(labels.map((l) => l.pageMs)),
      mainLongTasksMs: q(labels.map((l) => l.mainLongTasksMs)),
      workerCalls: labels.reduce<Record<string, number>>((m, l) => {
        for (const [k, v] of Object.entries(l.workerCalls)) m[k] = (m[k] ?? 0) + v;
        return m;
      }, {}),
      lastText: texts.at(-1),
      /** Per step: [commit, engine, round trip, page, asked at, after the answer] ms, and the worker's calls in the window (name: ms). */
      steps: labels.map((l) => [l.totalMs, l.engineMs, l.roundTripMs, l.pageMs, l.askedAtMs, l.afterAnswerMs, l.workerCalls, l.marks]),
      /** From the last pointer move to the question the label waited for being asked, ms (median). */
      askedAtMs: q(labels.map((l) => l.askedAtMs ?? 0)),
      /** From that question's answer in the page to the label in the DOM, ms (median). */
      afterAnswerMs: q(labels.map((l) => l.afterAnswerMs ?? 0)),
    },
    drop,
  };
}

/**
 * A move of `lens` inches (the first that works) in one of eight directions in which every model
 * of the unit has a legal path (the game's own path search), or null.
 */
async function freeMove(page: Page, positions: Record<string, P2>, models: string[], lens: number[]): Promise<P2 | null> {
  const dirs = [[0, 1], [0, -1], [1, 0], [-1, 0], [0.7, 0.7], [-0.7, 0.7], [0.7, -0.7], [-0.7, -0.7]];
  for (const len of lens) {
    for (const [ux, uy] of dirs) {
      const d: P2 = [ux * len, uy * len];
      let fine = true;
      for (const m of models) {
        const [mx, my] = positions[m];
        const r = await play<{ value: number | null }>(page, `route(${JSON.stringify(m)}, [${mx + d[0]}, ${my + d[1]}])`);
        if (r.value === null || r.value > len * 1.5) {
          fine = false;
          break;
        }
      }
      if (fine) return d;
    }
  }
  return null;
}

async function main(): Promise<void> {
  mkdirSync(outputDir, { recursive: true });
  let server: ChildProcess | null = null;
  let browser: Browser | null = null;
  const loadBefore = load();
  const out: Record<string, unknown> = { renderer: 'headless Chromium, SwiftShader (software WebGL)', targets: TARGETS };
  try {
    buildApp(cfg);
    server = await serveApp(cfg);
    browser = await launchChromium();

    if (ONLY.includes('start') || ONLY.includes('drag')) {
      // ---- A battle started with the real Kruleboyz export against the Skaven sample.
      const page = await openPage(browser);
      await page.goto(baseUrl, { waitUntil: 'domcontentloaded' });
      await page.waitForSelector('body[data-ready=true]', { state: 'attached', timeout: WAIT });
      await page.click('[data-testid=btn-play][data-play=off]');
      await page.waitForSelector('[data-testid=battle-army-file-p1]:not([disabled])');
      const ros = join(outputDir, 'play-bench-kb.ros');
      copyFileSync(join(root, 'tests/fixtures/rosters/new-recruit/kb-001-all-units/list.ros'), ros);
      await page.setInputFiles('[data-testid=battle-army-file-p1]', ros);
      await page.waitForFunction(() => document.querySelector('[data-testid=battle-warnings-p1] summary')?.textContent?.includes('play-bench-kb.ros'), undefined, { timeout: WAIT });
      await page.waitForSelector('[data-testid=battle-start]:not([disabled])');
      await settle(page);
      await takeSpans(page);
      const before = await takeWorker(page);
      // PLAY_BENCH_PROFILE=1: a CPU profile of the page's main thread over the start (written beside the summary).
      const cdp = process.env.PLAY_BENCH_PROFILE ? await page.context().newCDPSession(page) : null;
      if (cdp) {
        console.error(`before Start, the workers did: ${before.map((w) => `${w.worker}.${w.name} ${Math.round(w.end - w.start)} ms`).join(', ')}`);
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
        await cdp.send('Profiler.start');
      }
      const t0 = (await page.evaluate('performance.timeOrigin + performance.now()')) as number;
      // Play opens in place (no reload): the address gains ?play=1 once the battle has started.
      const loaded = page.waitForFunction(() => new URLSearchParams(location.search).get('play') === '1', undefined, { timeout: WAIT });
      await page.click('[data-testid=battle-start]');
      await loaded;
      const tSwitch = (await page.evaluate('performance.timeOrigin + performance.now()')) as number;
      await ready(page);
      const tReady = (await page.evaluate('performance.timeOrigin + performance.now()')) as number;
      // The table's first frame on screen (`data-presented`: frames shown; the ready signal follows
      // it, so this is already true; a later frame, e.g. the shaders' warm-up, is not waited for).
      await page.waitForSelector('canvas[data-presented]', { state: 'attached', timeout: WAIT });
      await settle(page);
      const tShown = (await page.evaluate('performance.timeOrigin + performance.now()')) as number;
      if (cdp) {
        const { profile } = await cdp.send('Profiler.stop');
        writeFileSync(join(outputDir, 'play-bench-start.cpuprofile'), JSON.stringify(profile));
        console.error(`start: main-thread profile in ${join(outputDir, 'play-bench-start.cpuprofile')}; marks ${JSON.stringify(await page.evaluate(() => performance.getEntriesByType('mark').map((m) => [m.name, Math.round(m.startTime)])))}`);
      }
      const nav = (await page.evaluate('performance.timeOrigin')) as number;
      const spans = await takeSpans(page);
      const wspans = await takeWorker(page);
      const s = split(t0, tShown, spans, wspans, (await probe(page)).long);
      if (cdp) {
        // The start's timeline (PLAY_BENCH_PROFILE): the page's calls, the workers' own spans, fetches and long tasks, ms from Start.
        const rel = (t: number) => Math.round(t - t0);
        const res = (await page.evaluate('performance.getEntriesByType("resource").map((e) => [e.name.split("/").pop(), performance.timeOrigin + e.startTime, performance.timeOrigin + e.responseEnd])')) as [string, number, number][];
        const rows = [
          ...spans.filter((x) => x.end >= t0).map((x) => [rel(x.start), rel(x.end), `call ${x.name}`] as const),
          ...wspans.filter((x) => x.end >= t0).map((x) => [rel(x.start), rel(x.end), `  in ${x.worker}.${x.name}`] as const),
          ...res.filter((x) => x[2] >= t0).map((x) => [rel(x[1]), rel(x[2]), `fetch ${x[0]}`] as const),
          ...(await probe(page)).long.filter((x) => x.end >= t0).map((x) => [rel(x.start), rel(x.end), 'long task'] as const),
          [rel(tSwitch), rel(tSwitch), 'switched'] as const,
          [rel(tReady), rel(tReady), 'ready'] as const,
        ].sort((a, b) => a[0] - b[0]);
        console.error(rows.map(([a, b, w]) => `${String(a).padStart(6)} ${String(b).padStart(6)} ${String(b - a).padStart(5)}  ${w}`).join('\n'));
      }
      const models = ((await play<{ units: { aliveModelIds: string[] }[] }>(page, 'summary()')).units).reduce((n, u) => n + u.aliveModelIds.length, 0);
      out.start = {
        army: 'kb-001-all-units (p1) v Skaven sample (p2)',
        models,
        ...s,
        readyMs: Math.round(tReady - t0),
        // The page's marks (perfMark) after Start, ms from the click: the first of each name (the
        // remount, the scene data, `renderer.kept` when the table's renderer was reused, the first
        // frame's draw, drawn with its program count, shown).
        marksFromStart: Object.fromEntries(
          spans
            .filter((x) => x.name.startsWith('mark.') && x.start >= t0)
            .sort((a, b) => a.start - b.start)
            .reverse()
            .map((x) => [x.name.slice(5), Math.round(x.start - t0)]),
        ),
        // Start the battle until Play takes over the page (the game started in the worker; a reload before issue 35's in-place start).
        beforeSwitchMs: Math.round(Math.max(nav, tSwitch) - t0),
        gameCalls: Object.entries(spans.filter((x) => x.start >= t0 && !x.name.startsWith('mark.')).reduce<Record<string, number>>((m, x) => ({ ...m, [x.name]: Math.round((m[x.name] ?? 0) + x.end - x.start) }), {})),
      };
      console.error(`start: ${JSON.stringify(out.start)}`);

      if (ONLY.includes('drag')) {
        await click(page, 'play-g-firstTurn-p1');
        await click(page, 'play-g-endPhase');
        await click(page, 'play-g-endPhase');
        const sum = await play<{ phase: string; active: string; units: { id: string; owner: string; name: string; aliveModelIds: string[] }[]; board: { positions: Record<string, P2> } }>(page, 'summary()');
        if (`${sum.active} ${sum.phase}` !== 'p1 movement') throw new Error(`expected p1's movement phase, got ${sum.active} ${sum.phase}`);
        const unit = sum.units.filter((u) => u.owner === 'p1').sort((a, b) => b.aliveModelIds.length - a.aliveModelIds.length)[0];
        const first = unit.aliveModelIds[0];
        let dir = await freeMove(page, sum.board.positions, unit.aliveModelIds, [3, 2]);
        dir ??= [0, sum.board.positions[first][1] < 22 ? 3 : -3];
        await page.click('[data-testid=btn-top]').catch(() => undefined);
        await settle(page);
        // PLAY_BENCH_SAVE=1: the game before the drag, the unit and its move, for the engine's node
        // bench of the same drag (`src/cli/benchGutrippaz.ts`).
        if (process.env.PLAY_BENCH_SAVE) writeFileSync(join(outputDir, 'play-bench-drag-save.json'), JSON.stringify({ save: await play(page, 'save()'), models: unit.aliveModelIds, positions: sum.board.positions, dir, steps: 12 }));
        const r = await mouseDrag(page, first, dir[0], dir[1], 12);
        out.drag = { unit: `${unit.name} (${unit.aliveModelIds.length} models)`, ...r };
        console.error(`drag: ${JSON.stringify(out.drag)}`);
      }
      await page.close();
    }

    if (ONLY.includes('tower')) {
      // ---- The bench's tower case: 20 Clanrats dragged 7.1" south round the command tower.
      const page = await openPage(browser);
      await page.goto(`${baseUrl}?play=1`, { waitUntil: 'domcontentloaded' });
      await ready(page);
      const api = new GameApi({ readBundled: readBundledNode });
      const started = await api.startOnTable(towerSetup());
      if (!started.ok) throw new Error(started.problems.join('; '));
      const file = join(outputDir, 'play-bench-tower.json');
      writeFileSync(file, JSON.stringify({ ...api.save(), actions: [] }));
      await reopenPlayBy(page, () => page.setInputFiles('[data-testid=play-load]', file)); // Play reopens in place
      await click(page, 'play-g-firstTurn-p2');
      await click(page, 'play-g-endPhase');
      await click(page, 'play-g-endPhase');
      const sum = await play<{ units: { id: string; aliveModelIds: string[] }[] }>(page, 'summary()');
      const first = sum.units.find((u) => u.id === 'sk-clanrats')!.aliveModelIds[0];
      await page.click('[data-testid=btn-top]').catch(() => undefined);
      await settle(page);
      out.tower = { unit: 'Clanrats (20 models)', ...(await mouseDrag(page, first, 0, -7.1, 12)) };
      console.error(`tower: ${JSON.stringify(out.tower)}`);
      await page.close();
    }

    if (ONLY.includes('online')) {
      const gs = await startServer({ SIGHTLINE_DATA_DIR: tempDataDir() });
      const pages: Page[] = [];
      try {
        const ws = `ws://127.0.0.1:${gs.port}`;
        const p1 = await openPage(browser);
        pages.push(p1);
        await p1.goto(`${baseUrl}?server=${encodeURIComponent(ws)}`, { waitUntil: 'domcontentloaded' });
        await p1.waitForSelector('body[data-ready=true]', { state: 'attached', timeout: WAIT });
        await p1.click('[data-testid=btn-play]');
        await p1.waitForSelector('[data-testid=battle-online]:not([disabled])');
        await Promise.all([p1.waitForEvent('load', { timeout: WAIT }), p1.click('[data-testid=battle-online]')]);
        await ready(p1);
        const links = await play<{ links: { opponent: string } }>(p1, 'online()');
        const p2 = await openPage(browser);
        pages.push(p2);
        await p2.goto(links.links.opponent, { waitUntil: 'domcontentloaded' });
        await ready(p2);
        await p1.waitForSelector('[data-testid=online-presence-p2][data-connected=true]', { timeout: WAIT });
        await click(p1, 'play-g-firstTurn-p1');
        await click(p1, 'play-g-endPhase');
        await click(p1, 'play-g-endPhase');
        const s1 = await play<{ actions: number; units: { id: string; owner: string; aliveModelIds: string[] }[]; board: { positions: Record<string, P2> } }>(p1, 'summary()');
        await p2.waitForFunction((n) => (window.__sightline?.play?.summary()?.actions ?? -1) >= n, s1.actions, { timeout: WAIT });
        await p1.click('[data-testid=btn-top]').catch(() => undefined);
        await p2.click('[data-testid=btn-top]').catch(() => undefined);
        await settle(p1);
        await settle(p2);
        // p1's largest unit whose models stand clear of the panels (the canvas's middle) with a free 1" move.
        let lib = '';
        let dir: P2 | null = null;
        for (const u of s1.units.filter((x) => x.owner === 'p1').sort((a, b) => b.aliveModelIds.length - a.aliveModelIds.length)) {
          const at = await screenOf(p1, await toolsCall<[number, number, number]>(p1, `modelTop(${JSON.stringify(u.aliveModelIds[0])})`)).catch(() => null);
          if (!at || at[0] < 340 || at[0] > 860 || at[1] < 120 || at[1] > 760) continue;
          dir = await freeMove(p1, s1.board.positions, u.aliveModelIds, [1]);
          if (dir) {
            lib = u.aliveModelIds[0];
            out.onlineUnit = `${u.id} (${u.aliveModelIds.length} models)`;
            break;
          }
        }
        if (!dir) throw new Error("no unit of p1's clear of the panels with a free 1\" move");
        const drag = await mouseDrag(p1, lib, dir[0], dir[1], 4);
        await p2.waitForFunction((n) => (window.__sightline?.play?.summary()?.actions ?? -1) > n, s1.actions, { timeout: WAIT });
        await settle(p2);
        const a = await probe(p1);
        const b = await probe(p2);
        const up = a.ups.at(-1)!;
        // p2 shows the move when its note says what p1 did and the glide starts (useOnline: the
        // summary itself lands after the glide, `glideDoneMs`).
        const seen = b.summaries.find((x) => x.t > up && x.actions > s1.actions)!;
        const noted = b.notes.find((x) => x.t > up) ?? seen;
        const sent = a.wsSent.find((x) => x.t >= up);
        const recv = sent ? b.wsRecv.filter((x) => x.t >= sent.t) : [];
        const lastRecv = recv.filter((x) => x.t <= noted.t).at(-1);
        const p1Spans = await takeSpans(p1);
        const p2Spans = await takeSpans(p2);
        const p1Worker = await takeWorker(p1);
        const p2Worker = await takeWorker(p2);
        out.online = {
          move: `${out.onlineUnit} 1", p1 → p2`,
          totalMs: Math.round(noted.t - up),
          glideDoneMs: Math.round(seen.t - up),
          p2Note: noted.t === seen.t ? null : (noted as { text: string }).text.slice(0, 120),
          p1BeforeSendMs: sent ? Math.round(sent.t - up) : null,
          p1: sent ? split(up, sent.t, p1Spans, p1Worker) : null,
          serverAndNetworkMs: sent && lastRecv ? Math.round(lastRecv.t - sent.t) : null,
          p2AfterReceiveMs: lastRecv ? Math.round(noted.t - lastRecv.t) : null,
          p2: lastRecv ? split(lastRecv.t, noted.t, p2Spans, p2Worker) : null,
          p1Label: drag.label,
          p1Drop: drag.drop,
        };
        console.error(`online: ${JSON.stringify(out.online)}`);
        await p1.close();
        await p2.close();
      } catch (e) {
        // The online part's failure is reported, the other figures kept.
        out.online = { error: (e as Error).message.split('\n')[0] };
        console.error(`online: ${(e as Error).message}`);
        for (const [i, pg] of pages.entries()) await pg.screenshot({ path: join(outputDir, `play-bench-online-p${i + 1}.png`) }).catch(() => undefined);
      } finally {
        await stopAllServers();
      }
    }
    out.machine = { cores: 2, loadBefore, loadAfter: load() };
    writeSummary(outputDir, 'play-bench.json', out);
  } finally {
    await browser?.close().catch(() => undefined);
    stopServer(server);
  }
}

declare global {
  interface Window {
    __probe: Probe;
  }
}

runBench(main);
