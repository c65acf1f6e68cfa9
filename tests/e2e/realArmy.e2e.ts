/**
 * Issue 28, "the Play screen with a real army" (items 7, 8, 9, 11), with the real Kruleboyz export
 * of tests/fixtures/rosters (`kb-001-all-units/list.ros`):
 * - the new-battle dialog reads it (and its .json export): the warnings point at the bases table,
 *   not `--bases`; the recently used armies list the army once; no React key error;
 * - a battle of it against the Skaven sample (set up automatically on the default battlefield, seed
 *   7) loaded in Play: "Leave Play" (not "Play") at the top right, the legend lists the game's
 *   armies (no "North 0 / South 0"), six distinct battle-tactic buttons;
 * - item 7: a unit picked up with the mouse and put back where it started, and a drag ended with
 *   Esc, send nothing (no move spent, the unit selected);
 * - item 8: a drag too far shows its label at once (red, with the allowance) and its drop is refused
 *   at once by the page, with the rule, the drag's ghosts gone;
 * - item 9: the refusal's label stays inside the view and goes with the next accepted move; the
 *   "moved" chips of three heroes 2" apart do not overlap;
 * - no `THREE.Clock` deprecation warning and no console error.
 */
import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { assert, assertEqual, clickPlay, frameShown, frames, playCall as play, playReady, reopenPlayBy, screenOf, tableViewPage, textOf as text, type E2ETest } from './harness';
import { KRULEBOYZ_LIST, realArmyBattle } from './rosterSetup';

type P2 = [number, number];
interface Unit {
  id: string;
  name: string;
  moved: boolean;
  aliveModelIds: string[];
}
interface Summary {
  phase: string | null;
  units: Unit[];
  board: { positions: Record<string, P2> };
}
interface Label {
  value: number | null;
  max: number | null;
  measured: boolean;
  bad: boolean;
  text: string;
}
interface Note {
  kind: string;
  text: string;
  rule?: string;
}

const LIST = KRULEBOYZ_LIST;

/** A model's centre as the page's table shows it. */
const centre = (page: Page, id: string) => page.evaluate(`window.__sightline.tools.modelCentre(${JSON.stringify(id)})`) as Promise<P2>;

