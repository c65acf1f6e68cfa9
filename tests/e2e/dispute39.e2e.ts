/**
 * Issue 39 in the browser: the eye view of a "Not visible" pair draws the volumes the verdict uses
 * (the blocking model's highlighted) and says "Observer's eye" once drawn; a link that inflates
 * past the limit (a "bomb") shows the damaged-link message and leaves the saved battlefield as it
 * was; the Layout panel leaves every model clickable.
 */
import { deflateRawSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { assert, assertEqual, filesCall as files, openApp, toolsCall as tools, type E2ETest } from './harness';
import { blockersShown, openWithWall, verdictShown } from './dispute.e2e';

async function autosaved(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const h = window.__sightlineFiles!;
      const a = h.autosave();
      return !h.busy() && a.lastError === null && a.writes > 0 && a.savedVersion === h.version();
    },
    undefined,
    { timeout: 60_000 },
  );
}

export const tests: E2ETest[] = [
  {
    name: 'dispute39: the eye view of a "Not visible" pair outlines the volumes the rules use, the blocking model highlighted',
    async run(ctx) {
      const { page, errors } = await openWithWall(ctx);
      await tools(page, "activate('los')");
      await tools(page, "pick({ kind: 'model', id: 'c1' })");
      await tools(page, "pick({ kind: 'model', id: 'a2' })");
      await verdictShown(page);
      assertEqual(await page.getAttribute('[data-testid=los-verdict]', 'data-visible'), 'false', 'c1 does not see a2');
      const blockers = await blockersShown(page);
      assert(blockers.includes('model:Alpha Guard · a1'), `a1 is in the way: ${blockers.join(', ')}`);
      await page.click('[data-testid=btn-eye]');
      await page.waitForSelector('[data-testid=eye-banner]', { timeout: 30_000 });
      assert(((await page.textContent('[data-testid=eye-banner]')) ?? '').includes("Observer's eye"), 'the banner says Observer\'s eye once the view is drawn');
      const v = await files<{ plain: string[]; blocking: string[] } | null>(page, 'ruleVolumes()');
      assert(v, 'the rule volumes are in the scene');
      assert(v.blocking.includes('a1'), `a1's volume is drawn as blocking: ${JSON.stringify(v)}`);
      assert(v.plain.includes('c1') && v.plain.includes('a2'), `the pair's volumes are drawn: ${JSON.stringify(v)}`);
      assert(!v.plain.includes('a1'), 'the blocker is drawn once, highlighted');
      assertEqual(errors.length, 0, `page errors: ${errors.join('; ')}`);
      await page.close();
    },
  },
  {
    name: 'dispute39: a bomb link (inflating past 16 MB) shows the damaged-link message and leaves the saved battlefield as it was',
    async run(ctx) {
      const { page, errors } = await openApp(ctx);
      await autosaved(page);
      const before = JSON.stringify(await files<unknown>(page, 'scenario()'));
      const writes = (await files<{ writes: number }>(page, 'autosave()')).writes;
      // 40 MB of spaces: a ~40 KB link.
      const token = `1.${deflateRawSync(Buffer.alloc(40 * 1024 * 1024, 0x20), { level: 9 }).toString('base64url')}`;
      // Pasted into the running page: the problem is shown, nothing is loaded or saved.
      await page.evaluate((t) => (window.location.hash = `share=${t}`), token);
      await page.waitForSelector('[role=dialog] >> text=could not be opened', { timeout: 60_000 }).catch(() => undefined);
      const shown = (await page.textContent('body')) ?? '';
      assert(shown.includes('the share link is damaged'), 'the damaged-link message is shown in the running page');
      assertEqual(JSON.stringify(await files<unknown>(page, 'scenario()')), before, 'the battlefield on the table is unchanged');
      assertEqual((await files<{ writes: number }>(page, 'autosave()')).writes, writes, 'nothing was autosaved');
      // Opened as a page: the error page, then the user's own battlefield back from the autosave.
      await page.goto(`${ctx.baseUrl}?bomb=1#share=${token}`, { waitUntil: 'domcontentloaded' });
      await page.waitForSelector('body[data-ready=error]', { state: 'attached', timeout: 60_000 });
      const alert = (await page.textContent('[role=alert]')) ?? '';
      assert(alert.includes('(share link): the share link is damaged'), `the damaged-link message: ${alert}`);
      assertEqual(((await page.textContent('[data-testid=btn-recover]')) ?? '').trim(), 'Leave the link and open your own battlefield (or the default one)', 'the way out says what it does');
      await page.click('[data-testid=btn-recover]');
      await page.waitForSelector('body[data-ready=true]', { state: 'attached', timeout: 120_000 });
      assertEqual(await files<string>(page, 'startup()'), 'autosave', 'the page reopened the autosaved battlefield');
      assertEqual(JSON.stringify(await files<unknown>(page, 'scenario()')), before, 'the saved battlefield is as it was');
      assertEqual(errors.filter((e) => !/share link|damaged/i.test(e)).length, 0, `page errors: ${errors.join('; ')}`);
      await page.close();
    },
  },
];
