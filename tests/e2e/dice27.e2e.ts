/**
 * Dice on the battlefield (issue 27) and the Play dice panel (issue 28, item 6), in the browser:
 *
 * - a shooting attack in Play (the Judicators at the Clanrats) throws its dice onto the table; the
 *   faces read back from the drawn dice (their meshes' world orientation, `window.__sightlineDice`)
 *   equal the engine's rolls, group by group, for 3 seeds (one test each); the tray on the south
 *   edge shows them (read back from its drawn dice); with the first seed a real mouse drag while
 *   they roll is measured and answered by the engine; the third seed is "tray only" (no throw);
 * - the dice panel is docked beside the table by default (no point of the table's edge and no
 *   model under it), closes with ×, comes back, floats and is moved by its title bar.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { hotseatSetup, samplePlacement, sampleRosters, sampleTable } from '../../workers/gameSetup';
import { uploadGame } from './savedGame';
import { assert, assertEqual, clickPlay, frames, frameShown, freshPlayPage, offerToLoadInto, pageToLoadInto, playCall as play, screenOf, toolsCall, type E2EContext, type E2ETest } from './harness';

type Step = { label: string; purpose: string; dice: number[] };
type Rest = { seq: number; id: number; faces: number[][]; late: number; steps: number };
type Rect = { left: number; top: number; right: number; bottom: number };

const dice = <T>(page: Page, expr: string) => page.evaluate(`window.__sightlineDice.${expr}`) as Promise<T>;

/** The sample battle with the Clanrats 10" in front of the Judicators, in the open: p1 can shoot them in its first shooting phase. */
function shootingSetup(seed: number) {
  const pl = samplePlacement();
  const j = pl['sce-judicators-1'];
  Object.keys(pl)
    .filter((k) => k.startsWith('sk-clanrats'))
    .forEach((k, i) => (pl[k] = [j[0] - 6 + (i % 10) * 1.3, j[1] + 10 + Math.floor(i / 10) * 1.3]));
  return { ...hotseatSetup(seed), scenario: sampleTable(pl, sampleRosters()) };
}

/**
 * Opens Play on the saved game of `shootingSetup(seed)` in p1's shooting phase: on the lane's Play
 * page (`pageToLoadInto`: its storage wiped, no page boot), the game is loaded as a player's saved
 * file (`uploadGame`: Play reopens in place on it; the file becomes the autosave, and Play reports
 * it resumed, as it reports an autosave resumed on a page load). Until session 37 each test booted
 * its own page with the game in its autosave, written by an init script (8-9 CPU-s a boot).
 */
async function openShootingGame(ctx: E2EContext, seed: number): Promise<{ page: Page; errors: string[]; warnings: string[] }> {
  const actions = [{ type: 'chooseFirstTurn', player: 'p1', first: 'p1' }, ...Array.from({ length: 3 }, () => ({ type: 'endPhase', player: 'p1' }))];
  const { page, errors, warnings } = await pageToLoadInto(ctx);
  await uploadGame(ctx, page, shootingSetup(seed), actions, `dice27-shooting-${seed}.json`);
  assertEqual(await play<string>(page, 'started().kind'), 'resumed', `seed ${seed}: Play resumed the saved game`);
  // (The set-up's start is asserted in uploadGame.) The loaded game is the autosave now: a reload resumes it.
  assert(await page.evaluate(() => (localStorage.getItem('sightline.play.autosave') ?? '').includes('"chooseFirstTurn"')), `seed ${seed}: the loaded game is autosaved`);
  return { page, errors, warnings };
}

const rectOf = (page: Page, sel: string) => page.$eval(sel, (e) => { const r = e.getBoundingClientRect(); return { left: r.left, top: r.top, right: r.right, bottom: r.bottom }; }) as Promise<Rect>;
const inside = (r: Rect, [x, y]: [number, number]) => x >= r.left && x <= r.right && y >= r.top && y <= r.bottom;

/** Screen positions (CSS pixels) of table points under the live camera, in one call; fails for one off screen. */
async function onScreen(page: Page, pts: [number, number, number][]): Promise<[number, number][]> {
  const out = (await page.evaluate(`${JSON.stringify(pts)}.map((p) => window.__sightline.tools.project(p))`)) as ([number, number] | null)[];
  out.forEach((p, i) => assert(p, `table point ${JSON.stringify(pts[i])} is not on screen`));
  return out as [number, number][];
}

/** Points along the table's four edges (every 2"). */
function tableEdge(width: number, depth: number): [number, number, number][] {
  const pts: [number, number, number][] = [];
  for (let x = 0; x <= width; x += 2) pts.push([x, 0, 0], [x, depth, 0]);
  for (let y = 0; y <= depth; y += 2) pts.push([0, y, 0], [width, y, 0]);
  return pts;
}

