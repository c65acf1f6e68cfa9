/**
 * Play mode end to end (`?play=1`): a scripted hot-seat battle round 1 driven through the page
 * (button clicks, a real mouse drag, and the `window.__sightline.play` hook), the victory points
 * the engine computed shown on the page; the autosave and an uploaded saved game reload to the
 * same state hash; an illegal move is refused with the engine's reason.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { assert, assertEqual, frames, type E2EContext, type E2ETest } from './harness';

type Summary = { round: number; stage: string; phase: string | null; vp: { p1: number; p2: number }; objectives: Record<string, string | null>; hash: string; actions: number };

function play<T>(page: Page, expr: string): Promise<T> {
  return page.evaluate(`window.__sightline.play.${expr}`) as Promise<T>;
}

/** Waits for the ready signal and the game summary on the page. */
async function ready(page: Page): Promise<void> {
  await page.waitForSelector('body[data-ready]', { state: 'attached', timeout: 120_000 });
  const r = await page.evaluate(() => document.body.dataset.ready);
  if (r !== 'true') throw new Error(`the app signalled "${r}": ${await page.evaluate(() => document.body.dataset.problems ?? '')}`);
  await page.waitForFunction(() => !!window.__sightline?.play?.summary(), undefined, { timeout: 60_000 });
}

async function openPlay(ctx: E2EContext) {
  const opened = await ctx.openPage();
  await opened.page.goto(`${ctx.baseUrl}?play=1`, { waitUntil: 'domcontentloaded' });
  await ready(opened.page);
  return opened;
}

/** Clicks a Play button and waits until the page shows the next game state. */
async function click(page: Page, testid: string): Promise<void> {
  const v = await play<number>(page, 'version()');
  await page.click(`[data-testid=${testid}]:not([disabled])`);
  await page.waitForFunction((x) => window.__sightline!.play!.version() > x, v);
}

const text = async (page: Page, sel: string) => ((await page.textContent(sel)) ?? '').trim();

async function screenOf(page: Page, p: [number, number, number]): Promise<[number, number]> {
  const px = (await page.evaluate(`window.__sightline.tools.project(${JSON.stringify(p)})`)) as [number, number] | null;
  assert(px, `table point ${JSON.stringify(p)} is not on screen`);
  return px;
}

