/**
 * Issue 18 in the browser (`?play=1`), "moving is readable and fair" and "the table tells the state":
 * - models moved one at a time through the drag flow (each placed, then the unit's one move sent;
 *   the rest of the unit stays), the live
 *   allowance label ("4.2 / 5"") equal to the rules engine's own `movePath` answer (the game
 *   worker's), the move / run / charge rings while dragging;
 * - a refused drop names its model, the engine's reason and where;
 * - the selected unit's weapon ranges drawn; units that moved marked;
 * - the state chips ("in combat", "fought", "1 slain") and the wound marker (health left / health)
 *   on the table after an attack in combat (the engaged set-up, uploaded as a saved game).
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { engagedSetup } from '../../workers/gameSetup';
import { uploadGame } from './savedGame';
import { assert, assertEqual, frames, freshPlayPage, offerToLoadInto, pageToLoadInto, type E2EContext, type E2ETest, playCall as play, textOf as text } from './harness';

interface Unit {
  id: string;
  health: number;
  damage: number;
  alive: number;
  models: number;
  aliveModelIds: string[];
  slainPriority: string[];
  moved: boolean;
  inCombat: boolean;
  fought: boolean;
}
interface Summary {
  phase: string;
  pendingAttack: { toReact: string } | null;
  board: { positions: Record<string, [number, number]> };
  units: Unit[];
}
interface Label {
  value: number | null;
  max: number | null;
  text: string;
}



async function act(page: Page, a: unknown): Promise<void> {
  const r = await play<{ ok: boolean; reason?: string }>(page, `act(${JSON.stringify(a)})`);
  assert(r.ok, `action ${JSON.stringify(a)}: ${r.reason}`);
}

const in1 = (v: number) => String(Math.round(v * 10) / 10);

export const tests: E2ETest[] = [
  {
    name: 'play18b: one model moved by drag; live allowance = the engine movePath; move/run/charge rings; a refused drop names its model and where; weapon ranges',
    async run(ctx: E2EContext) {
      // A new default game: on the lane's Play page where it holds one (New game in place), else booted.
      const opened = await freshPlayPage(ctx);
      const { page, errors } = opened;
      await page.click('[data-testid=btn-top]');
      await frames(page);
      for (const a of [{ type: 'chooseFirstTurn', player: 'p1', first: 'p1' }, { type: 'endPhase', player: 'p1' }, { type: 'endPhase', player: 'p1' }]) await act(page, a);
      assertEqual((await play<Summary>(page, 'summary()')).phase, 'movement', 'movement phase');

      // The selected unit's weapon ranges on the table (Judicators: Skybolt Bow 18").
      await page.evaluate(`window.__sightline.play.selectUnit('sce-judicators')`);
      await page.waitForSelector('[data-testid=play-range-0]', { state: 'attached' });
      const rangeLabel = await text(page, '[data-testid=play-range-0]');
      assert(/\d+"/.test(rangeLabel), `a weapon range ring is labelled: ${rangeLabel}`);

      // "Drag moves one model": the button sets the mode.
      await page.click('[data-testid=play-move-one]');
      await page.waitForSelector('[data-testid=play-move-mode][data-one=true]');
      assertEqual(await play<boolean>(page, 'moveOne()'), true, 'one-model mode on');

      // Hold a Liberator 0.5" north: the live label is the engine's path length against Move 5".
      const s0 = await play<Summary>(page, 'summary()');
      const [x, y] = s0.board.positions['sce-liberators-1'];
      const to: [number, number] = [x, y + 0.5];
      const label = await play<Label>(page, `dragHold('sce-liberators-1', ${JSON.stringify(to)})`);
      const cost = await play<number | null>(page, `pathCost('sce-liberators-1', ${JSON.stringify([[x, y], to])})`);
      assert(cost !== null && label.value !== null, `both measured: label ${label.text}, engine ${cost}`);
      assert(Math.abs(label.value! - cost!) < 1e-6, `the live allowance ${label.value} = the rules engine's movePath ${cost}`);
      assertEqual(label.max, 5, 'the allowance is the Liberators\' Move');
      assertEqual(label.text, `${in1(cost!)} / 5"`, 'the label text');
      await page.waitForSelector('[data-testid=play-drag-allowance]', { state: 'attached' });
      assertEqual(await text(page, '[data-testid=play-drag-allowance]'), label.text, 'the label on the table');
      for (const r of ['move', 'run', 'charge']) await page.waitForSelector(`[data-testid=play-ring-${r}]`, { state: 'attached' });
      assertEqual(await text(page, '[data-testid=play-ring-move]'), 'move 5"', 'the move ring');
      assertEqual(await text(page, '[data-testid=play-ring-run]'), 'run ≤ 11"', 'the run ring before the roll');
      await page.screenshot({ path: join(ctx.outputDir, 'play18b-drag.png') });
      const placed = await play<{ kind: string; text: string }>(page, 'dragRelease()');
      assertEqual(placed?.kind, 'info', `the first model is placed: ${placed?.text}`);
      assert(placed!.text.includes('Liberators (model 1)') && placed!.text.includes(label.text), `the note names the model and its allowance: ${placed!.text}`);
      // A second model placed; the unit's move is sent with the button (one move action, two paths).
      const [x2, y2] = s0.board.positions['sce-liberators-2'];
      const placed2 = await play<{ kind: string; text: string }>(page, `drag('sce-liberators-2', [${x2}, ${y2 + 0.5}])`);
      assertEqual(placed2?.kind, 'info', `the second model is placed: ${placed2?.text}`);
      assertEqual(Object.keys((await play<{ paths: Record<string, unknown> }>(page, 'staged()')).paths).sort().join(','), 'sce-liberators-1,sce-liberators-2', 'two models placed');
      await page.waitForSelector('[data-testid=play-placed]');
      assert((await text(page, '[data-testid=play-placed]')).startsWith('2 of'), 'the panel says two models are placed');
      const v = await play<number>(page, 'version()');
      await page.click('[data-testid=play-move-placed]');
      await page.waitForFunction((x) => window.__sightline!.play!.version() > x, v);
      const note = await play<{ kind: string; text: string }>(page, 'note()');
      assertEqual(note?.kind, 'ok', `the one-at-a-time move: ${note?.text}`);
      const s1 = await play<Summary>(page, 'summary()');
      assert(Math.abs(s1.board.positions['sce-liberators-1'][1] - to[1]) < 1e-6 && Math.abs(s1.board.positions['sce-liberators-2'][1] - (y2 + 0.5)) < 1e-6, 'the two placed models moved');
      for (const id of ['sce-liberators-3', 'sce-liberators-4', 'sce-liberators-5'])
        assertEqual(JSON.stringify(s1.board.positions[id]), JSON.stringify(s0.board.positions[id]), `${id} stayed where it was`);
      assert(s1.units.find((u) => u.id === 'sce-liberators')!.moved, 'the summary says the unit moved');

      // A refused move: a Judicator placed alone 1" north, out of its unit's coherency.
      const [x3, y3] = s1.board.positions['sce-judicators-3'];
      await play(page, `drag('sce-judicators-3', [${x3}, ${y3 + 1}], true)`);
      const refused = await play<{ kind: string; text: string }>(page, 'commitStaged()');
      assertEqual(refused?.kind, 'refused', `the move is refused: ${refused?.text}`);
      assert(/Judicators \(model \d\) at \([\d.]+", [\d.]+"\): /.test(refused!.text), `the refusal names its model (issue 35: by name, not id) and where: ${refused!.text}`);
      const m = /\(model (\d)\) at/.exec(refused!.text)!;
      if (refused!.text.includes('(model 3)')) assert(refused!.text.includes(`at (${in1(x3)}", ${in1(y3 + 1)}")`), `where: ${refused!.text}`);
      console.log(`        ${refused!.text} [${m[1]}]`);
      await page.waitForSelector('[data-testid=play-refused-at]', { state: 'attached' });
      const shown = await text(page, '[data-testid=play-note]');
      assert(shown.includes(refused!.text.slice(0, 40)), `the note shown: ${shown}`);
      assertEqual(errors.join('\n'), '', 'console errors');
      await offerToLoadInto(ctx, opened); // the next test that loads a game first uses it
    },
  },
  {
    name: 'play18b: after an attack in combat the table shows it: in combat, fought, slain and the wound marker, as the summary says',
    async run(ctx: E2EContext) {
      const { page, errors } = await pageToLoadInto(ctx); // its first step reloads the page
      // The engaged set-up in p1's combat phase, uploaded as a player's saved game.
      await uploadGame(ctx, page, engagedSetup(7), [{ type: 'chooseFirstTurn', player: 'p1', first: 'p1' }, ...Array.from({ length: 5 }, () => ({ type: 'endPhase', player: 'p1' }))], 'play18b-combat.json');
      assertEqual((await play<Summary>(page, 'summary()')).phase, 'combat', 'the combat phase');
      await page.click('[data-testid=btn-top]');
      await frames(page);
      assert((await play<Summary>(page, 'summary()')).units.find((u) => u.id === 'sk-ratogors')!.inCombat, 'the Rat Ogors are in combat');

      // The Liberators fight the Rat Ogors; every reactions window passed.
      await act(page, { type: 'fight', player: 'p1', unitId: 'sce-liberators', target: 'sk-ratogors' });
      for (let i = 0; i < 4; i++) {
        const s = await play<Summary>(page, 'summary()');
        if (!s.pendingAttack) break;
        await act(page, { type: 'pass', player: s.pendingAttack.toReact });
      }
      const s = await play<Summary>(page, 'summary()');
      const ogors = s.units.find((u) => u.id === 'sk-ratogors')!;
      assert(ogors.damage > 0 || ogors.alive < ogors.models, `the attack hurt the Rat Ogors (seed 7): damage ${ogors.damage}, alive ${ogors.alive}/${ogors.models}`);
      const wounded = ogors.slainPriority[0] ?? ogors.aliveModelIds[ogors.aliveModelIds.length - 1];
      for (const id of ogors.aliveModelIds) assert(id === wounded || ogors.damage >= 0, `${id}`);
      const libs = s.units.find((u) => u.id === 'sce-liberators')!;
      assert(libs.inCombat && libs.fought, 'the Liberators are in combat and fought');
      // On the table (issue 18): the state chips and the wound marker, from the same summary.
      await page.waitForSelector('[data-testid=mark-state-sk-ratogors]', { state: 'attached' });
      const ogorChip = await text(page, '[data-testid=mark-state-sk-ratogors]');
      assert(ogorChip.includes('in combat'), `the Rat Ogors' chip says in combat: ${ogorChip}`);
      const slain = ogors.models - ogors.alive;
      if (slain > 0) assert(ogorChip.includes(`${slain} slain`), `the chip counts the slain: ${ogorChip}`);
      const libChip = await text(page, '[data-testid=mark-state-sce-liberators]');
      assert(libChip.includes('in combat') && libChip.includes('fought'), `the Liberators' chip: ${libChip}`);
      if (ogors.damage > 0) {
        const w = await page.$$eval('[data-testid^=mark-wounds-]', (els) => els.map((e) => ({ id: e.getAttribute('data-testid'), damage: e.getAttribute('data-damage'), text: e.textContent })));
        const mine = w.filter((x) => x.id!.startsWith('mark-wounds-sk-ratogors'));
        assertEqual(mine.length, 1, `one wound marker on the Rat Ogors: ${JSON.stringify(w)}`);
        assertEqual(mine[0].damage, String(ogors.damage), 'the marker carries the damage');
        assertEqual(mine[0].text, `♥ ${ogors.health - ogors.damage}/${ogors.health}`, 'health left / health');
      }
      await frames(page);
      await page.screenshot({ path: join(ctx.outputDir, 'play18b-wounds.png') });
      assertEqual(errors.join('\n'), '', 'console errors');
    },
  },
];
