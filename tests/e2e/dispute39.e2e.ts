/**
 * Issue 39 in the browser: the eye view of a "Not visible" pair draws the volumes the verdict uses
 * (the blocking model's highlighted) and says "Observer's eye" once drawn; a link that inflates
 * past the limit (a "bomb") shows the damaged-link message and leaves the saved battlefield as it
 * was; the Layout panel leaves every model clickable.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { activateTool, assert, type Box, assertEqual, filesCall as files, frames, screenOf, tableViewPage, toolsCall as tools, type E2ETest } from './harness';
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


const inside = (x: number, y: number, b: Box) => x >= b.x && x <= b.x + b.width && y >= b.y && y <= b.y + b.height;

/** The boxes of the panels on screen now (CSS pixels) by test id. */
async function panelBoxes(page: Page, ids: string[]): Promise<Record<string, Box>> {
  const out: Record<string, Box> = {};
  for (const id of ids) {
    const b = await page.locator(`[data-testid=${id}]`).boundingBox();
    if (b) out[id] = b;
  }
  return out;
}

/** Every model's top centre on screen (CSS pixels) under the live camera, in one call (the tools hook's `modelTop` and `project`, as `modelOnScreen` asks them one by one). */
async function modelsOnScreen(page: Page, ids: string[]): Promise<Record<string, [number, number] | null>> {
  return page.evaluate((list) => {
    const t = window.__sightline!.tools!;
    return Object.fromEntries(
      list.map((id) => {
        const top = t.modelTop(id);
        return [id, top && t.project(top)];
      }),
    );
  }, ids);
}

/**
 * Every model of the battlefield found where it is drawn (its top centre): each must be drawn on
 * the table's canvas and under none of `panels` (fails naming the first that is). The models of
 * `click` (every model by default; none, or those a click selected in an earlier pass) are then
 * clicked there, and those the click selected (its edit panel names it) are returned. A model
 * hidden by terrain in this view (its click selects the terrain piece) is not selected, with or
 * without any panel.
 */
async function clickEveryModel(page: Page, panels: string[], click: 'every' | readonly string[] = 'every'): Promise<{ all: string[]; selected: string[] }> {
  const all = (await files<{ units: { models: { id: string }[] }[] }>(page, 'scenario()')).units.flatMap((u) => u.models.map((m) => m.id));
  const boxes = await panelBoxes(page, panels);
  const canvas = (await page.locator('.table-canvas').boundingBox())!;
  // The camera does not move while the models are clicked: their places are read once.
  const shown = await modelsOnScreen(page, all);
  const selected: string[] = [];
  for (const id of all) {
    const at = shown[id];
    assert(at, `model ${id} is not on screen`);
    const [x, y] = at;
    assert(inside(x, y, canvas), `${id} is drawn outside the table's canvas at ${Math.round(x)}, ${Math.round(y)}`);
    for (const [panel, b] of Object.entries(boxes)) assert(!inside(x, y, b), `${id} is drawn under the ${panel} at ${Math.round(x)}, ${Math.round(y)}`);
    if (click !== 'every' && !click.includes(id)) continue;
    await page.mouse.click(x, y);
    // The click's selection is set in its own event (src/ui/app/useTablePicks.ts: the select tool's
    // pick sets the selected ids at once, a discrete update React renders before the next frame), so
    // the edit panel names the model when the click has been handled, or at the latest two frames
    // later; else the click selected nothing (no fixed wait for a model the click cannot select). A
    // selected model is let go at once (a selection kept drawn longer costs frames).
    const shows = async () => !!(await page.$(`[data-testid=edit-panel][data-target="${id}"]`));
    const ok = (await shows()) || ((await frames(page, 2)), await shows());
    if (ok) selected.push(id);
    else console.log(`  (${id} at ${Math.round(x)}, ${Math.round(y)}: the click selected ${(await page.getAttribute('[data-testid=edit-panel]', 'data-target', { timeout: 500 }).catch(() => null)) ?? 'nothing'})`);
    await page.keyboard.press('Escape');
  }
  return { all, selected };
}

/** The percentages a "now / saved" cell shows ("43% / 44%" → [43, 44]), and a change cell's ("+1%" → 1, "0%" or "±0%" → 0). */
const shownPercents = (t: string) => [...t.matchAll(/(-?\d+)%/g)].map((m) => Number(m[1]));
const shownChange = (t: string) => {
  const m = /([+\u2212-]?)(\d+)%/.exec(t);
  return m ? (m[1] === '-' || m[1] === '\u2212' ? -1 : 1) * Number(m[2]) : null;
};

