/**
 * Issue 29 in the browser (line-of-sight disputes). On `fixtures/tools.json`, a wall placed with
 * the palette (turned 90°) between Charlie's c1 and Alpha's a2: the line-of-sight panel says "Not
 * visible", names the wall first, then the Alpha model also in the way; Share makes a link and a
 * file; the file is answered headless by the adjudicator; the link opened in a new page shows the
 * same verdict, blockers and eye view. On the way, who-sees-whom: the ✕ cell the wall made (unit
 * ids) names its blockers, hovering it shows both full names; and the Layout panel and the palette
 * open together without covering each other.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { adjudicateFile } from './adjudicator';
import { assert, assertEqual, tableViewPage, toolsCall as tools, type E2EContext, type E2ETest } from './harness';
import { openPalette, placeAt } from './files.e2e';

type Camera = { mode: string; eye?: number[]; target?: number[] };
type LosHook = { los: { name: string; eye: boolean; result: { visible: boolean; witness?: unknown }; blockers?: { status: string; proof?: { favourite: number; lines: { segment: number[][] }[] } } } };

/**
 * The page both dispute tests start from: `fixtures/tools.json` (the lane's page on it, harness
 * `tableViewPage`, reset) with a wall placed with the palette (turned 90°) between Charlie's c1 and
 * Alpha's a2, the palette disarmed. Both tests close it at their end (not handed on).
 */
export async function openWithWall(ctx: E2EContext): Promise<{ page: Page; errors: string[] }> {
  const { page, errors } = await tableViewPage(ctx, 'tools.json');
  await openPalette(page);
  await page.click('[data-testid=place-wall]');
  await page.fill('[data-testid=place-rotation]', '90');
  const wall = await placeAt(page, [13.6, 12.5, 0]);
  assert(wall.ok, `the wall is placed: ${wall.text}`);
  await page.keyboard.press('Escape');
  // The placement applied everywhere (the engine's copy included) before any tool reads the table:
  // a late edit would start a line-of-sight check afresh.
  await page.waitForFunction(() => !window.__sightlineFiles!.busy() && window.__sightline?.tools?.engine().inFlight === 0, undefined, { timeout: 60_000 });
  return { page, errors };
}

/** Waits for the line-of-sight panel's verdict and, when blocked, its blockers. */
export async function verdictShown(page: Page): Promise<void> {
  await page.waitForSelector('[data-testid=los-panel][data-status=done]', { timeout: 60_000 });
  if ((await page.getAttribute('[data-testid=los-verdict]', 'data-visible')) === 'false') {
    await page.waitForSelector('[data-testid=los-blockers][data-blockers=found]', { timeout: 60_000 });
  }
}

/** The blockers named on the panel, in order, with their kinds. */
export async function blockersShown(page: Page): Promise<string[]> {
  return page.$$eval('[data-testid=los-blocker]', (els) => els.map((e) => `${e.getAttribute('data-kind')}:${e.textContent}`));
}

/** Does the box of `a` overlap the box of `b` (CSS pixels)? */
async function overlaps(page: Page, a: string, b: string): Promise<boolean> {
  const [ra, rb] = await Promise.all([page.locator(a).boundingBox(), page.locator(b).boundingBox()]);
  assert(ra && rb, `${a} and ${b} are on screen`);
  return ra.x < rb.x + rb.width && rb.x < ra.x + ra.width && ra.y < rb.y + rb.height && rb.y < ra.y + ra.height;
}