/**
 * Seed `seed`'s shooting attack (the Judicators at the Clanrats) in the page: thrown onto the table
 * (or, `trayOnly`, straight into the tray); with `drag`, a model is dragged with the real mouse while
 * the dice roll. Checks the faces read back from the thrown dice, the tray's dice, the page's dice
 * hook and the panel's text against the engine's rolls.
 */
async function shootingThrow(ctx: E2EContext, seed: number, { drag = false, trayOnly = false } = {}): Promise<void> {
  const { page, errors, warnings } = await openShootingGame(ctx, seed);
  await dice<void>(page, `setMode(${JSON.stringify(trayOnly ? 'tray' : 'throw')})`);
  // A thrown throw is held where its dice are (the hook's `hold`) until the test has seen it on the
  // table (and, with `drag`, until the press has begun): the dice follow the wall clock and rest
  // about 1 s after they are let go, then go to the tray 1.2 s later, and on a loaded machine the
  // page calls between the pass and the first look at the dice can take longer than that. Two
  // clean-clone runs retried a seed for it: the dice had rested before the press (seed 5), and the
  // throw was over before the test looked (seed 11: its attack slays 14 models, so the page's
  // answer to the pass takes longest; the throw's number then read as null, a 120 s wait for
  // nothing; reproduced at load 37, failing the wait to see the throw start).
  const hold = !trayOnly;
  if (hold) await dice<void>(page, 'hold(true)');
  assertEqual((await play<{ phase: string }>(page, 'summary()')).phase, 'shooting', `seed ${seed}: the shooting phase`);
  await page.evaluate(`window.__sightline.play.selectUnit('sce-judicators')`);
  await page.waitForSelector('[data-testid=play-o-shoot-sk-clanrats]:not([disabled])');
  await clickPlay(page, 'play-o-shoot-sk-clanrats');
  await clickPlay(page, 'play-g-pass');
  const before = await dice<{ rolling: number | null; rows: number[] }>(page, 'state()');
  // With `drag`: the model's screen point is read before the throw, so the press follows the throw's
  // start at once (on an idle machine the dice rest about 1 s after they are thrown).
  const from = drag && !trayOnly ? (await toolsCall<[number, number]>(page, `modelCentre('sce-liberators-1')`))! : null;
  const pressAt = from ? await screenOf(page, [from[0], from[1], 1.2]) : null;
  await clickPlay(page, 'play-g-pass');
  const d = await play<{ throwId: number; steps: Step[] }>(page, 'dice()');
  assert(d.steps.length >= 2 && d.steps[0].label === 'Hit rolls', `seed ${seed}: the attack's dice steps: ${d.steps.map((s) => s.label).join(', ')}`);
  const engine = JSON.stringify(d.steps.map((s) => s.dice));
  const log = await play<{ seq: number; kind: string; dice?: number[] }[]>(page, 'log()');
  const lastSeq = Math.max(...log.map((l) => l.seq));
  assertEqual(engine, JSON.stringify(log.filter((l) => l.seq === lastSeq && l.kind === 'roll').map((l) => l.dice ?? [])), `seed ${seed}: the steps are the engine log's rolls`);

  if (!trayOnly) {
    // The throw is on the table (with `drag`, a model dragged with the real mouse meanwhile).
    // Held, the throw is awaited in its rolling phase (the dice on the table), and its number read
    // in the same call.
    const seq = (await (
      await page.waitForFunction(
        ([b, held]) => {
          const s = window.__sightlineDice!.state();
          return s.rolling !== null && s.rolling !== b && (!held || s.phase === 'rolling') ? s.rolling : null;
        },
        [before.rolling, hold] as const,
        { timeout: 30_000 },
      )
    ).jsonValue()) as number;
    if (drag && from && pressAt) {
      await page.mouse.move(...pressAt);
      const rollingAtPress = (await dice<{ rolling: number | null }>(page, 'state()')).rolling;
      const restedAtPress = (await dice<Rest | null>(page, 'lastThrown()'))?.seq === seq;
      await page.mouse.down();
      await dice<void>(page, 'hold(false)'); // the dice roll on while the drag goes on
      const to = await screenOf(page, [from[0], from[1] + 2, 0]);
      await page.mouse.move(to[0], to[1], { steps: 8 });
      await page.waitForSelector('[data-testid=play-drag-allowance]', { timeout: 30_000 });
      const label = (await page.textContent('[data-testid=play-drag-allowance]'))?.trim();
      const onTableAtRelease = (await dice<{ rolling: number | null }>(page, 'state()')).rolling === seq;
      await page.mouse.up();
      // The engine's answer to the drop (in the shooting phase: refused, with the rule).
      await page.waitForFunction(() => /refused|Moved/.test(document.querySelector('[data-testid=play-note]')?.textContent ?? ''), undefined, { timeout: 30_000 });
      const note = (await page.textContent('[data-testid=play-note]'))?.trim();
      console.log(`        seed ${seed}: drag while the dice rolled (pressed before they rested; ${onTableAtRelease ? 'still on the table' : 'in the tray'} at the release): label "${label}", the engine: "${note}"`);
      assert(rollingAtPress === seq && !restedAtPress, `seed ${seed}: the drag began while the dice were rolling`);
      assert(/\d \/ 5"/.test(label ?? '') && /refused|Moved/.test(note ?? ''), `the drag was measured and answered: ${label} / ${note}`);
    }
    // The dice rest on the faces the engine rolled, read back from the drawn dice.
    if (!drag) await dice<void>(page, 'hold(false)'); // seen on the table: let the dice roll
    // Until it rests or leaves the table without resting (a throw that cannot be played goes to the
    // tray with a console warning): the second fails at once, saying what the page reported.
    await page.waitForFunction((s) => window.__sightlineDice!.lastThrown()?.seq === s || window.__sightlineDice!.state().rolling !== s, seq, { timeout: 120_000 });
    const rest = await dice<Rest>(page, 'lastThrown()');
    assert(rest?.seq === seq, `seed ${seed}: throw ${seq} came to rest on the table (it left the table without resting; last rest ${JSON.stringify(rest)}, dice ${JSON.stringify(await dice<unknown>(page, 'state()'))}; page warnings: ${warnings.join('; ')})`);
    assertEqual(JSON.stringify(rest.faces), engine, `seed ${seed}: the faces read back from the dice on the table`);
    console.log(`        seed ${seed}: ${d.steps.map((s) => `${s.label} ${s.dice.join('')}`).join(' · ')}; rested after ${rest.steps} steps, ${rest.late} die turned late`);
    if (drag) {
      await frameShown(page);
      await page.screenshot({ path: join(ctx.outputDir, 'dice27-thrown.png') });
    }
  }
  // The tray on the table's edge shows them (newest row first).
  await page.waitForFunction((b) => { const t = window.__sightlineDice!.tray(); return t.length > 0 && !b.includes(t[0].seq) && window.__sightlineDice!.state().rolling === null; }, before.rows, { timeout: 60_000 });
  const tray = await dice<{ seq: number; faces: number[][] }[]>(page, 'tray()');
  assertEqual(JSON.stringify(tray[0].faces), engine, `seed ${seed}: the faces read back from the tray's dice`);
  // The page's dice hook (each step's faces read back) and the panel's text say the same.
  await page.waitForFunction(() => { const x = window.__sightline!.play!.dice(); return x.shown.length > 0 && x.shown.every((s) => s !== null); }, undefined, { timeout: 30_000 });
  assertEqual(JSON.stringify((await play<{ shown: number[][] }>(page, 'dice()')).shown), engine, `seed ${seed}: dice().shown`);
  const step0 = (await page.textContent('[data-testid=play-step-0]')) ?? '';
  assert(step0.includes('Hit rolls') && step0.includes(d.steps[0].dice.join('')), `seed ${seed}: the numbers readable as text: ${step0}`);
  await frameShown(page);
  await page.screenshot({ path: join(ctx.outputDir, `dice27-${trayOnly ? 'tray-only' : 'tray'}-${seed}.png`) });
  await dice<void>(page, `setMode('throw')`);
  assertEqual(errors.length, 0, `page errors: ${errors.join('; ')}`);
  // The page stays the lane's (pageToLoadInto), in Play mode, for the next test that loads a game.
}

export const tests: E2ETest[] = [
  {
    name: 'dice27: a shooting attack throws its dice onto the table; faces read back = engine rolls; the tray shows them; a drag while they roll works (seed 5)',
    run: (ctx) => shootingThrow(ctx, 5, { drag: true }),
  },
  {
    name: 'dice27: a shooting attack thrown onto the table; faces read back = engine rolls; the tray shows them (seed 11)',
    run: (ctx) => shootingThrow(ctx, 11),
  },
  {
    name: 'dice27: tray only (no throw): a shooting attack\'s dice go straight into the tray, faces = engine rolls (seed 23)',
    run: (ctx) => shootingThrow(ctx, 23, { trayOnly: true }),
  },
  {
    name: 'dice28: the Play dice panel is docked beside the table (never over its edge or a model), closes with ×, floats and moves',
    async run(ctx) {
      // No place kept for the panel (a fresh browser context, or the lane's Play page with its
      // storage wiped and a new game started in place: freshPlayPage), so the default applies.
      const opened = await freshPlayPage(ctx);
      const { page, errors } = opened;
      await page.waitForSelector('[data-testid=play-dice-panel][data-dock=left]');
      await frames(page);
      const size = (hotseatSetup().scenario as { battlefield: { width: number; depth: number } }).battlefield;
      const panel = await rectOf(page, '[data-testid=play-dice-panel]');
      const canvas = await rectOf(page, 'canvas');
      const edge = await onScreen(page, tableEdge(size.width, size.depth));
      const hidden = edge.filter((p) => inside(panel, p));
      assertEqual(hidden.length, 0, `points of the table's edge under the dice panel: ${JSON.stringify(hidden.slice(0, 4))}`);
      assert(panel.right <= canvas.left + 1, `the table is framed beside the docked panel (panel right ${panel.right}, canvas left ${canvas.left})`);
      // No model under the panel: each one on screen is the canvas's to click.
      const summary = await play<{ units: { aliveModelIds: string[] }[] }>(page, 'summary()');
      const ids = summary.units.flatMap((u) => u.aliveModelIds);
      const tops = (await page.evaluate(`${JSON.stringify(ids)}.map((id) => window.__sightline.tools.modelTop(id))`)) as [number, number, number][];
      (await onScreen(page, tops)).forEach((at, i) => assert(!inside(panel, at), `model ${ids[i]} is under the dice panel`));
      assert(ids.length > 50, `every model checked: ${ids.length}`);
      // Session 39, the left column (issue 35 item 4): a unit selected, its selection panel lies in
      // the column under the docked dice panel (which makes room), the info panel above it, all
      // three left of the canvas, which has not moved (no re-framing on a click); no model lies
      // under any of them.
      await page.click('[data-testid=play-panel] .play-units button >> nth=2'); // the Liberators (5 models)
      await page.waitForSelector('[data-testid=selection-panel]');
      await page.waitForFunction(() => {
        const d = document.querySelector('[data-testid=play-dice-panel]')!.getBoundingClientRect();
        const sel = document.querySelector('[data-testid=selection-panel]')!.getBoundingClientRect();
        return d.bottom <= sel.top;
      }, undefined, { timeout: 30_000 });
      const column = await Promise.all(['.info', '[data-testid=play-dice-panel]', '[data-testid=selection-panel]'].map((sel) => rectOf(page, sel)));
      const canvasNow = await rectOf(page, 'canvas');
      assertEqual(canvasNow.left, canvas.left, 'the canvas did not move when the selection panel opened');
      for (const [i, r] of column.entries()) assert(r.right <= canvasNow.left + 1, `panel ${i} of the left column lies left of the canvas: ${JSON.stringify(r)}, canvas ${JSON.stringify(canvasNow)}`);
      assert(column[0].bottom <= column[1].top && column[1].bottom <= column[2].top, `info, dice and selection panels stacked without overlap: ${JSON.stringify(column)}`);
      (await onScreen(page, tops)).forEach((at, i) => assert(!column.some((r) => inside(r, at)), `model ${ids[i]} is under a panel of the left column`));
      await page.keyboard.press('Escape');
      await page.waitForSelector('[data-testid=selection-panel]', { state: 'detached' });
      // × closes it; the Dice button brings it back. The column stays (the info and selection
      // panels' strip), so the table is not re-framed.
      await page.click('[data-testid=play-dice-close]');
      await page.waitForSelector('[data-testid=play-dice-panel]', { state: 'detached' });
      await page.waitForSelector('[data-testid=play-dice-open]');
      await frames(page);
      assertEqual((await rectOf(page, 'canvas')).left, canvas.left, 'the canvas stays beside the left column with the dice panel closed');
      await page.click('[data-testid=play-dice-open]');
      await page.waitForSelector('[data-testid=play-dice-panel][data-dock=left]');
      // Float it and move it by its title bar.
      await page.click('[data-testid=play-dice-float]');
      await page.waitForSelector('[data-testid=play-dice-panel][data-dock=float]');
      const a = await rectOf(page, '[data-testid=play-dice-head]');
      await page.mouse.move(a.left + 20, (a.top + a.bottom) / 2);
      await page.mouse.down();
      await page.mouse.move(a.left + 320, (a.top + a.bottom) / 2 + 150, { steps: 6 });
      await page.mouse.up();
      const b = await rectOf(page, '[data-testid=play-dice-panel]');
      assert(Math.abs(b.left - (a.left + 300)) < 25 && Math.abs(b.top - (a.top + 150)) < 25, `the panel moved with its title bar: ${JSON.stringify(a)} -> ${JSON.stringify(b)}`);
      await page.click('[data-testid=play-dice-dock]');
      await page.waitForSelector('[data-testid=play-dice-panel][data-dock=left]');
      assertEqual(errors.length, 0, `page errors: ${errors.join('; ')}`);
      await offerToLoadInto(ctx, opened); // the lane's next test that loads a game first uses it
    },
  },
];
