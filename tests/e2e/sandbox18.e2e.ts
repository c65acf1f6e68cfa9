/**
 * Issue 18, the sandbox: a scenario with overlapping models opens with a warning naming them; the
 * free ruler (a click anywhere, a live line, a second click); the combat tool shows every unit's
 * range with nothing selected; Esc closes the palette; the keyboard camera (W A S D pan, Q E turn);
 * the dice roller (successes against a target, sort, re-roll, D3) and closing the tray. Waits are
 * on ready signals (the hooks' state, `data-status`), never fixed delays.
 */
import type { Page } from 'playwright-core';
import { join } from 'node:path';
import { assert, assertEqual, filesCall as files, frames, openApp, screenOf, tableViewPage, toolsCall as tools, type E2ETest } from './harness';

type P3 = [number, number, number];

interface RulerHook {
  name: string;
  from?: P3;
  to?: P3;
  pointer?: P3 | null;
}
const ruler = async (page: Page) => (await tools<{ ruler: RulerHook }>(page, 'state()')).ruler;

export const tests: E2ETest[] = [
  {
    name: 'sandbox18: a scenario with overlapping models opens with a warning that names them',
    async run(ctx) {
      const { page, errors } = await openApp(ctx, 'overlap18.json');
      await page.waitForSelector('[data-testid=overlap-warning]', { timeout: 30_000 });
      const text = (await page.textContent('[data-testid=overlap-warning]')) ?? '';
      assert(text.includes('a1 and c1'), `the warning names the models: ${text}`);
      assertEqual(await page.getAttribute('[data-testid=overlap-warning]', 'data-pairs'), JSON.stringify([['a1', 'c1']]), 'exactly that pair');
      await page.click('[data-testid=overlap-dismiss]');
      await page.waitForSelector('[data-testid=overlap-warning]', { state: 'detached' });
      await page.screenshot({ path: join(ctx.outputDir, 'sandbox18-overlap.png') });
      assert(errors.length === 0, `console errors:\n${errors.join('\n')}`);
      await page.close();
    },
  },
  {
    name: 'sandbox18: free ruler (live line after the first pick), combat ranges of every unit, Esc closes the palette, keyboard camera',
    async run(ctx) {
      // The lane's page on tools.json (harness tableViewPage), reset; closed at the end: the next
      // test on tools.json (dispute) may run in the other lane, and a page kept idle to the lane's
      // end can cost more than its boot (0.02 CPU-s a second).
      const { page, errors } = await tableViewPage(ctx, 'tools.json');
      await page.waitForFunction(() => !!window.__sightlineFiles);
      assert((await page.$('[data-testid=overlap-warning]')) === null, 'no warning without overlaps');
      await page.click('[data-testid=btn-top]');
      await frames(page);

      // Ruler: U, a click on the table, the live line follows the pointer, a second click fixes it.
      await page.keyboard.press('u');
      await page.waitForSelector('[data-testid=tool-ruler][aria-pressed=true]');
      const a = await screenOf(page, [4, 3, 0]);
      const b = await screenOf(page, [14, 3, 0]);
      await page.mouse.click(a[0], a[1]);
      await page.waitForFunction(() => (window.__sightline!.tools!.state() as { ruler: { name: string } }).ruler.name === 'anchored');
      await page.mouse.move((a[0] + b[0]) / 2, a[1], { steps: 3 });
      await page.mouse.move(b[0], b[1], { steps: 3 });
      await page.waitForSelector('[data-testid=ruler-label]');
      await page.waitForFunction(() => {
        const r = (window.__sightline!.tools!.state() as { ruler: { pointer?: number[] | null } }).ruler;
        return !!r.pointer && Math.abs(r.pointer[0] - 14) < 0.3;
      });
      const live = await ruler(page);
      assert(live.name === 'anchored' && Math.abs(live.from![0] - 4) < 0.3 && Math.abs(live.from![1] - 3) < 0.3, `anchored at the click: ${JSON.stringify(live)}`);
      const liveLabel = (await page.textContent('[data-testid=ruler-label]')) ?? '';
      await page.screenshot({ path: join(ctx.outputDir, 'sandbox18-ruler-live.png') });
      await page.mouse.click(b[0], b[1]);
      await page.waitForFunction(() => (window.__sightline!.tools!.state() as { ruler: { name: string } }).ruler.name === 'done');
      const done = await ruler(page);
      const flat = Math.hypot(done.to![0] - done.from![0], done.to![1] - done.from![1]);
      assert(Math.abs(flat - 10) < 0.4, `the ruler measures about 10" (${flat})`);
      const label = (await page.textContent('[data-testid=ruler-label]')) ?? '';
      assert(/^\d+\.\d\d"/.test(label.trim()), `the label shows inches: ${label} (live: ${liveLabel})`);
      await page.keyboard.press('Escape');
      await page.waitForSelector('[data-testid=tool-select][aria-pressed=true]');

      // Combat ranges: nothing selected → every unit's range.
      await page.keyboard.press('c');
      await page.waitForSelector('[data-testid=btn-combat][aria-pressed=true]');
      const units = await page.evaluate(() => (window.__sightline!.tools!.state() as { ranges: string[] }).ranges);
      assertEqual(units.join(','), 'alpha,bravo,charlie,delta', 'every unit shows its range');
      await page.keyboard.press('c');

      // Esc closes the palette (with nothing armed).
      await page.click('[data-testid=btn-palette]');
      await page.waitForSelector('[data-testid=palette]');
      await page.evaluate('document.activeElement?.blur()');
      await page.keyboard.press('Escape');
      await page.waitForSelector('[data-testid=palette]', { state: 'detached' });

      // Keyboard camera: D pans (the table moves left on screen), Q turns the view.
      await page.keyboard.press('v');
      await frames(page);
      const centre: P3 = [18, 12, 0];
      const p0 = await screenOf(page, centre);
      await page.keyboard.down('d');
      await page.waitForFunction((p) => {
        const q = window.__sightline!.tools!.project([18, 12, 0]);
        return !!q && p[0] - q[0] > 40;
      }, p0, { timeout: 60_000 });
      await page.keyboard.up('d');
      const p1 = await screenOf(page, centre);
      assert(Math.abs(p1[1] - p0[1]) < Math.abs(p1[0] - p0[0]), `D pans sideways: ${p0} → ${p1}`);
      const corner: P3 = [0, 0, 0];
      const c0 = await screenOf(page, corner);
      await page.keyboard.down('q');
      await page.waitForFunction((c) => {
        const q = window.__sightline!.tools!.project([0, 0, 0]);
        return !!q && Math.hypot(q[0] - c[0], q[1] - c[1]) > 40;
      }, c0, { timeout: 60_000 });
      await page.keyboard.up('q');
      await frames(page);
      await page.screenshot({ path: join(ctx.outputDir, 'sandbox18-camera.png') });
      assert(errors.length === 0, `console errors:\n${errors.join('\n')}`);
      await page.close();
    },
  },
  {
    name: 'sandbox18: dice roller counts successes against a target, sorts, re-rolls, rolls D3; the tray closes',
    async run(ctx) {
      const { page, errors } = await tableViewPage(ctx); // the lane's default battlefield (harness), reset
      const faces = [1, 4, 3, 6, 1];
      await files<void>(page, `rollDice(${JSON.stringify(faces)}, 7)`);
      await page.waitForSelector('[data-testid=dice-tray][data-status=settled]', { timeout: 60_000 });
      await page.selectOption('[data-testid=dice-target]', '4');
      const result = async () => ((await page.textContent('[data-testid=dice-result]')) ?? '').trim();
      assertEqual(await result(), '5D6: 1, 4, 3, 6, 1 · 2 successes (4+) · sum 15', 'successes against 4+');
      await page.check('[data-testid=dice-sort]');
      assertEqual(await result(), '5D6: 1, 1, 3, 4, 6 · 2 successes (4+) · sum 15', 'sorted');
      // Re-roll the failures: the successes keep their faces; the tray throws the new roll.
      await page.click('[data-testid=btn-reroll-failures]');
      await page.waitForFunction(() => {
        const d = window.__sightlineFiles!.dice();
        return d.settled !== null && d.rolls.length === 5;
      }, undefined, { timeout: 60_000 });
      await page.waitForSelector('[data-testid=dice-tray][data-status=settled]', { timeout: 60_000 });
      const again = await files<{ rolls: number[]; settled: number[] }>(page, 'dice()');
      assertEqual(again.rolls[1], 4, 'the 4 is kept');
      assertEqual(again.rolls[3], 6, 'the 6 is kept');
      assertEqual(again.settled.join(','), again.rolls.join(','), 'the tray shows the re-rolled roll');
      assert((await result()).includes('3 re-rolled'), `the re-roll is said: ${await result()}`);
      // D3.
      await page.selectOption('[data-testid=dice-kind]', 'D3');
      await page.fill('[data-testid=dice-count]', '6');
      await page.click('[data-testid=btn-roll]');
      await page.waitForFunction(() => {
        const d = window.__sightlineFiles!.dice();
        return d.rolls.length === 6 && d.settled !== null;
      }, undefined, { timeout: 60_000 });
      const d3 = await files<{ rolls: number[]; settled: number[] }>(page, 'dice()');
      assert(d3.rolls.every((f) => f >= 1 && f <= 3), `D3 faces: ${d3.rolls}`);
      assertEqual(d3.settled.join(','), d3.rolls.join(','), 'D3 faces read back from the dice');
      assert((await result()).startsWith('6D3: '), `D3 result: ${await result()}`);
      await page.screenshot({ path: join(ctx.outputDir, 'sandbox18-dice.png') });
      await page.click('[data-testid=dice-close]');
      await page.waitForSelector('[data-testid=dice-panel]', { state: 'detached' });
      assert(errors.length === 0, `console errors:\n${errors.join('\n')}`);
      // The page stays the lane's (tableViewPage) for the next test on the default battlefield.
    },
  },
];