export const tests: E2ETest[] = [
  {
    name: 'dispute: a "Not visible" dispute on a table built with the palette, shared, opens in a new page with the same verdict, blockers and eye view; who-sees-whom ✕ cells name their blockers; no panel covers the palette',
    async run(ctx) {
      const { page, errors } = await openWithWall(ctx);

      // Who sees whom: the wall hides Charlie from Alpha; the ✕ cell (unit ids) names its blockers.
      await tools(page, "activate('los')");
      await page.click('[data-testid=btn-sight-table]');
      await page.waitForSelector('[data-testid=sight-table][data-status=shown]', { timeout: 60_000 });
      const cell = page.locator('[data-testid=sight-cell][data-a=alpha][data-b=charlie]');
      assertEqual(await cell.getAttribute('data-visible'), 'false', 'Alpha and Charlie are hidden from each other behind the wall');
      await cell.hover();
      assertEqual(await page.textContent('[data-testid=sight-over]'), 'Alpha Guard ↔ Charlie Skirmishers: hidden from each other', 'the hovered cell names both units in full');
      await cell.click();
      await verdictShown(page);
      assert(/^terrain:Wall \d+$/.test((await blockersShown(page))[0] ?? ''), `the ✕ cell names the wall: ${(await blockersShown(page)).join(', ')}`);

      // The model pair c1 -> a2: the wall, then a1.
      await page.keyboard.press('Escape');
      await tools(page, "pick({ kind: 'model', id: 'c1' })");
      await tools(page, "pick({ kind: 'model', id: 'a2' })");
      await verdictShown(page);
      assertEqual(await page.getAttribute('[data-testid=los-verdict]', 'data-visible'), 'false', 'c1 does not see a2 behind the wall');
      const blockers = await blockersShown(page);
      assert(/^terrain:Wall \d+$/.test(blockers[0] ?? ''), `the wall placed is named first: ${blockers.join(', ')}`);
      assert(blockers.includes('model:Alpha Guard · a1'), `a1, also in the way, is named after the terrain: ${blockers.join(', ')}`);
      await page.click('[data-testid=btn-eye]');
      await page.waitForSelector('[data-testid=los-panel][data-eye=true]');
      const cam = await tools<Camera>(page, 'camera()');
      const st = await tools<LosHook>(page, 'state()');
      const proof = st.los.blockers?.proof;
      assert(proof, 'the blockers proof is in the tool state');
      assertEqual(cam.mode, 'eye', 'the camera is at the observer\'s eye');
      assertEqual(JSON.stringify(cam.eye), JSON.stringify(proof.lines[proof.favourite].segment[0]), 'the eye is the most favourable line\'s observer end');

      // Share: a link and a file; the file answered headless while the link opens in a new page.
      await page.click('[data-testid=btn-share-dispute]');
      await page.waitForSelector('[data-testid=dispute-url]');
      const url = await page.inputValue('[data-testid=dispute-url]');
      assert(url.includes('#share='), `a share link: ${url.slice(0, 80)}`);
      const fileText = await page.evaluate(async () => (await fetch((document.querySelector('[data-testid=dispute-file]') as HTMLAnchorElement).href)).text());
      const file = join(ctx.outputDir, 'dispute.json');
      writeFileSync(file, fileText);
      const adjudicated = adjudicateFile(file); // adjudicator.ts: the command's entry, in this process

      // Item 5: the Layout panel and the palette side by side; the palette's buttons take clicks.
      await page.click('[data-testid=btn-layout]');
      await page.waitForSelector('[data-testid=layout-panel]');
      await page.click('[data-testid=btn-palette]');
      await page.waitForSelector('[data-testid=palette]');
      assert(!(await overlaps(page, '[data-testid=palette]', '[data-testid=layout-panel]')), 'the palette is beside the Layout panel, not under it');
      await page.click('[data-testid=place-wall]', { timeout: 5_000 });
      assertEqual(await page.getAttribute('[data-testid=palette]', 'data-armed'), 'wall', 'the palette\'s Wall button took the click');
      assertEqual(errors.length, 0, `page errors: ${errors.join('; ')}`);
      await page.close();

      const second = await ctx.openPage();
      const p2 = second.page;
      await p2.goto(url, { waitUntil: 'domcontentloaded' });
      await p2.waitForSelector('body[data-ready=true]', { state: 'attached', timeout: 120_000 });
      await verdictShown(p2);
      await p2.waitForSelector('[data-testid=los-panel][data-eye=true]', { timeout: 30_000 });
      assertEqual(await p2.getAttribute('[data-testid=los-verdict]', 'data-visible'), 'false', 'the same verdict');
      assertEqual((await blockersShown(p2)).join(', '), blockers.join(', '), 'the same blockers');
      const st2 = await tools<LosHook>(p2, 'state()');
      assertEqual(JSON.stringify(st2.los.result), JSON.stringify(st.los.result), 'the same verdict and witness');
      assertEqual(JSON.stringify(await tools<Camera>(p2, 'camera()')), JSON.stringify(cam), 'the same eye view');
      await p2.click('[data-testid=btn-export]');
      await p2.waitForFunction(() => (window.__sightline?.tools?.lastProof() ?? null) !== null, undefined, { timeout: 30_000 });
      const png = await tools<{ details: string[] }>(p2, 'lastProof()');
      assert(png.details.some((d) => d.startsWith(`Blocked by: ${blockers[0].slice('terrain:'.length)}, `)), `the proof PNG names the blockers: ${png.details.join(' | ')}`);
      await p2.screenshot({ path: join(ctx.outputDir, 'dispute-opened.png') });
      assertEqual(second.errors.length, 0, `page errors (opened link): ${second.errors.join('; ')}`);
      await p2.close();

      const adj = await adjudicated;
      assertEqual(adj.status, 0, `adjudicate exits 0: ${adj.stderr}`);
      const answer = (JSON.parse(adj.stdout) as { answers: { value: boolean; blockers: { kind: string; name: string }[] }[] }).answers[0];
      assertEqual(answer.value, false, 'adjudicate: not visible');
      assertEqual(answer.blockers.map((b) => `${b.kind}:${b.name}`).join(', '), blockers.join(', '), 'adjudicate names the same blockers');
    },
  },
];