export const tests: E2ETest[] = [
  {
    name: 'realArmy: Kruleboyz export in Play: put back / Esc cancel, a too-far drag labelled and refused at once, refusal label in view and cleared, chips stacked, tactics named, legend, dialog warnings and recent armies',
    async run(ctx) {
      // The battle, made in Node with the game worker's API: the Kruleboyz (p1, south) set up
      // automatically against the Skaven sample, p1 takes the first turn.
      // (tests/e2e/rosterSetup.ts: the export read, the battle started, p1 first: each asserted there.)
      const { api } = await realArmyBattle(ctx.root, LIST);
      const saved = join(ctx.outputDir, 'realArmy-start.json');
      writeFileSync(saved, JSON.stringify(api.save()));

      // The lane's default battlefield (harness `tableViewPage`); the page goes on to Play (a reload of ?play=1).
      const { page, errors, warnings } = await tableViewPage(ctx);
      // The new-battle dialog: the .ros, then the .json export of the same list.
      await page.click('[data-testid=btn-play][data-play=off]');
      await page.waitForSelector('[data-testid=battle-army-file-p1]:not([disabled])');
      for (const ext of ['ros', 'json']) {
        const file = join(ctx.outputDir, `realArmy-kb.${ext}`);
        copyFileSync(join(ctx.root, LIST, `list.${ext}`), file);
        await page.setInputFiles('[data-testid=battle-army-file-p1]', file);
        await page.waitForFunction((f) => document.querySelector('[data-testid=battle-warnings-p1] summary')?.textContent?.includes(f), `realArmy-kb.${ext}`, { timeout: 60_000 });
      }
      const warned = await text(page, '[data-testid=battle-warnings-p1] ul');
      assert(!warned.includes('--bases') && warned.includes('(set them in "Bases and heights" below)'), `the warnings point at the bases table: ${warned.slice(0, 200)}`);
      const recent = await page.$$eval('[data-testid=battle-army-p1] optgroup[label="Recently used armies"] option', (os) => os.map((o) => o.textContent ?? ''));
      const name = await text(page, '[data-testid=battle-army-name-p1]');
      assertEqual(recent.filter((r) => r.startsWith(`${name} — `)).length, 1, `the army is listed once among the recent armies (${recent.join(' | ')})`);
      await page.click('[data-testid=battle-cancel]');

      // Play, with the saved battle.
      await page.goto(`${ctx.baseUrl}?play=1`, { waitUntil: 'domcontentloaded' });
      await playReady(page);
      await reopenPlayBy(page, () => page.setInputFiles('[data-testid=play-load]', saved)); // Play reopens in place
      assertEqual(await text(page, '[data-testid=btn-play]'), 'Leave Play', 'the top-right button says it leaves Play');
      const legend = await text(page, '[data-testid=legend] ul');
      assert(!/North|South/.test(legend) && legend.includes(name), `the legend lists the game's armies: ${legend}`);
      // The options come from the game worker after Play is shown: the tactic buttons once they are there.
      await page.waitForSelector('[data-testid^=play-g-tactic-]');
      const tactics = await page.$$eval('[data-testid^=play-g-tactic-]', (bs) => bs.map((b) => b.textContent ?? ''));
      // Six battle tactic cards, Take Their Land once per terrain feature it may name (issue 35).
      const cards = new Set(tactics.map((t) => t.replace(/^Battle tactic: /, '').replace(/ \(.*$/, '').replace(/BattleTactics.*$/, '')));
      assertEqual(cards.size, 6, `six battle tactics (${tactics.join(' | ')})`);
      assert(tactics.filter((t) => t.includes('Take Their Land (')).length >= 1, `Take Their Land names its terrain feature (${tactics.join(' | ')})`);
      assertEqual(new Set(tactics).size, tactics.length, 'each named differently');
      assert(tactics.some((t) => t.includes('Take the Flanks')) && tactics.some((t) => t.includes('Seize the Centre')), `named as the rules name them: ${tactics.join(' | ')}`);
      await page.click('[data-testid=btn-top]');
      await frames(page);
      await clickPlay(page, 'play-g-endPhase');
      await clickPlay(page, 'play-g-endPhase');
      assertEqual((await play<Summary>(page, 'summary()')).phase, 'movement', 'the movement phase');

      // Item 7: the Gutrippaz picked up with the mouse, carried 3" and put back where they started.
      const s0 = await play<Summary>(page, 'summary()');
      const gut = s0.units.find((u) => u.id === 'gutrippaz')!;
      const g1 = gut.aliveModelIds[0];
      const from = await centre(page, g1);
      const press = await screenOf(page, [from[0], from[1], 1]);
      const away = await screenOf(page, [from[0], from[1] + 3, 0]);
      await page.mouse.move(press[0], press[1]);
      await page.mouse.down();
      await page.mouse.move(away[0], away[1], { steps: 6 });
      await page.mouse.move(press[0], press[1], { steps: 6 });
      await page.mouse.up();
      await page.waitForFunction(() => window.__sightline!.play!.note()?.text.startsWith('Put back where it started'));
      await page.waitForFunction(() => document.querySelector('[data-testid=play-unit]')?.textContent?.includes('Gutrippaz'));
      // Esc during a drag.
      await page.mouse.move(press[0], press[1]);
      await page.mouse.down();
      await page.mouse.move(away[0], away[1], { steps: 6 });
      await page.keyboard.press('Escape');
      await page.mouse.up();
      await page.waitForFunction(() => window.__sightline!.play!.note()?.text.startsWith('Move cancelled'));
      const s1 = await play<Summary>(page, 'summary()');
      assertEqual(s1.units.find((u) => u.id === 'gutrippaz')!.moved, false, 'no move spent');
      assert(!(await play<{ text: string }[]>(page, 'log()')).some((l) => l.text.includes('Gutrippaz') && /moves|Moved/.test(l.text)), 'no move in the log');
      const still = await centre(page, g1);
      assert(Math.hypot(still[0] - from[0], still[1] - from[1]) < 1e-9, 'the model stands where it was');

      // Item 8: the Beast-skewer Killbow (west edge) carried 10" west, past the table's edge: Move 5.
      const bow = s0.units.find((u) => u.id === 'beast-skewer-killbow')!.aliveModelIds[0];
      const [bx, by] = s0.board.positions[bow];
      const far: P2 = [bx - 10, by];
      const label = await play<Label>(page, `dragHold(${JSON.stringify(bow)}, ${JSON.stringify(far)})`);
      assertEqual(label.text, '≥ 10 / 5" — too far', 'the label: at least the straight line, with the allowance');
      assert(label.bad && !label.measured && label.max === 5, `red, not sent to the engine: ${JSON.stringify(label)}`);
      await page.waitForSelector('[data-testid=play-drag-allowance].bad', { state: 'attached' });
      assertEqual(await text(page, '[data-testid=play-drag-allowance]'), label.text, 'the label on the table');
      const versionBefore = await play<number>(page, 'version()');
      const refused = await play<Note>(page, 'dragRelease()');
      assert(refused?.kind === 'refused' && refused.rule === 'Core 14.1' && refused.text.includes('it would move at least 10.00" (the straight line) but this move allows 5"'), `refused at once by the page: ${JSON.stringify(refused)}`);
      assertEqual(await play<Label | null>(page, 'dragLabel()'), null, 'the drag (its label and ghosts) is over');
      assertEqual(await page.$('[data-testid=play-drag-allowance]'), null, 'no drag label left');
      assertEqual(await play<number>(page, 'version()'), versionBefore, 'nothing sent to the game');
      // Item 9: the refusal's chip on the table, inside the view.
      await page.waitForSelector('[data-testid=play-refused-at]');
      await frameShown(page);
      const box = (await page.$eval('[data-testid=play-refused-at]', (e) => {
        const r = e.getBoundingClientRect();
        return [r.left, r.top, r.right, r.bottom];
      })) as number[];
      const canvas = (await page.$eval('canvas', (e) => {
        const r = e.getBoundingClientRect();
        return [r.left, r.top, r.right, r.bottom];
      })) as number[];
      assert(box[0] >= canvas[0] && box[1] >= canvas[1] && box[2] <= canvas[2] && box[3] <= canvas[3], `the refusal's chip ${box.map(Math.round)} is inside the view ${canvas.map(Math.round)}`);
      await page.screenshot({ path: join(ctx.outputDir, 'realArmy-refused.png') });

      // Three heroes, each moved 1" (the first free direction; the automatic set-up may have put
      // terrain beside one): the refusal's chip goes with the next accepted move; the "moved"
      // chips do not overlap.
      const preferred = ['murknob-with-belcha-banna', 'swampcalla-shaman-with-pot-grot', 'killaboss-with-stab-grot-scourge-of-aqshy'];
      const heroes = [...preferred, ...s0.units.filter((u) => u.aliveModelIds.length === 1 && !preferred.includes(u.id) && u.id !== 'beast-skewer-killbow').map((u) => u.id)];
      const movedHeroes: string[] = [];
      for (const id of heroes) {
        if (movedHeroes.length === 3) break;
        const m = s0.units.find((u) => u.id === id)?.aliveModelIds[0];
        if (!m) continue;
        const [x, y] = s0.board.positions[m];
        for (const [dx, dy] of [[0, 1], [0, -1], [1, 0], [-1, 0]]) {
          const moved = await play<Note>(page, `drag(${JSON.stringify(m)}, [${x + dx}, ${y + dy}])`);
          if (moved?.kind !== 'ok') continue;
          movedHeroes.push(id);
          assertEqual(await page.$('[data-testid=play-refused-at]'), null, 'the refusal chip left with the next accepted move');
          break;
        }
      }
      assertEqual(movedHeroes.length, 3, `three heroes moved 1" (${movedHeroes.join(', ')})`);
      await frameShown(page);
      const chips = (await page.$$eval('[data-testid^=mark-state-]', (es) =>
        es.filter((e) => (e as HTMLElement).style.display !== 'none').map((e) => {
          const r = e.getBoundingClientRect();
          return { t: e.textContent ?? '', l: r.left, tp: r.top, r: r.right, b: r.bottom };
        }),
      )) as { t: string; l: number; tp: number; r: number; b: number }[];
      assert(chips.filter((c) => c.t.includes('moved')).length >= 3, `three "moved" chips: ${chips.map((c) => c.t).join(' | ')}`);
      for (let i = 0; i < chips.length; i++)
        for (let j = i + 1; j < chips.length; j++) {
          const [a, b] = [chips[i], chips[j]];
          assert(!(a.l < b.r - 0.5 && b.l < a.r - 0.5 && a.tp < b.b - 0.5 && b.tp < a.b - 0.5), `chips "${a.t}" and "${b.t}" overlap`);
        }
      await page.screenshot({ path: join(ctx.outputDir, 'realArmy-chips.png') });

      assertEqual(warnings.filter((w) => w.includes('Clock')).length, 0, 'no THREE.Clock deprecation warning');
      assertEqual(errors.join('\n'), '', 'console errors (a missing React key among them)');
    },
  },
];
