/**
 * A tiny end-to-end harness (no test framework): tests are plain async functions that open browser
 * pages on the built app (`ctx.openPage`, `openApp`, `openPlay`: a fresh page each; `keptPage`: one
 * booted page shared by the tests of a file that only read it or reset it through the app;
 * `pageToLoadInto`: a Play page shared by the tests of a lane whose first step reloads it into
 * another game; `tableViewPage`: the default battlefield in the table view, shared by the tests of a
 * lane that start there, reset through the app) and throw on failure. Used by `run.ts`, which closes every page a test left open
 * when the test ends, except the kept ones.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';

/** What a test gets. */
export interface E2EContext {
  browser: Browser;
  /** Base URL of the served build, e.g. `http://localhost:4173/`. */
  baseUrl: string;
  /** Folder for screenshots and other artefacts (tests/e2e/__output__). */
  outputDir: string;
  /** Repository root. */
  root: string;
  /** Opens a new page (1280 x 800) that records console errors, page errors and failed requests. */
  openPage: () => Promise<OpenedPage>;
  /**
   * Booted pages kept for the next tests of the same suite (see {@link keptPage}); the runner closes
   * them when the suite ends. Absent where a runner keeps no pages: each test then boots its own.
   */
  kept?: Map<string, Promise<OpenedPage>>;
  /**
   * Booted pages kept for the next tests of every suite the same lane runs (see
   * {@link pageToLoadInto}); the runner closes them when the lane ends. Absent where a runner keeps
   * nothing.
   */
  laneKept?: Map<string, Promise<OpenedPage>>;
}

/** A page and what it recorded: console and page errors, failed requests (`errors`), console warnings. */
export interface OpenedPage {
  page: Page;
  errors: string[];
  warnings: string[];
}

/**
 * `p`, or a rejection with `message()` after `ms` milliseconds (the timer cleared when `p` settles first): a bound
 * for a wait that has none of its own (`page.evaluate`, a whole test in run.ts).
 */
export function rejectAfter<T>(p: Promise<T>, ms: number, message: () => string): Promise<T> {
  let t: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<never>((_, reject) => {
    t = setTimeout(() => reject(new Error(message())), ms);
  });
  return Promise.race([p, limit]).finally(() => clearTimeout(t));
}

/**
 * One booted page shared by the tests of a suite that ask for the same `key` (they run one after
 * another in one lane, in the file's order): the first asks `open()` to boot it, the next get the
 * same page as the previous test left it (its `errors` and `warnings` accumulate). A boot costs 8-9
 * CPU-seconds in software WebGL (docs/performance.md, "The test run"), so tests that only read or
 * view the same battlefield share one. A test that leaves the page unusable closes it: the next
 * boots a new one. Without `ctx.kept` (a runner that keeps nothing) it is `open()`.
 */
export async function keptPage(ctx: E2EContext, key: string, open: () => Promise<OpenedPage>): Promise<OpenedPage> {
  return (await keptIn(ctx.kept, key, open)).opened;
}

/** The page kept under `key` in `kept` (reused: true), or a new one booted by `open()` and kept there. */
async function keptIn(kept: Map<string, Promise<OpenedPage>> | undefined, key: string, open: () => Promise<OpenedPage>): Promise<{ opened: OpenedPage; reused: boolean }> {
  if (!kept) return { opened: await open(), reused: false };
  const held = kept.get(key);
  if (held) {
    const o = await held.catch(() => null);
    if (o && !o.page.isClosed()) {
      // A test that turned motion on (motionOn) leaves the next with the run's setting.
      if (motionTurnedOn.delete(o.page)) await o.page.emulateMedia({ reducedMotion: RUN_MOTION });
      return { opened: o, reused: true };
    }
  }
  const booting = open();
  kept.set(key, booting);
  return { opened: await booting, reused: false };
}

const LOAD_INTO = 'lane: a Play page to load a game into';

