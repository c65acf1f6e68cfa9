/**
 * Spare pages for the runner (docs/performance.md, "Session 41: page boots (boot41)"): a page a test
 * is done with is not closed but emptied and parked, and the next `openPage` takes it instead of
 * starting a new browser context. A boot into a parked page costs about 3.4 CPU-s against 5.0 for a
 * new page (the renderer process is kept, with V8's compilation cache of the app's scripts), while
 * what a test can see is as on a new page:
 *
 * - the page is navigated to `about:blank` (its document, workers and WebGL contexts end), then its
 *   browser context's data for the app's origin is cleared (CDP `Storage.clearDataForOrigin`:
 *   localStorage, IndexedDB, Cache Storage, cookies, service workers, file systems) and
 *   its HTTP cache emptied (`Network.clearBrowserCache`), so each test still starts with nothing
 *   stored and every request reaches the server (files' offline test counts them);
 * - the listeners the runner and the tests put on the page or its context (not Playwright's own), and
 *   its routes, are removed; its viewport
 *   and media emulation go back to the run's (1280 x 800, reduced motion per `RUN_MOTION`); keys a
 *   test left pressed are released;
 * - the init scripts a test added to the page (`page.addInitScript`: the online tests' net trace, a
 *   seat's token put in localStorage) are removed (Playwright's `Disposable`), so they never run on
 *   a later test's load (session 42: such pages were closed before, and the online tests' pages
 *   booted new);
 * - a page with a binding a test added (`exposeBinding`, `exposeFunction`: they cannot be removed from
 *   a document already bound), one of a test that failed, one whose context holds other pages, or
 *   one whose emptying fails or takes over 30 s is closed instead.
 *
 * Each page has its own browser context, as `browser.newPage` gives; pages are never shared
 * between two tests at once.
 */
import type { Browser, Page } from 'playwright-core';
import { RUN_MOTION } from './harness';

/** The viewport every runner page has. */
export const VIEWPORT = { width: 1280, height: 800 };

/**
 * What is cleared for the app's origin: every storage a page can write (not `shader_cache`: the GPU
 * process's compiled shaders, which every browser context of the run shares as it is).
 */
const CLEARED = 'cookies,file_systems,indexeddb,local_storage,websql,service_workers,cache_storage,storage_buckets,shared_storage,interest_groups';

/** How many emptied pages wait at most (more are closed). */
const MAX_SPARE = 3;

/** Pages a test changed in a way that emptying does not undo (or that failed): closed, never parked. */
const tainted = new WeakSet<Page>();

/** The init scripts a test added to each pooled page (removed when it is parked). */
const testScripts = new WeakMap<Page, { dispose(): Promise<void> }[]>();

/** The real `close` of each pooled page (its `close` is replaced by {@link PagePool.release}). */
const realClose = new WeakMap<Page, Page['close']>();

/** Marks `page` as not to be parked (it is closed when released). */
export function taint(page: Page): void {
  tainted.add(page);
}

/** An event emitter as Playwright's Page and BrowserContext are (Node's API). */
type Emitter = { eventNames(): (string | symbol)[]; rawListeners(e: string | symbol): unknown[]; removeListener(e: string | symbol, f: (...a: unknown[]) => void): unknown };

/** The listeners each page and context had when created (Playwright's own). */
const ownListeners = new WeakMap<object, Map<string | symbol, Set<unknown>>>();

function listenerSnapshot(target: object): Map<string | symbol, Set<unknown>> {
  const e = target as unknown as Emitter;
  return new Map(e.eventNames().map((n) => [n, new Set(e.rawListeners(n))]));
}

/** Removes the listeners added to `e` since it was created (the runner's and the tests'), keeping Playwright's own. */
function dropAddedListeners(target: object): void {
  const e = target as unknown as Emitter;
  const own = ownListeners.get(target) ?? new Map<string | symbol, Set<unknown>>();
  for (const n of e.eventNames()) for (const f of e.rawListeners(n)) if (!own.get(n)?.has(f)) e.removeListener(n, f as (...a: unknown[]) => void);
}

/** A page's own `isClosed` answer, or true while it is parked (a test that closed it sees it closed). */
const parked = new WeakSet<Page>();

/**
 * New pages for the runner, and the parking of released ones. `origin` is the served app's
 * (`http://localhost:<port>`): the origin whose data is cleared.
 */
export class PagePool {
  private readonly spare: Page[] = [];
  /** Pages booted new and pages taken from the spares (for the report at the run's end). */
  readonly counts = { created: 0, reused: 0, parked: 0, closed: 0 };

