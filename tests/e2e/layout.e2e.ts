/**
 * The Layout panel (issue 19) in Chromium: the layout analysis runs in the engine worker on the
 * default battlefield with a progress bar, can be cancelled while the page stays responsive, draws
 * one heatmap square per standing spot of each territory, exports a PNG and the report, whose
 * numbers equal `analyseLayout` run here in Node on the same file, and compares with a kept report.
 * Both of the engine's threads take part: its visibility helper (a nested worker) runs some of the
 * line-of-sight steps, and the panel says "2 threads".
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Download, Page } from 'playwright-core';
import { analyseLayout } from '../../src/layout/analyse';
import { loadScenarioFile } from '../../src/scenario/loadNode';
import { PNG } from 'pngjs';
import { assert, assertEqual, frameShown, frames, screenOf, tableViewPage, type E2ETest } from './harness';

async function bytesOf(d: Download): Promise<Buffer> {
  const path = await d.path();
  assert(path, `download ${d.suggestedFilename()} has no file`);
  return readFileSync(path);
}

/** Largest gap between animation frames over `ms` milliseconds (the page's thread is free when it is small). */
async function largestFrameGap(page: Page, ms: number): Promise<number> {
  return page.evaluate(`new Promise((resolve) => {
    const start = performance.now();
    let last = start;
    let gap = 0;
    const step = (t) => {
      gap = Math.max(gap, t - last);
      last = t;
      if (t - start < ${ms}) requestAnimationFrame(step);
      else resolve(gap);
    };
    requestAnimationFrame(step);
  })`) as Promise<number>;
}

async function setClasses(page: Page, ids: string[]): Promise<void> {
  for (const id of ['infantry', 'cavalry', 'monster']) {
    if (ids.includes(id)) await page.check(`[data-testid=layout-class-${id}]`);
    else await page.uncheck(`[data-testid=layout-class-${id}]`);
  }
}

