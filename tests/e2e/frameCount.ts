/**
 * Counts the software-WebGL frames a test's pages put on screen, for the runner's per-test line
 * (`E2E_LANES=1`, with its CPU seconds; docs/performance.md, "Session 37: browser tests").
 *
 * The app's deferred presenter (`src/scene/DeferredPresent.tsx`, mounted on the table's and the
 * dice tray's canvases when rendering in software) raises its canvas's `data-presented` attribute
 * by one for each frame shown. An init script on every page counts those raises in
 * `window.__e2eFramesShown` (a MutationObserver on the whole document: canvases remounted by an
 * in-place reopen are counted too). The count starts again at 0 on a page load; {@link framesSince}
 * takes a count lower than the last one read as "reloaded since".
 */
import type { Page } from 'playwright-core';

/** The init script (a string: tsx's name-keeping helpers do not exist in the page). */
const COUNTER = `(() => {
  window.__e2eFramesShown = 0;
  new MutationObserver((records) => {
    for (const r of records) {
      const now = Number(r.target.getAttribute('data-presented'));
      if (now > Number(r.oldValue ?? 0)) window.__e2eFramesShown += now - Number(r.oldValue ?? 0);
    }
  }).observe(document, { subtree: true, attributes: true, attributeOldValue: true, attributeFilter: ['data-presented'] });
})();`;

/** The count each page showed when last read. */
const lastRead = new WeakMap<Page, number>();

/** Installs the counter on a new page (before its first navigation). */
export async function countFrames(page: Page): Promise<void> {
  await page.addInitScript(COUNTER);
  lastRead.set(page, 0);
}

/** Frames the page has shown since this was last called for it (0 for a closed page or one without the counter). */
export async function framesSince(page: Page): Promise<number> {
  if (page.isClosed()) return 0;
  const now = Number(await page.evaluate('window.__e2eFramesShown ?? 0').catch(() => 0));
  const before = lastRead.get(page) ?? 0;
  lastRead.set(page, now);
  return now >= before ? now - before : now;
}

/** Counts `page`'s frames from 0 again (a parked page handed to another test: its next document's counter starts at 0). */
export function framesFromZero(page: Page): void {
  lastRead.set(page, 0);
}