  constructor(
    private readonly browser: Browser,
    private readonly origin: string,
    /** Called for each page created (not for a reused one): the runner's init scripts (frame counter). */
    private readonly onCreate: (page: Page) => Promise<void>,
    /** False: every released page is closed, every take boots a new one (`E2E_REUSE_PAGES=0`). */
    private readonly enabled = true,
  ) {}

  /** A page at `about:blank` with nothing stored for the app: a parked one when there is one, else a new one. */
  async take(): Promise<{ page: Page; reused: boolean }> {
    const page = this.spare.pop();
    if (page) {
      parked.delete(page);
      this.counts.reused++;
      return { page, reused: true };
    }
    const created = await this.browser.newPage({ viewport: VIEWPORT, serviceWorkers: 'block', reducedMotion: RUN_MOTION });
    this.counts.created++;
    // Playwright's own listeners (a context's close waits on one): kept when a page is emptied.
    ownListeners.set(created, listenerSnapshot(created));
    ownListeners.set(created.context(), listenerSnapshot(created.context()));
    await this.onCreate(created);
    // Init scripts added after this point are a test's: removed when the page is parked. Bindings
    // cannot be taken off a document: the page can no longer be emptied.
    const addInitScript = created.addInitScript.bind(created) as (...a: unknown[]) => Promise<{ dispose(): Promise<void> }>;
    testScripts.set(created, []);
    (created as unknown as Record<string, unknown>).addInitScript = async (...a: unknown[]) => {
      const added = await addInitScript(...a);
      testScripts.get(created)!.push(added);
      return added;
    };
    for (const m of ['exposeBinding', 'exposeFunction'] as const) {
      const own = created[m].bind(created) as unknown as (...a: unknown[]) => Promise<unknown>;
      (created as unknown as Record<string, unknown>)[m] = (...a: unknown[]) => (taint(created), own(...a));
    }
    const isClosed = created.isClosed.bind(created);
    created.isClosed = () => parked.has(created) || isClosed();
    realClose.set(created, created.close.bind(created));
    created.close = (options?: Parameters<Page['close']>[0]) => this.release(created, options);
    return { page: created, reused: false };
  }

  /**
   * Ends a test's use of `page` (what `page.close()` does for pages of this pool): parks it emptied,
   * or closes it (tainted, the pool full, a context with other pages, or emptying failed). A page
   * already closed or parked is left as it is. `onRelease` hooks run first (the runner's frame count).
   */
  async release(page: Page, options?: Parameters<Page['close']>[0]): Promise<void> {
    if (page.isClosed()) return;
    for (const f of this.onRelease.get(page)?.splice(0) ?? []) await f();
    const close = realClose.get(page) ?? page.close.bind(page);
    if (!this.enabled || tainted.has(page) || this.spare.length >= MAX_SPARE || page.context().pages().length !== 1) {
      this.counts.closed++;
      return close(options);
    }
    parked.add(page); // closed to the test from now on, whatever comes
    await this.onPark?.(page);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const emptied = await Promise.race([this.empty(page).then(() => true, () => false), new Promise<boolean>((r) => (timer = setTimeout(() => r(false), 30_000)))]);
    clearTimeout(timer);
    if (!emptied) {
      this.counts.closed++;
      await close(options).catch(() => undefined);
      return;
    }
    this.counts.parked++;
    this.spare.push(page);
  }

  /**
   * Called as a page is parked: the runner forgets it wherever it keeps pages for later tests
   * (a kept page a test closed must not come back to that key as another test's page).
   */
  onPark: ((page: Page) => Promise<void>) | undefined;

  /** Hooks to run when a page is next released (before it is emptied). */
  readonly onRelease = new WeakMap<Page, (() => Promise<void>)[]>();

  /** Navigates `page` away and clears what a test may have left (see the module's description). */
  private async empty(page: Page): Promise<void> {
    dropAddedListeners(page);
    dropAddedListeners(page.context());
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    for (const d of testScripts.get(page)?.splice(0) ?? []) await d.dispose();
    await page.goto('about:blank');
    for (const k of ['Shift', 'Control', 'Alt', 'Meta']) await page.keyboard.up(k);
    await page.mouse.up();
    const cdp = await page.context().newCDPSession(page);
    try {
      await cdp.send('Storage.clearDataForOrigin', { origin: this.origin, storageTypes: CLEARED });
      await cdp.send('Network.clearBrowserCache');
    } finally {
      await cdp.detach().catch(() => undefined);
    }
    await page.context().clearCookies();
    await page.setViewportSize(VIEWPORT);
    await page.emulateMedia({ reducedMotion: RUN_MOTION, colorScheme: null, media: null });
  }

  /** Closes every parked page (the run's end). */
  async closeAll(): Promise<void> {
    for (const p of this.spare.splice(0)) {
      parked.delete(p);
      await (realClose.get(p) ?? p.close.bind(p))().catch(() => undefined);
    }
  }
}