export const tests: E2ETest[] = [
  {
    name: 'play: hot-seat battle round 1 through the UI; VP shown; illegal drag refused with the engine reason',
    async run(ctx) {
      const { page, errors } = await openPlay(ctx);
      assertEqual(await play<string>(page, 'started().kind'), 'new', 'a fresh page starts a new game');
      await page.click('[data-testid=btn-top]');
      await frames(page);
      await click(page, 'play-g-firstTurn-p1');
      await click(page, 'play-g-endPhase'); // start of turn -> hero
      await click(page, 'play-g-endPhase'); // hero -> movement
      assert((await text(page, '[data-testid=play-phase]')).includes('Movement phase'), 'movement phase shown');

      // The selected unit's options: Charge greyed out with the engine's reason.
      await page.evaluate(`window.__sightline.play.selectUnit('sce-judicators')`);
      await page.waitForSelector('[data-testid=play-o-charge-na]');
      const na = await text(page, '[data-testid=play-o-charge-na]');
      assert(na.includes('Charge is used in your charge phase') && na.includes('Core 14.3'), `charge unavailable with reason: ${na}`);

      // An illegal move by a real mouse drag: 9" north with Move 5".
      const from = (await page.evaluate(`window.__sightline.tools.modelCentre('sce-judicators-1')`)) as [number, number];
      const hashBefore = await play<string>(page, 'hash()');
      await page.mouse.move(...(await screenOf(page, [from[0], from[1], 1.2])));
      await page.mouse.down();
      const to = await screenOf(page, [from[0], from[1] + 9, 0]);
      await page.mouse.move(to[0], to[1], { steps: 10 });
      await page.mouse.up();
      await page.waitForSelector('[data-testid=play-note][data-kind=refused]');
      const refused = await text(page, '[data-testid=play-note]');
      assert(/allows 5"/.test(refused) && refused.includes('Core 14.1'), `refusal shows the engine's reason and rule: ${refused}`);
      assertEqual(await play<string>(page, 'hash()'), hashBefore, 'the refused move changed nothing');
      const still = (await page.evaluate(`window.__sightline.tools.modelCentre('sce-judicators-1')`)) as [number, number];
      assert(Math.hypot(still[0] - from[0], still[1] - from[1]) < 1e-9, 'the model stays where it was');

      // A legal move (the drag flow through the hook): the Liberators onto obj-sw.
      const lib = (await page.evaluate(`window.__sightline.tools.modelCentre('sce-liberators-1')`)) as [number, number];
      const note = await play<{ kind: string; text: string }>(page, `drag('sce-liberators-1', [${lib[0]}, ${lib[1] + 4.5}])`);
      assertEqual(note?.kind, 'ok', `the Liberators' move: ${note?.text}`);
      const moved = (await page.evaluate(`window.__sightline.tools.modelCentre('sce-liberators-2')`)) as [number, number];
      assert(moved[1] > lib[1] + 4.4, `the whole unit moved on the table: ${moved}`);
      await frames(page);
      await page.screenshot({ path: join(ctx.outputDir, 'play-moved.png') });

      for (let i = 0; i < 5; i++) await click(page, 'play-g-endPhase'); // p1: movement .. end of turn
      assertEqual(await text(page, '[data-testid=play-vp-p1]'), '1', 'p1 scored obj-sw at the end of their turn');
      for (let i = 0; i < 7; i++) await click(page, 'play-g-endPhase'); // p2's whole turn
      const s = await play<Summary>(page, 'summary()');
      assertEqual(s.round, 2, 'battle round 2 begins');
      assertEqual(s.stage, 'firstTurn', 'waiting for the first-turn choice');
      assertEqual(await text(page, '[data-testid=play-vp-p1]'), String(s.vp.p1), 'VP shown = engine VP (p1)');
      assertEqual(await text(page, '[data-testid=play-vp-p2]'), String(s.vp.p2), 'VP shown = engine VP (p2)');
      assertEqual(s.vp.p1, 1, 'p1 VP');
      assertEqual(s.objectives['obj-sw'], 'p1', 'obj-sw controlled by p1');
      const log = await text(page, '[data-testid=play-log]');
      assert(log.includes('p1 scores 1 VP') && log.includes('Priority roll'), 'the battle log shows scoring and the priority roll');
      await page.screenshot({ path: join(ctx.outputDir, 'play-round1.png') });
      assertEqual(errors.join('\n'), '', 'console errors');
    },
  },
  {
    name: 'play: the autosave and an uploaded saved game reload to the same state hash; undo',
    async run(ctx) {
      const { page, errors } = await openPlay(ctx);
      for (const a of [{ type: 'chooseFirstTurn', player: 'p1', first: 'p1' }, { type: 'endPhase', player: 'p1' }, { type: 'endPhase', player: 'p1' }, { type: 'run', player: 'p1', unitId: 'sce-vindictors' }]) {
        const r = await play<{ ok: boolean; reason?: string }>(page, `act(${JSON.stringify(a)})`);
        assert(r.ok, `action ${JSON.stringify(a)}: ${r.reason}`);
      }
      // The run rolled a die: undo is refused, with the reason.
      assert(await page.isDisabled('[data-testid=play-undo]'), 'undo disabled after a roll');
      const saved = await play<unknown>(page, 'save()');
      const hash = await play<string>(page, 'hash()');
      assertEqual(await text(page, '[data-testid=play-hash]'), `#${hash}`, 'hash shown');

      await page.reload({ waitUntil: 'domcontentloaded' });
      await ready(page);
      assertEqual(await play<string>(page, 'started().kind'), 'resumed', 'the autosave was resumed');
      assertEqual(await play<string>(page, 'hash()'), hash, 'same state hash after a reload');

      // One more action (no dice: undoable), then undo it, then one more, then upload the earlier save.
      const v = await play<number>(page, 'version()');
      await page.click('[data-testid=play-g-endPhase]');
      await page.waitForFunction((x) => window.__sightline!.play!.version() > x, v);
      assert(!(await page.isDisabled('[data-testid=play-undo]')), 'undo enabled after endPhase');
      await click(page, 'play-undo');
      assertEqual(await play<string>(page, 'hash()'), hash, 'undo restores the hash');
      await click(page, 'play-g-endPhase');
      assert((await play<string>(page, 'hash()')) !== hash, 'the game moved on');
      const file = join(ctx.outputDir, 'play-saved-game.json');
      writeFileSync(file, JSON.stringify(saved));
      await Promise.all([page.waitForEvent('load'), page.setInputFiles('[data-testid=play-load]', file)]);
      await ready(page);
      assertEqual(await play<string>(page, 'hash()'), hash, 'the uploaded saved game has the same state hash');
      assertEqual(errors.join('\n'), '', 'console errors');
    },
  },
];