export const tests: E2ETest[] = [
  {
    name: 'layout: the panel analyses the default battlefield in the engine worker (progress, cancel, heatmap spots drawn, PNG and JSON export equal to analyseLayout, comparison)',
    async run(ctx) {
      // The lane's default battlefield (harness `tableViewPage`); the Layout panel's settings stay
      // with the page, so it is closed at the end, not handed on.
      const { page, errors } = await tableViewPage(ctx);
      await page.click('[data-testid=btn-layout]');
      await page.waitForSelector('[data-testid=layout-panel][data-status=idle]');
      assertEqual(await page.inputValue('[data-testid=layout-grid]'), '2', 'default grid');

      // A slow run (the three classes on a 1" grid with a 12" threat: the threat zones cover most of
      // the table, many seconds even on two threads): progress, a responsive page, Cancel.
      await setClasses(page, ['infantry', 'cavalry', 'monster']);
      await page.fill('[data-testid=layout-threat]', '12');
      await page.selectOption('[data-testid=layout-grid]', '1');
      await page.click('[data-testid=layout-run]');
      await page.waitForSelector('[data-testid=layout-panel][data-status=running]');
      await page.waitForFunction(() => Number(document.querySelector('[data-testid=layout-progress]')?.getAttribute('data-progress') ?? 0) > 0.01, undefined, { timeout: 120_000 });
      // The visibility helper (the engine's nested worker, the second core) takes steps too.
      await page.waitForFunction(() => Number(document.querySelector('[data-testid=layout-panel]')?.getAttribute('data-helper-steps') ?? 0) > 0, undefined, { timeout: 120_000 });
      const runningText = await page.textContent('[data-testid=layout-progress]');
      assert(runningText?.includes('2 threads'), `progress line: ${runningText}`);
      const gap = await largestFrameGap(page, 1500);
      assert(gap < 1000, `the page froze for ${Math.round(gap)} ms during the analysis`);
      await page.screenshot({ path: join(ctx.outputDir, 'layout-running.png') });
      await page.click('[data-testid=layout-cancel]');
      await page.waitForSelector('[data-testid=layout-panel][data-status=stopped]', { timeout: 30_000 });
      const stopped = await page.textContent('[data-testid=layout-stopped]');
      assert(stopped?.includes('cancelled'), `stopped note: ${stopped}`);
      await page.waitForFunction(() => window.__sightline?.tools?.engine().inFlight === 0, undefined, { timeout: 30_000 });

      // The app's default run: infantry on a 2" grid.
      await setClasses(page, ['infantry']);
      await page.fill('[data-testid=layout-threat]', '0');
      await page.selectOption('[data-testid=layout-grid]', '2');
      await page.click('[data-testid=layout-run]');
      await page.waitForSelector('[data-testid=layout-panel][data-status=done]', { timeout: 180_000 });
      // Both threads took part: the helper answered some of the run's line-of-sight steps.
      const steps = Number(await page.getAttribute('[data-testid=layout-panel]', 'data-steps'));
      const helperSteps = Number(await page.getAttribute('[data-testid=layout-panel]', 'data-helper-steps'));
      assert(helperSteps > 0 && helperSteps < steps, `steps run by the helper: ${helperSteps} of ${steps}`);
      const doneText = await page.textContent('[data-testid=layout-done]');
      assert(doneText?.includes(`2 threads (the second ran ${helperSteps} of ${steps}`), `done line: ${doneText}`);
      writeFileSync(join(ctx.outputDir, 'layout-threads.json'), JSON.stringify({ steps, helperSteps, doneText }));
      const spots = await page.$$eval('[data-testid=layout-summary] tbody tr[data-territory]', (rows) => rows.map((r) => Number(r.querySelector('td')?.textContent)));
      const total = spots.reduce((a, b) => a + b, 0);
      assert(spots.length === 2 && total > 0, `summary spots ${JSON.stringify(spots)}`);
      await page.waitForFunction((n) => document.querySelector('[data-testid=layout-panel]')?.getAttribute('data-spots-drawn') === String(n), total, { timeout: 30_000 });
      await page.selectOption('[data-testid=layout-lanes]', 'north');
      await page.click('[data-testid=btn-top]');
      await frames(page, 6);
      await page.screenshot({ path: join(ctx.outputDir, 'layout-heatmap.png') });

      // Exports: the PNG (signature) and the report (equal to analyseLayout on the same file in Node).
      const pngDownload = page.waitForEvent('download', { timeout: 60_000 });
      await page.click('[data-testid=layout-export-png]');
      const png = await pngDownload;
      assert(png.suggestedFilename().endsWith('.png'), `png name ${png.suggestedFilename()}`);
      const pngBytes = await bytesOf(png);
      assertEqual(pngBytes.subarray(0, 8).toString('hex'), '89504e470d0a1a0a', 'PNG signature');
      const planDownload = page.waitForEvent('download', { timeout: 60_000 });
      await page.click('[data-testid=layout-export-plan]');
      const plan = await planDownload;
      const planBytes = await bytesOf(plan);
      assertEqual(planBytes.subarray(0, 8).toString('hex'), '89504e470d0a1a0a', 'plan PNG signature');
      // Two panels of 600 x 440 px (60" x 44" at 10 px an inch) and their headings: IHDR width and height.
      assertEqual(planBytes.readUInt32BE(16), 600, 'plan width');
      assert(planBytes.readUInt32BE(20) > 2 * 440, `plan height ${planBytes.readUInt32BE(20)}`);
      writeFileSync(join(ctx.outputDir, 'layout-plan.png'), planBytes);
      const jsonDownload = page.waitForEvent('download', { timeout: 60_000 });
      await page.click('[data-testid=layout-export-json]');
      const json = JSON.parse((await bytesOf(await jsonDownload)).toString('utf8'));
      const loaded = await loadScenarioFile(join(ctx.root, 'assets/scenarios/default.json'));
      assert(loaded.ok, 'default scenario loads in Node');
      const direct = analyseLayout(loaded.world, { grid: 2, classes: ['infantry'], threat: 0 });
      assertEqual(json.grid, 2, 'report grid');
      const [mine, theirs] = [json.classes[0], direct.classes[0]];
      for (const t of Object.keys(theirs.territories)) {
        for (const f of ['spots', 'exposure', 'hidingCapacity', 'exposedSpots'] as const) assertEqual(mine.territories[t][f], theirs.territories[t][f], `${t}.${f}`);
        assertEqual(JSON.stringify(mine.territories[t].heatmap), JSON.stringify(theirs.territories[t].heatmap), `${t} heatmap`);
      }
      assertEqual(JSON.stringify(mine.objectives), JSON.stringify(theirs.objectives), 'objective reach');
      assertEqual(mine.asymmetry, theirs.asymmetry, 'asymmetry');
      // The graded measures (issue 29): in the export as analyseLayout gives them, and on the summary card.
      for (const t of Object.keys(theirs.territories)) {
        for (const f of ['targetable', 'targetableSpots', 'meanSeen', 'meanTargetable'] as const) assertEqual(mine.territories[t][f], theirs.territories[t][f], `${t}.${f}`);
        assertEqual(JSON.stringify(mine.territories[t].within), JSON.stringify(theirs.territories[t].within), `${t}.within`);
        assertEqual(Number(await page.getAttribute(`[data-testid=layout-summary] tr[data-territory=${t}]`, 'data-targetable')), theirs.territories[t].targetable, `${t} targetable on the card`);
      }
      assertEqual(mine.asymmetryTargetable, theirs.asymmetryTargetable, 'asymmetryTargetable');
      // The heatmap can show any measure.
      await page.selectOption('[data-testid=layout-measure]', 'within:24');
      await page.waitForSelector('.layout-legend[data-measure="within:24"]');
      await page.selectOption('[data-testid=layout-measure]', 'targetable');
      await page.waitForSelector('.layout-legend[data-measure=targetable]');
      await frames(page, 4);
      // The proof for a spot: click a north square (west of the panel, clear of models) and read who targets it.
      const models = [...loaded.world.models.values()].map((m) => [m.footprint.x, m.footprint.y]);
      const candidates = theirs.territories.north.heatmap.filter(([x, y]) => x <= 24 && models.every(([mx, my]) => Math.hypot(mx - x, my - y) > 2.5));
      // The most protected square the pointer can reach: none of the page's panels over it (the
      // table is framed beside the Layout panel, issue 35; the info panel and the tools stay over its west).
      candidates.sort((a, b) => b[3] - b[4] - (a[3] - a[4]));
      let square = candidates[0];
      let [sx, sy] = await screenOf(page, [square[0], square[1], square[2] + 0.06]);
      for (const c of candidates) {
        const at = await screenOf(page, [c[0], c[1], c[2] + 0.06]);
        if (await page.evaluate(([x, y]) => !!document.elementFromPoint(x, y)?.closest('.table-canvas'), at)) {
          [square, sx, sy] = [c, at[0], at[1]];
          break;
        }
      }
      await page.mouse.click(sx, sy);
      await page.waitForSelector('[data-testid=layout-spot-proof][data-status=ok]', { timeout: 60_000 });
      const zone = Number(await page.getAttribute('[data-testid=layout-spot-proof]', 'data-zone'));
      const targeting = Number(await page.getAttribute('[data-testid=layout-spot-proof]', 'data-targeting'));
      const seeing = Number(await page.getAttribute('[data-testid=layout-spot-proof]', 'data-seeing'));
      assertEqual(zone, theirs.territories.north.threatZoneSpots, 'proof: threat zone');
      assertEqual(Math.round((1000 * targeting) / zone) / 1000, square[4], 'proof: targeting share = heatmap');
      assertEqual(Math.round((1000 * seeing) / zone) / 1000, square[3], 'proof: seeing share = heatmap');
      const bestText = await page.textContent('[data-testid=layout-proof-best]');
      assert(targeting === 0 || /Best witness: from/.test(bestText ?? ''), `best witness: ${bestText}`);
      if (targeting < seeing) assert(/Tower/.test((await page.textContent('[data-testid=layout-proof-protectors]')) ?? ''), 'a tower protects it');
      writeFileSync(join(ctx.outputDir, 'layout-proof.json'), JSON.stringify({ square, zone, seeing, targeting, bestText }));
      // On the table: the best witness is drawn as a green line (its middle, in the screenshot).
      const witness = JSON.parse((await page.getAttribute('[data-testid=layout-spot-proof]', 'data-witness')) ?? 'null') as [number, number, number][] | null;
      await frames(page, 6);
      await frameShown(page);
      const shot = PNG.sync.read(await page.screenshot({ path: join(ctx.outputDir, 'layout-proof.png') }));
      if (witness) {
        const [mx, my] = await screenOf(page, [(witness[0][0] + witness[1][0]) / 2, (witness[0][1] + witness[1][1]) / 2, (witness[0][2] + witness[1][2]) / 2]);
        let green = false;
        for (let dy = -3; dy <= 3; dy++) {
          for (let dx = -3; dx <= 3; dx++) {
            const k = 4 * ((Math.round(my) + dy) * shot.width + Math.round(mx) + dx);
            if (shot.data[k + 1] > 150 && shot.data[k] < 90 && shot.data[k + 2] < 110) green = true;
          }
        }
        assert(green, `the witness line is drawn at ${mx}, ${my}`);
      }

      // Compare with a kept report: both cards and the differences.
      await page.click('[data-testid=layout-keep]');
      await page.waitForSelector('[data-testid=layout-panel][data-compare=true]');
      await page.waitForSelector('[data-testid=layout-summary-saved]');
      const deltas = await page.$$eval('[data-testid=layout-compare] tr[data-territory]', (rows) => rows.map((r) => r.getAttribute('data-exposure-delta')));
      assertEqual(JSON.stringify(deltas), JSON.stringify(['0', '0']), 'same layout: no difference');
      await page.screenshot({ path: join(ctx.outputDir, 'layout-compare.png') });

      // Compare with a saved report file (the export, edited): its card and the difference.
      const edited = { ...json, scenario: 'Edited copy', classes: [{ ...mine, territories: { ...mine.territories, north: { ...mine.territories.north, exposure: 0.5 } } }] };
      await page.setInputFiles('[data-testid=layout-load-file]', { name: 'saved.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(edited)) });
      await page.waitForFunction(() => document.querySelector('[data-testid=layout-summary-saved]')?.textContent?.includes('Edited copy'), undefined, { timeout: 30_000 });
      const north = Number(await page.getAttribute('[data-testid=layout-compare] tr[data-territory=north]', 'data-exposure-delta'));
      assert(Math.abs(north - (mine.territories.north.exposure - 0.5)) < 1e-9, `north exposure difference ${north}`);
      assert(errors.length === 0, `console errors:\n${errors.join('\n')}`);
      await page.close();
    },
  },
];