export const tests: E2ETest[] = [
  {
    name: "dispute39: small things: Delete removes a whole selected unit (key and button); a model's note is not shown for the next; a who-sees-whom cell stays under the pointer when clicked",
    async run(ctx) {
      // The lane's page on tools.json (harness tableViewPage), reset; handed on at the end.
      const { page, errors } = await tableViewPage(ctx, 'tools.json');
      const count = async (n: number) => page.waitForFunction((k) => document.querySelector('[data-testid=model-count]')?.textContent === String(k), n, { timeout: 60_000 });
      const models0 = Number(await page.textContent('[data-testid=model-count]'));
      // A whole unit selected: the panel offers Delete; the key removes both models; undo brings them back.
      await tools(page, "pick({ kind: 'unit', id: 'alpha' })");
      await page.waitForSelector('[data-testid=edit-panel][data-target="a1,a2"]');
      assertEqual(((await page.textContent('[data-testid=selection-panel] .selection-head')) ?? '').replace('×', '').trim(), '2 models selected', 'the whole unit is selected');
      assertEqual(((await page.textContent('[data-testid=edit-delete]')) ?? '').trim(), '✕ Delete 2 models', 'the panel has a Delete button for the unit');
      await page.keyboard.press('Delete');
      await count(models0 - 2);
      await page.keyboard.press('Control+z');
      await count(models0);
      // The button does the same.
      await tools(page, "pick({ kind: 'unit', id: 'alpha' })");
      await page.waitForSelector('[data-testid=edit-panel][data-target="a1,a2"]');
      await page.click('[data-testid=edit-delete]');
      await count(models0 - 2);
      await page.keyboard.press('Control+z');
      await count(models0);

      // A note written for one model (b2 turned) is not shown in the next model's panel.
      await tools(page, "pick({ kind: 'model', id: 'b2' })");
      await page.waitForSelector('[data-testid=edit-panel][data-target="b2"]');
      await page.keyboard.press('[');
      await page.waitForSelector('[data-testid=edit-panel][data-target="b2"] [data-testid=edit-note]', { timeout: 60_000 });
      await tools(page, "pick({ kind: 'model', id: 'b1' })");
      await page.waitForSelector('[data-testid=edit-panel][data-target="b1"]');
      assertEqual(await page.$('[data-testid=edit-panel] [data-testid=edit-note]'), null, "b2's note is not in b1's panel");
      await page.keyboard.press('Escape');

      // Who sees whom: the cell clicked stays under the pointer (the verdict comes below the table).
      await tools(page, "activate('los')");
      await page.click('[data-testid=btn-sight-table]');
      await page.waitForSelector('[data-testid=sight-table][data-status=shown]', { timeout: 60_000 });
      const cell = page.locator('[data-testid=sight-cell][data-a=alpha][data-b=charlie]');
      const before = (await cell.boundingBox())!;
      const [x, y] = [before.x + before.width / 2, before.y + before.height / 2];
      await page.mouse.move(x, y);
      const over = await page.textContent('[data-testid=sight-over]');
      assert(over?.startsWith('Alpha Guard ↔ Charlie Skirmishers'), `the hovered cell names the pair: ${over}`);
      await page.mouse.click(x, y);
      await page.waitForSelector('[data-testid=los-panel][data-status=done]', { timeout: 60_000 });
      await frames(page, 2);
      const after = (await cell.boundingBox())!;
      assertEqual(JSON.stringify([after.x, after.y]), JSON.stringify([before.x, before.y]), 'the cell did not move');
      const under = await page.evaluate(([px, py]) => {
        const el = document.elementFromPoint(px, py);
        return el?.closest('[data-testid=sight-cell]')?.getAttribute('data-a') + '/' + el?.closest('[data-testid=sight-cell]')?.getAttribute('data-b');
      }, [x, y] as const);
      assertEqual(under, 'alpha/charlie', 'the pointer is still on the cell it clicked');
      assertEqual(await page.textContent('[data-testid=sight-over]'), over, 'its hover line is unchanged');
      assertEqual(errors.length, 0, `page errors: ${errors.join('; ')}`);
    },
  },
  {
    name: 'dispute39: with the Layout panel open (and comparing) the table is framed beside it: every model clickable; the proof scrolled to; the card uncut; the change from the shown values; the plan caption inside the picture',
    async run(ctx) {
      // The lane's default battlefield (harness `tableViewPage`), closed at the end (not handed on).
      const { page, errors } = await tableViewPage(ctx);
      await page.click('[data-testid=btn-layout]');
      await page.waitForSelector('[data-testid=layout-panel][data-status=idle]');
      const panels = ['layout-panel', 'board-panel', 'files-bar'];
      await frames(page, 4);
      await page.screenshot({ path: join(ctx.outputDir, 'dispute39-layout-open.png') });
      // The Battlefield card is beside the table (under the panel), not over the files bar.
      const b = await panelBoxes(page, panels);
      const overlap = (p: Box, q: Box) => p.x < q.x + q.width && q.x < p.x + p.width && p.y < q.y + q.height && q.y < p.y + p.height;
      assert(!overlap(b['board-panel'], b['files-bar']), `the Battlefield card does not cover the files bar: ${JSON.stringify(b)}`);
      assert(!overlap(b['board-panel'], b['layout-panel']), `the Battlefield card and the Layout panel do not overlap: ${JSON.stringify(b)}`);
      const canvas = (await page.locator('.table-canvas').boundingBox())!;
      assert(canvas.x + canvas.width <= b['layout-panel'].x + 1 && canvas.x + canvas.width <= b['board-panel'].x + 1, `the table's canvas stops left of the panel: ${JSON.stringify({ canvas, b })}`);
      // In the perspective view every model is drawn clear of the panels (not clicked: what a click
      // selects is compared seen from above); seen from above, the click selects every model it
      // selects with the panel closed (those that no terrain hides), and no fewer.
      await clickEveryModel(page, panels, []);
      await page.click('[data-testid=btn-layout]');
      await page.waitForSelector('[data-testid=layout-panel]', { state: 'detached' });
      await page.click('[data-testid=btn-top]');
      await frames(page, 6);
      const closed = await clickEveryModel(page, []);
      await page.click('[data-testid=btn-layout]');
      await page.waitForSelector('[data-testid=layout-panel][data-status=idle]');
      await frames(page, 6);
      // Only the models the click selected with the panel closed are clicked (the others cannot be lost).
      const open = await clickEveryModel(page, panels, closed.selected);
      assert(closed.selected.length >= closed.all.length - 6, `seen from above, a click selects nearly every model with the panel closed: ${closed.selected.length} of ${closed.all.length}`);
      const lost = closed.selected.filter((id) => !open.selected.includes(id));
      assertEqual(lost.join(', '), '', 'with the Layout panel open, every model a click selects with it closed is still selected by a click');
      await page.click('[data-testid=btn-oblique]').catch(() => undefined);
      await frames(page, 4);

      // The default run; a heatmap square clicked: its proof is scrolled into view inside the panel.
      await page.click('[data-testid=layout-run]');
      await page.waitForSelector('[data-testid=layout-panel][data-status=done]', { timeout: 180_000 });
      await page.selectOption('[data-testid=layout-measure]', 'targetable');
      await frames(page, 4);
      const heat = await page.$$eval('[data-testid=layout-summary] tbody tr[data-territory]', (rows) => rows.map((r) => r.getAttribute('data-territory')));
      assert(heat.length === 2, `two territories: ${heat.join(', ')}`);
      // Every header and number of the summary card is shown whole (no "ta…", "10…").
      const cut = await page.$$eval('[data-testid=layout-summary] th, [data-testid=layout-summary] td', (cells) =>
        cells.filter((c) => c.scrollWidth > c.clientWidth + 1).map((c) => c.textContent),
      );
      assertEqual(cut.join(' | '), '', 'no header or number of the summary card is cut');
      const headers = await page.$$eval('[data-testid=layout-summary] thead th', (ths) => ths.map((t) => t.textContent?.trim() ?? ''));
      assertEqual(new Set(headers).size, headers.length, `the card's headers are all different: ${headers.join(', ')}`);

      // A square of the north heatmap clear of models: its proof in view.
      const download = page.waitForEvent('download', { timeout: 60_000 });
      await page.click('[data-testid=layout-export-json]');
      const mine = JSON.parse(readFileSync((await (await download).path())!, 'utf8'));
      const cls = mine.classes[0];
      const models = (await files<{ units: { models: { position: [number, number] }[] }[] }>(page, 'scenario()')).units.flatMap((u) => u.models.map((m) => m.position));
      const north = (cls.territories.north.heatmap as number[][]).filter(([x, y]) => models.every(([mx, my]) => Math.hypot(mx - x, my - y) > 2.5));
      assert(north.length > 0, 'a north square clear of models');
      const pick = north[Math.floor(north.length / 2)];
      const square = await screenOf(page, [pick[0], pick[1], pick[2] + 0.06]);
      await page.mouse.click(square[0], square[1]);
      await page.waitForSelector('[data-testid=layout-spot-proof][data-status=ok]', { timeout: 60_000 });
      await page.waitForFunction(() => {
        const panel = document.querySelector('[data-testid=layout-panel]')!.getBoundingClientRect();
        const proof = document.querySelector('[data-testid=layout-spot-proof]')!.getBoundingClientRect();
        return proof.top >= panel.top - 1 && proof.top < panel.bottom - 20;
      }, undefined, { timeout: 10_000 }).catch(() => {
        throw new Error('the spot proof is not scrolled into view inside the panel');
      });
      await page.screenshot({ path: join(ctx.outputDir, 'dispute39-layout-proof.png') });

      // Compared with a report whose values round alike: each change is the difference of the shown values.
      const nudge = (v: unknown, d: number) => (typeof v === 'number' ? Math.min(1, Math.max(0, v + d)) : v);
      const territories = Object.fromEntries(
        Object.entries(cls.territories as Record<string, Record<string, unknown>>).map(([t, v]) => [t, { ...v, exposure: nudge(v.exposure, 0.0096), targetable: nudge(v.targetable, -0.0096), meanSeen: nudge(v.meanSeen, 0.0051) }]),
      );
      const saved = { ...mine, scenario: 'Nudged copy', classes: [{ ...cls, territories }] };
      await page.setInputFiles('[data-testid=layout-load-file]', { name: 'nudged.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(saved)) });
      await page.waitForSelector('[data-testid=layout-panel][data-compare=true]');
      await page.waitForSelector('[data-testid=layout-compare] tr[data-measure]');
      const rows = await page.$$eval('[data-testid=layout-compare] tbody tr[data-measure]', (trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
      let checked = 0;
      for (const cells of rows) {
        const values = cells.find((c) => c.includes(' / ')) ?? '';
        const change = cells[cells.length - 1];
        const v = shownPercents(values);
        if (v.length !== 2 || !values.includes('%')) continue;
        assertEqual(shownChange(change) ?? 0, v[0] - v[1], `the change "${change}" is the difference of "${values}"`);
        checked++;
      }
      assert(checked >= 6, `share rows checked: ${checked}`);
      await frames(page, 4);
      await page.screenshot({ path: join(ctx.outputDir, 'dispute39-layout-compare.png') });
      const cutComparing = await page.$$eval('[data-testid=layout-summary] th, [data-testid=layout-summary] td, [data-testid=layout-summary-saved] th, [data-testid=layout-summary-saved] td', (cells) =>
        cells.filter((c) => c.scrollWidth > c.clientWidth + 1).map((c) => c.textContent),
      );
      assertEqual(cutComparing.join(' | '), '', 'comparing, no header or number of either card is cut');
      const cb = await panelBoxes(page, panels);
      assert(!overlap(cb['board-panel'], cb['files-bar']) && !overlap(cb['board-panel'], cb['layout-panel']), `comparing, the card is still beside: ${JSON.stringify(cb)}`);
      await page.click('[data-testid=btn-top]');
      await frames(page, 6);
      const comparing = await clickEveryModel(page, panels, open.selected);
      assertEqual(open.selected.filter((id) => !comparing.selected.includes(id)).join(', '), '', 'comparing (a wider panel), every model is still clickable');

      // The plan PNG: no caption runs into its right edge (rows of the white caption bands).
      const planDownload = page.waitForEvent('download', { timeout: 60_000 });
      await page.click('[data-testid=layout-export-plan]');
      const plan = PNG.sync.read(readFileSync((await (await planDownload).path())!));
      writeFileSync(join(ctx.outputDir, 'dispute39-layout-plan.png'), PNG.sync.write(plan));
      const px = (x: number, y: number) => plan.data.subarray(4 * (y * plan.width + x), 4 * (y * plan.width + x) + 3);
      const white = (x: number, y: number) => px(x, y).every((c) => c === 255);
      const dark = (x: number, y: number) => px(x, y).every((c) => c < 140);
      let textRows = 0;
      for (let y = 0; y < plan.height; y++) {
        if (!white(0, y) || !white(1, y)) continue; // a map row
        let text = false;
        for (let x = 0; x < plan.width; x++) if (dark(x, y)) text = true;
        if (text) textRows++;
        for (let x = plan.width - 3; x < plan.width; x++) assert(!dark(x, y), `caption text at the picture's right edge (row ${y})`);
      }
      assert(textRows > 20, `the captions are there (${textRows} rows of text)`);
      assertEqual(errors.length, 0, `page errors: ${errors.join('; ')}`);
      await page.close();
    },
  },
  {
    name: 'dispute39: the eye view of a "Not visible" pair outlines the volumes the rules use, the blocking model highlighted',
    async run(ctx) {
      const { page, errors } = await openWithWall(ctx);
      await activateTool(page, 'los'); // the picks go to the line-of-sight tool once the page runs with it
      await tools(page, "pick({ kind: 'model', id: 'c1' })");
      await tools(page, "pick({ kind: 'model', id: 'a2' })");
      await verdictShown(page).catch(async (e: Error) => {
        await page.screenshot({ path: join(ctx.outputDir, 'dispute39-eye-failed.png') });
        throw new Error(`${e.message.split('\n')[0]}; page errors: ${errors.join('; ')}; los: ${JSON.stringify(await tools(page, 'state()').then((st) => (st as { los: unknown }).los))}`);
      });
      assertEqual(await page.getAttribute('[data-testid=los-verdict]', 'data-visible'), 'false', 'c1 does not see a2');
      const blockers = await blockersShown(page);
      assert(blockers.includes('model:Alpha Guard · a1'), `a1 is in the way: ${blockers.join(', ')}`);
      await page.click('[data-testid=btn-eye]');
      await page.waitForSelector('[data-testid=eye-banner]', { timeout: 30_000 });
      assert(((await page.textContent('[data-testid=eye-banner]')) ?? '').includes("Observer's eye"), 'the banner says Observer\'s eye once the view is drawn');
      const v = await files<{ plain: string[]; blocking: string[]; share: { id: string; highlighted: number; whole: number }[] } | null>(page, 'ruleVolumes()');
      assert(v, 'the rule volumes are in the scene');
      assert(v.plain.includes('c1') && v.plain.includes('a2') && v.plain.includes('a1'), `the pair's and the blocker's volumes are drawn: ${JSON.stringify(v)}`);
      assert(v.blocking.includes('a1'), `where the line meets a1's volume is highlighted: ${JSON.stringify(v)}`);
      // Only the part the line meets: a small share of a1's surface (32 mm base, 1.5" tall: ~10 sq in).
      const a1 = v.share.find((x) => x.id === 'a1')!;
      assert(a1.highlighted > 0 && a1.highlighted < 0.35 * a1.whole, `only part of a1's volume is highlighted: ${JSON.stringify(a1)}`);
      assertEqual(errors.length, 0, `page errors: ${errors.join('; ')}`);
      await page.close();
    },
  },
  {
    name: 'dispute39: a bomb link (inflating past 16 MB) shows the damaged-link message and leaves the saved battlefield as it was',
    async run(ctx) {
      // The lane's default battlefield (harness `tableViewPage`), closed at the end (not handed on).
      const { page, errors } = await tableViewPage(ctx);
      await autosaved(page);
      const before = JSON.stringify(await files<unknown>(page, 'scenario()'));
      const writes = (await files<{ writes: number }>(page, 'autosave()')).writes;
      // 40 MB of spaces: a ~40 KB link.
      const token = `1.${deflateRawSync(Buffer.alloc(40 * 1024 * 1024, 0x20), { level: 9 }).toString('base64url')}`;
      // Pasted into the running page: the problem is shown, nothing is loaded or saved.
      await page.evaluate((t) => (window.location.hash = `share=${t}`), token);
      // The problems box (role alert; the old wait for a "dialog" never matched and ran its 60 s out).
      await page.waitForSelector('[data-testid=file-problems]:has-text("could not be opened")', { state: 'attached', timeout: 60_000 }).catch(() => undefined);
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