/** Requests each tracked page has in flight, and who waits for none. */
const inFlight = new WeakMap<Page, { n: number; idle: (() => void)[] }>();

/**
 * Counts the page's requests in flight from now on (the runner calls it for every page it hands to a
 * test, once; a page taken again from its spares had its listeners removed), for {@link requestsSettled}.
 */
export function trackRequests(page: Page): void {
  // Called once per hand-out: a parked page (run.ts's pagePool) had its listeners removed when emptied.
  const t = { n: 0, idle: [] as (() => void)[] };
  inFlight.set(page, t);
  page.on('request', () => t.n++);
  const done = () => {
    t.n = Math.max(0, t.n - 1);
    if (t.n === 0) t.idle.splice(0).forEach((f) => f());
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
}

/**
 * Resolves when the page has no request in flight (at once for an untracked page), or after
 * `watchdogMs`: a page reloaded while it still fetches (a chunk the last test's dice asked for)
 * aborts the fetch, which the page's error list records as a failed request.
 */
export function requestsSettled(page: Page, watchdogMs = 120_000): Promise<void> {
  const t = inFlight.get(page);
  if (!t || t.n === 0) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, watchdogMs);
    t.idle.push(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * Offers a test's own Play page, at the test's end, to the lane's next {@link pageToLoadInto}
 * (which wipes its storage before handing it on): kept when the lane holds no such page, else left
 * to the runner, which closes it. The page must be in Play mode, and the test must not close it.
 * Never offer a page with an init script of its own (`addInitScript`: it runs again on every load,
 * e.g. writing its game over the next test's autosave; the runner's frame counter, frameCount.ts,
 * only counts) or a route of its own.
 */
export async function offerToLoadInto(ctx: E2EContext, opened: OpenedPage): Promise<void> {
  const kept = ctx.laneKept ?? ctx.kept;
  if (!kept || opened.page.isClosed()) return;
  const held = await kept.get(LOAD_INTO)?.catch(() => null);
  if (held && !held.page.isClosed()) return;
  kept.set(LOAD_INTO, Promise.resolve(opened));
}

/**
 * A Play page (`?play=1`, ready) for a test whose FIRST step opens another game: a saved game
 * uploaded (`uploadGame`), a replay, a new game ({@link freshPlayPage}). Such a test only needs the
 * Play panel's file inputs and buttons; Play then reopens in place on the new game (no page reload
 * since session 36: the App remounts on the game the game worker holds, `reopenPlay`), so the page
 * the previous such test of the same lane left (any suite: `ctx.laneKept`) serves as well as a
 * fresh one and saves a boot (8-9.5 CPU-s in software WebGL; docs/performance.md, "The test run").
 * On reuse the page's browser storage is wiped first (localStorage and sessionStorage: the previous
 * test's autosave, previous game, replay, camera and panel places; IndexedDB: the table view's
 * battlefield, remembered bases and recent armies) and what it left open closed (Escape), so the new
 * game lands as in a fresh browser, and its recorded errors and warnings are cleared (the previous test has checked
 * its own). Differences from a fresh page: the "previous game" is none instead of a default new
 * game, and the document (its workers, their caches) is the previous test's. Do not call it from a
 * test that reads the game before it opens another, nor close the page it returns.
 */
export async function pageToLoadInto(ctx: E2EContext): Promise<OpenedPage> {
  const kept = ctx.laneKept ?? ctx.kept;
  let { opened, reused } = await keptIn(kept, LOAD_INTO, () => openPlay(ctx));
  // Whatever the last test's page still fetches ends first: the coming reload would abort it.
  if (reused) await requestsSettled(opened.page);
  // A page the last test left out of Play mode (the table view) is not handed on: a new one boots.
  if (reused && !(await opened.page.$('[data-testid=btn-play][data-play=on]'))) {
    await opened.page.close();
    ({ opened, reused } = await keptIn(kept, LOAD_INTO, () => openPlay(ctx)));
  }
  if (reused) {
    // What the last test left open over the page (a unit card, a dialog) closes as a player closes it.
    await opened.page.keyboard.press('Escape');
    await opened.page.evaluate(wipeStorage);
    opened.errors.length = 0;
    opened.warnings.length = 0;
  }
  return opened;
}

/**
 * Runs in the page: empties what a browser keeps for the app, as for a fresh browser context:
 * localStorage, sessionStorage and every IndexedDB database of the page (`sightline`: the table
 * view's autosaved battlefield and its meshes; `sightline-armies`: remembered bases and recent
 * armies), their stores cleared, not the databases deleted (the app may hold them open).
 */
async function wipeStorage(): Promise<void> {
  localStorage.clear();
  sessionStorage.clear();
  for (const { name, version } of await indexedDB.databases()) {
    if (!name) continue;
    await new Promise<void>((resolve, reject) => {
      // Opened at the version it has: no upgrade, nothing created.
      const q = indexedDB.open(name, version);
      q.onerror = () => reject(q.error);
      q.onsuccess = () => {
        const db = q.result;
        const names = [...db.objectStoreNames];
        if (!names.length) return void (db.close(), resolve());
        const tx = db.transaction(names, 'readwrite');
        for (const n of names) tx.objectStore(n).clear();
        tx.oncomplete = () => (db.close(), resolve());
        tx.onerror = () => reject(tx.error);
      };
    });
  }
}

/**
 * A Play page on a fresh default game, as {@link openPlay} gives, without booting one where the
 * lane holds a page to load into ({@link pageToLoadInto}: its storage wiped, its errors cleared):
 * the Play panel's New game (confirmed) starts a new hot-seat game in place (no page reload, the
 * game a boot starts: `newGame` with a fresh seed), so the autosave and "Resume previous game" start
 * as on a fresh page (no previous game). For tests that need a new game but not a new document.
 */
export async function freshPlayPage(ctx: E2EContext): Promise<OpenedPage> {
  const opened = await pageToLoadInto(ctx);
  const { page } = opened;
  await page.click('[data-testid=play-new]');
  await page.waitForSelector('[data-testid=play-confirm-new]', { timeout: 60_000 });
  await reopenPlayBy(page, () => page.click('[data-testid=play-confirm-new-ok]'));
  return opened;
}

const TABLE_VIEW = 'lane: the default battlefield in the table view';

/** The battlefield's scenario (canonical JSON) as each table-view page booted with it. */
const bootedTable = new WeakMap<Page, string>();

/** JSON with every object's keys sorted (deep equality that ignores key order). */
function canonicalJson(v: unknown): string {
  const canon = (x: unknown): unknown =>
    Array.isArray(x) ? x.map(canon) : x && typeof x === 'object' ? Object.fromEntries(Object.keys(x as object).sort().map((k) => [k, canon((x as Record<string, unknown>)[k])])) : x;
  return JSON.stringify(canon(v));
}

/** The workbench's scenario now (`window.__sightlineFiles.scenario()`), as canonical JSON. */
const tableScenario = async (page: Page) => canonicalJson(await page.evaluate(() => window.__sightlineFiles!.scenario()));

/** The address a table-view page on `fixture` (or the default battlefield) is booted at: {@link openApp}'s. */
const tableUrl = (ctx: E2EContext, fixture?: string) => (fixture ? `${ctx.baseUrl}?scenario=/__e2e__/${encodeURIComponent(fixture)}` : ctx.baseUrl);

/**
 * A page in the table view on the default battlefield, or with `fixture` on
 * `tests/e2e/fixtures/<fixture>` (opened through `?scenario=`), as {@link openApp} gives (the
 * workbench's hook loaded), shared by the tests of a lane that start there (`ctx.laneKept`, one page
 * per battlefield; any suite): the first boots it (8-9.5 CPU-s in software WebGL), the next get the
 * page the last one left, reset through the app as a player would (about a quarter of a boot;
 * docs/performance.md, "Session 38: browser tests" and "Session 39: browser tests"): Escape (a card,
 * a dialog, an armed tool or placement), the placement palette, the grid and the Layout panel
 * closed, the select tool, the perspective view framed anew; then, when the battlefield differs
 * from the one booted, the default battlefield back with the app's New (confirmed), a fixture's with
 * the files bar's Open (the fixture's file chosen, as a player opens it: the app's file load, which
 * keeps the terrain pieces that did not change). A fixture page is opened again also when its undo
 * history is not empty (a file opened starts with an empty one, as a boot does). The reset checks
 * that the battlefield is the booted one. Its recorded errors and warnings are cleared (the last test
 * has checked its own).
 *
 * Differences from a fresh page, which a test taking it must not read: the browser storage is the
 * last tests' (the battlefield's autosave, written again by New; nothing else the table view
 * keeps), the default page's undo history, state kept by the App between uses of a panel (the
 * Layout panel's and the dice roller's settings: a test that opens the Layout panel closes the page
 * at its end, as every test that goes on to Play or reloads the page does), the dice already thrown
 * into the tray, the camera's last view (framed anew). A test that leaves the page out of the table
 * view, or closes it, leaves the next to boot.
 */
export async function tableViewPage(ctx: E2EContext, fixture?: string): Promise<OpenedPage> {
  const kept = ctx.laneKept ?? ctx.kept;
  const url = tableUrl(ctx, fixture);
  const boot = async () => {
    const o = await openApp(ctx, fixture);
    await o.page.waitForFunction(() => !!window.__sightlineFiles);
    bootedTable.set(o.page, await tableScenario(o.page));
    return o;
  };
  const key = fixture ? `${TABLE_VIEW}: ${fixture}` : TABLE_VIEW;
  let { opened, reused } = await keptIn(kept, key, boot);
  if (reused) await requestsSettled(opened.page);
  // A page the last test left in Play mode or on another address (a reload) is not handed on.
  const usable = async (page: Page) =>
    page.url() === url &&
    bootedTable.has(page) &&
    !!(await page.$('[data-testid=btn-play][data-play=off]')) &&
    (await page.evaluate(() => document.body.dataset.ready === 'true' && !!window.__sightlineFiles));
  if (reused && !(await usable(opened.page))) {
    await opened.page.close();
    ({ opened, reused } = await keptIn(kept, key, boot));
  }
  if (!reused) return opened;
  const { page } = opened;
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  for (const id of ['btn-palette', 'btn-grid', 'btn-layout']) {
    if (await page.$(`[data-testid=${id}][aria-pressed=true]`)) {
      await page.click(`[data-testid=${id}]`);
      await page.waitForSelector(`[data-testid=${id}][aria-pressed=false]`);
    }
  }
  await activateTool(page, 'select');
  await page.click('[data-testid=btn-oblique]');
  const booted = bootedTable.get(page)!;
  const history = () => page.evaluate(() => window.__sightline!.tools!.history()).then((h) => h.done.length + h.undone.length);
  if ((await tableScenario(page)) !== booted || (fixture && (await history()) > 0)) {
    const v = await page.evaluate(() => window.__sightlineFiles!.version());
    if (fixture) {
      await page.setInputFiles('[data-testid=file-input]', join(ctx.root, 'tests/e2e/fixtures', fixture));
    } else {
      await page.click('[data-testid=btn-new]');
      await page.click('[data-testid=btn-new-confirm]');
    }
    await page.waitForFunction((n) => window.__sightlineFiles!.version() > n && !window.__sightlineFiles!.busy(), v, { timeout: 120_000 });
    assert((await tableScenario(page)) === booted, `${fixture ? `Open ${fixture}` : 'New'} gave the lane's table-view page its battlefield back`);
    if (fixture) assertEqual(await history(), 0, `Open ${fixture}: the undo history is empty`);
  }
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  opened.errors.length = 0;
  opened.warnings.length = 0;
  return opened;
}

/**
 * The browser's `prefers-reduced-motion` on every page of the run (`reduce` unless `E2E_MOTION=on`):
 * the app then shows what only moves for the eye at its end (a placed model lands at once, another
 * player's move without its glide, the camera without its damping glide, the sandbox tray's dice at
 * rest, the game's dice straight into the tray unless the test chooses a throw: src/scene/reducedMotion.ts).
 * Software WebGL draws each animation frame at 0.15-0.3 CPU-s, and no assertion but a few needs the
 * frames in between (docs/performance.md, "Session 40: browser tests"); those call {@link motionOn}.
 */
export const RUN_MOTION: 'reduce' | 'no-preference' = process.env.E2E_MOTION === 'on' ? 'no-preference' : 'reduce';

/** Pages a test turned motion on for (reset to {@link RUN_MOTION} when the page is handed to the next test). */
const motionTurnedOn = new WeakSet<Page>();

/**
 * Turns motion on for `page` (`prefers-reduced-motion: no-preference`, followed live by the app), for a
 * test that asserts on an animation (a throw's physics, a glide). A kept page goes back to the run's
 * setting when the next test takes it.
 */
export async function motionOn(page: Page): Promise<void> {
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  if (RUN_MOTION === 'reduce') motionTurnedOn.add(page);
}

/**
 * How often (ms) `page.waitForFunction` asks its predicate where the call names no `polling`
 * ({@link pollEvery}): Playwright's default polls on every animation frame, which keeps a page that
 * would idle at 0.003-0.02 CPU-s a second producing frames at ~0.06 CPU-s a second for as long as
 * the wait lasts (docs/performance.md, "Session 39: browser tests"). Every predicate of the tests
 * waits for a state that holds once reached (a counter moved on, a text shown, a throw held on the
 * table by the dice hook's `hold`), so an interval loses nothing but up to this much latency; a wait
 * for a state that lasts a frame must pass `polling: 'raf'`.
 */
export const POLL_MS = 50;

/** Makes `page.waitForFunction` poll every `ms` ms unless a call names its own `polling` (the runner calls it for every page). */
export function pollEvery(page: Page, ms = POLL_MS): void {
  const wait = page.waitForFunction.bind(page) as (fn: unknown, arg?: unknown, options?: { polling?: number | 'raf'; timeout?: number }) => Promise<unknown>;
  const polled = (fn: unknown, arg?: unknown, options?: { polling?: number | 'raf'; timeout?: number }) => wait(fn, arg, { polling: ms, ...options });
  page.waitForFunction = polled as unknown as Page['waitForFunction'];
}

/** One end-to-end test. */
export interface E2ETest {
  name: string;
  run: (ctx: E2EContext) => Promise<void>;
}

/**
 * How long a page may take to boot (its ready signal, the Play mode's first summary) before the
 * test fails: a hang watchdog, generous because a boot costs 8-9 s of CPU in software WebGL and the
 * browser tests run in two lanes beside vitest (docs/performance.md, "The test run").
 */
export const BOOT_WATCHDOG_MS = 300_000;

/** Throws with `message` unless `cond` holds. */
export function assert(cond: unknown, message: string): asserts cond {
  if (!cond) throw new Error(message);
}

/** Throws unless `actual === expected`, showing both. */
export function assertEqual<T>(actual: T, expected: T, what: string): void {
  if (actual !== expected) throw new Error(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
}

/**
 * Waits until the table canvas is back at full resolution (no `data-regressed`: the camera has
 * been still for the adaptive-resolution debounce) and the page has then painted `n` more
 * animation frames (render-on-demand has caught up).
 */
export async function frames(page: Page, n = 3): Promise<void> {
  // A string, not a function: tsx's name-keeping helpers (`__name`) do not exist in the page.
  await page.evaluate(`new Promise((resolve) => {
    let left = ${n};
    const step = () => {
      if (document.querySelector('canvas[data-regressed]')) return requestAnimationFrame(step);
      return --left <= 0 ? resolve() : requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  })`);
}

/** Calls the Play mode's test hook in the page: `playCall(page, "summary()")` is `window.__sightline.play.summary()`. */
export function playCall<T>(page: Page, expr: string): Promise<T> {
  return page.evaluate(`window.__sightline.play.${expr}`) as Promise<T>;
}

/** Calls the tools' test hook in the page: `toolsCall(page, "state()")` is `window.__sightline.tools.state()`. */
export function toolsCall<T>(page: Page, expr: string): Promise<T> {
  return page.evaluate(`window.__sightline.tools.${expr}`) as Promise<T>;
}

/**
 * Activates a table tool through the tools' hook and waits until the page runs with it: the hook's
 * `pick` goes to the pick handler of the page's last render, which reads the tool it was rendered
 * with, so a pick sent before the page re-rendered with the new tool would go to the old one (a
 * line-of-sight test's first pick was lost that way once in a clean-clone run).
 */
export async function activateTool(page: Page, id: string): Promise<void> {
  await page.evaluate((t) => window.__sightline!.tools!.activate(t as never), id);
  await page.waitForFunction((t) => window.__sightline!.tools!.active() === t, id, { timeout: 60_000 });
}

/** Calls the workbench's test hook in the page: `window.__sightlineFiles.<expr>`. */
export function filesCall<T>(page: Page, expr: string): Promise<T> {
  return page.evaluate(`window.__sightlineFiles.${expr}`) as Promise<T>;
}

/** Screen position (CSS pixels) of a table point (inches) under the live camera; fails when it is off screen. */
export async function screenOf(page: Page, p: [number, number, number]): Promise<[number, number]> {
  const px = await toolsCall<[number, number] | null>(page, `project(${JSON.stringify(p)})`);
  assert(px, `table point ${JSON.stringify(p)} is not on screen`);
  return px;
}

/** Screen position of a model's top centre; fails for an unknown model or one off screen. */
export async function modelOnScreen(page: Page, id: string): Promise<[number, number]> {
  const top = await toolsCall<[number, number, number] | null>(page, `modelTop(${JSON.stringify(id)})`);
  assert(top, `no model ${id}`);
  return screenOf(page, top);
}

/** Opens the app in Play mode (`?play=1`) and waits for the game. */
export async function openPlay(ctx: E2EContext): Promise<{ page: Page; errors: string[]; warnings: string[] }> {
  const opened = await ctx.openPage();
  await opened.page.goto(`${ctx.baseUrl}?play=1`, { waitUntil: 'domcontentloaded' });
  await playReady(opened.page);
  return opened;
}

/**
 * Clicks the first enabled element matching `selector` and waits (up to `timeoutMs`, default 120 s)
 * until the page shows the next game state (the Play API's `version()` moved on).
 */
export async function clickForNextState(page: Page, selector: string, timeoutMs = 120_000): Promise<void> {
  const v = await playCall<number>(page, 'version()');
  await page.click(`${selector}:not([disabled])`);
  await page.waitForFunction((x) => window.__sightline!.play!.version() > x, v, { timeout: timeoutMs });
}

/** Clicks an enabled Play button (by test id) and waits until the page shows the next game state. */
export async function clickPlay(page: Page, testid: string): Promise<void> {
  await clickForNextState(page, `[data-testid=${testid}]`, 30_000);
}

/** The trimmed text of the first element matching `selector` ('' when it has none). */
export async function textOf(page: Page, selector: string): Promise<string> {
  return ((await page.textContent(selector)) ?? '').trim();
}

/**
 * Waits until the table's latest frame is on screen (software WebGL draws a frame in 0.15-0.3 s or
 * more under load; the deferred presenter marks its canvas `data-frame=shown`): a few animation
 * frames for the scene to ask for its frame, then the presenter's signal. For screenshots.
 */
export async function frameShown(page: Page): Promise<void> {
  await frames(page);
  await page.waitForSelector('canvas[data-frame=shown]:not([data-regressed])', { state: 'attached' });
  await frames(page, 2);
  await page.waitForSelector('canvas[data-frame=shown]:not([data-regressed])', { state: 'attached' });
}

/**
 * Opens the app and waits for its ready signal (`body[data-ready]`: the scene drawn and the engine
 * worker loaded), failing on a load error. With `fixture`, the page loads
 * `tests/e2e/fixtures/<fixture>` through its `?scenario=` parameter (served by a route on
 * `/__e2e__/`).
 */
export async function openApp(ctx: E2EContext, fixture?: string): Promise<{ page: Page; errors: string[]; warnings: string[] }> {
  const opened = await ctx.openPage();
  const { page } = opened;
  if (fixture) {
    const dir = join(ctx.root, 'tests/e2e/fixtures');
    await page.route(
      (u) => u.pathname.startsWith('/__e2e__/'),
      (route) => {
        const name = new URL(route.request().url()).pathname.slice('/__e2e__/'.length);
        route.fulfill({ body: readFileSync(join(dir, name), 'utf8'), contentType: 'application/json' }).catch(() => undefined);
      },
    );
  }
  await page.goto(fixture ? `${ctx.baseUrl}?scenario=/__e2e__/${encodeURIComponent(fixture)}` : ctx.baseUrl, { waitUntil: 'domcontentloaded' });
  await page.waitForSelector('body[data-ready]', { state: 'attached', timeout: BOOT_WATCHDOG_MS });
  const ready = await page.evaluate(() => document.body.dataset.ready);
  if (ready !== 'true') {
    const problems = await page.evaluate(() => document.body.dataset.problems ?? '');
    throw new Error(`the app signalled "${ready}" instead of ready:\n${problems}`);
  }
  return opened;
}

/**
 * Does `act` (a click, a file chosen) that reopens Play in place on another game: New game, Load,
 * a replay, Leave replay, Resume previous game (`reopenPlay` in src/ui/play/game.ts: the App
 * remounts, no page reload), then waits until the reopened Play is ready ({@link playReady}). The
 * ready signal is cleared before the remount is announced (`sightline-play-mode`), so the wait
 * never reads the old Play's. A page that reloads instead fails the wait (the announcement is
 * looked for in the page's old document only).
 */
export async function reopenPlayBy(page: Page, act: () => Promise<unknown>, timeoutMs = 120_000): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __reopenedPlay?: boolean };
    w.__reopenedPlay = false;
    window.addEventListener('sightline-play-mode', () => (w.__reopenedPlay = true), { once: true });
  });
  await act();
  await page.waitForFunction(() => (window as unknown as { __reopenedPlay?: boolean }).__reopenedPlay === true, undefined, { timeout: timeoutMs });
  await playReady(page);
}

/** Waits for the app's ready signal (failing on a load error) and for the Play mode's game summary. */
export async function playReady(page: Page): Promise<void> {
  await page.waitForSelector('body[data-ready]', { state: 'attached', timeout: BOOT_WATCHDOG_MS });
  const r = await page.evaluate(() => document.body.dataset.ready);
  if (r !== 'true') throw new Error(`the app signalled "${r}": ${await page.evaluate(() => document.body.dataset.problems ?? '')}`);
  await page.waitForFunction(() => !!window.__sightline?.play?.summary(), undefined, { timeout: BOOT_WATCHDOG_MS });
}

/** An element's box on the page (CSS pixels, the page's client coordinates). */
export type Box = { x: number; y: number; width: number; height: number };

/** The bounding box of the first element matching `selector` (CSS pixels), or null when none matches. */
export const boxOf = (page: Page, selector: string) =>
  page.evaluate((s) => {
    const r = document.querySelector(s)?.getBoundingClientRect();
    return r ? { x: r.x, y: r.y, width: r.width, height: r.height } : null;
  }, selector) as Promise<Box | null>;
