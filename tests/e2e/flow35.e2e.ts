/**
 * Issue 35, "a battle that flows", in the browser.
 *
 * `flow35: names` (item 1): the real Kruleboyz export (player 1) and the real Sons of Behemat export
 * (player 2, its ids prefixed `p2-`) read in the new-battle dialog and started with "Start the
 * battle" on the default battlefield; then a whole battle round played through the page (battle
 * tactics, every unit of the active player selected in each phase, a model hovered, a move
 * dragged and held, a drag too far and its refusal, a shot with the dice panel, every phase
 * ended to battle round 2). At every step every text the page shows (text, tooltips, labels,
 * panels: `idScan.ts`) is scanned for the game's ids and the engine's words; the battle log has
 * no line twice for one action.
 *
 * `flow35: whole unit` (item 2): the bench's 20 Clanrats north of the command tower (Move 10),
 * dragged as a unit 9.85" south: the dragged model's straight line is within its Move, but the
 * models of the tower's column must go round it, farther than 10". Before the drop the label
 * shows the worst model's figure and names it, and its ghost (with the others too far) is red;
 * the drop is refused at once with that same figure. Then a 2" move, and Ctrl+Z takes it back (item 5).
 */
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { towerSetup } from '../../src/cli/benchGame';
import { tests as flow35bTests } from './flow35b.e2e';
import { idsShown, shownTexts } from './idScan';
import { uploadGame } from './savedGame';
import { assert, assertEqual, frames, modelOnScreen, pageToLoadInto, playCall as play, playReady, tableViewPage, type E2EContext, type E2ETest, clickForNextState as click } from './harness';

type P2 = [number, number];
interface Unit {
  id: string;
  name: string;
  owner: 'p1' | 'p2';
  deployed: boolean;
  reserve: boolean;
  aliveModelIds: string[];
  move: number;
}
interface Summary {
  round: number;
  stage: string;
  phase: string | null;
  active: 'p1' | 'p2' | null;
  toAct: 'p1' | 'p2' | null;
  pendingAttack: { toReact: string } | null;
  pendingSpell: unknown;
  board: { positions: Record<string, P2>; removed: string[] };
  units: Unit[];
}

/** Copies a roster export of the shared corpus into the run's output folder. */
function rosterFile(ctx: E2EContext, list: string, as: string): string {
  const to = join(ctx.outputDir, as);
  copyFileSync(join(ctx.root, 'tests/fixtures/rosters/new-recruit', list, 'list.ros'), to);
  return to;
}

/** Every id of the game: units and models (alive and slain). */
function gameIds(s: Summary): Set<string> {
  const ids = new Set<string>();
  for (const u of s.units) {
    ids.add(u.id);
    for (const m of u.aliveModelIds) ids.add(m);
  }
  for (const m of Object.keys(s.board.positions)) ids.add(m);
  for (const m of s.board.removed) ids.add(m);
  return ids;
}

export const tests: E2ETest[] = [
  {
    name: 'flow35: names: every text the page shows over a whole battle round with two imported armies names things, never ids or engine words',
    async run(ctx) {
      // The lane's default battlefield (harness `tableViewPage`); it goes on to Play.
      const { page, errors } = await tableViewPage(ctx);
      const found: string[] = [];
      let ids = new Set<string>();
      const scan = async (step: string) => {
        const bad = idsShown(await shownTexts(page), ids);
        for (const b of bad) if (!found.some((f) => f.endsWith(b))) found.push(`[${step}] ${b}`);
      };

      // The new-battle dialog: both armies read from their files.
      await page.click('[data-testid=btn-play][data-play=off]');
      await page.waitForSelector('[data-testid=battle-army-file-p1]:not([disabled])');
      await page.setInputFiles('[data-testid=battle-army-file-p1]', rosterFile(ctx, 'kb-001-all-units', 'flow35-kb.ros'));
      await page.waitForFunction(() => document.querySelector('[data-testid=battle-warnings-p1] summary')?.textContent?.includes('flow35-kb.ros'), undefined, { timeout: 60_000 });
      await page.waitForSelector('[data-testid=battle-army-file-p2]:not([disabled])');
      await page.setInputFiles('[data-testid=battle-army-file-p2]', rosterFile(ctx, 'sob-001-all-units', 'flow35-sob.ros'));
      await page.waitForFunction(() => document.querySelector('[data-testid=battle-army-summary-p2]')?.textContent?.includes('Sons of Behemat'), undefined, { timeout: 60_000 });
      await page.evaluate(() => document.querySelectorAll('details').forEach((d) => ((d as HTMLDetailsElement).open = true)));
      await scan('dialog');
      // Play opens in place (no reload): the address gains ?play=1 when the battle has started.
      const loaded = page.waitForFunction(() => new URLSearchParams(location.search).get('play') === '1', undefined, { timeout: 180_000 }).then(() => '');
      await page.click('[data-testid=battle-start]:not([disabled])');
      const problems = page.waitForSelector('[data-testid=battle-problems]', { timeout: 180_000 }).then((e) => e.textContent());
      const refused = await Promise.race([loaded, problems]);
      assertEqual(refused, '', 'the battle starts');
      await playReady(page);
      let s = await play<Summary>(page, 'summary()');
      ids = gameIds(s);
      assert(s.units.some((u) => u.id.startsWith('p2-')), "player 2's ids carry the p2- prefix");
      await scan('started');
      await click(page, '[data-testid=play-g-firstTurn-p1]');
      await page.click('[data-testid=btn-top]');
      await frames(page);

      let tactic = false;
      let dragged = false;
      let shot = false;
      const steps: string[] = [];
      for (let guard = 0; guard < 40; guard++) {
        s = await play<Summary>(page, 'summary()');
        if (s.round >= 2 || s.stage !== 'turn') break;
        const step = `${s.active} ${s.phase}`;
        steps.push(`${step}${s.pendingAttack ? ' (attack)' : ''}${s.pendingSpell ? ' (spell)' : ''}`);
        await scan(step);
        // Reactions and spells waiting: the player to act passes.
        if (s.pendingAttack || s.pendingSpell) {
          if (await page.$('[data-testid=play-g-pass]:not([disabled])')) await click(page, '[data-testid=play-g-pass]');
          else break;
          continue;
        }
        // A battle tactic, once (player 1's turn: the first phase that offers one).
        if (!tactic && s.active === 'p1') {
          const b = await page.$('[data-testid^=play-g-tactic-]:not([disabled])');
          if (b) {
            await click(page, `[data-testid=${await b.getAttribute('data-testid')}]`);
            tactic = true;
            await scan(`${step} tactic`);
          }
        }
        // Every unit of the active player selected, its options shown.
        const mine = s.units.filter((u) => u.owner === s.active && u.aliveModelIds.length > 0 && u.deployed && !u.reserve);
        // Every unit in player 1's hero and movement phases; three in the others (the machine is slow).
        for (const u of s.active === 'p1' && (s.phase === 'hero' || s.phase === 'movement') ? mine : mine.slice(0, 3)) {
          await play(page, `selectUnit(${JSON.stringify(u.id)})`);
          await page.waitForFunction((id) => (window.__sightline!.play!.options() as { unitId?: string } | null)?.unitId === id, u.id, { timeout: 60_000 }).catch(() => undefined);
          await scan(`${step} ${u.name}`);
        }
        // A model hovered: the hover card.
        const someone = mine.find((u) => u.aliveModelIds.length > 1) ?? mine[0];
        if (someone) {
          const at = await modelOnScreen(page, someone.aliveModelIds[0]).catch(() => null);
          if (at) {
            await page.mouse.move(at[0], at[1]);
            await page.waitForSelector('[data-testid=hover-card]', { timeout: 5_000 }).catch(() => undefined);
            await scan(`${step} hover`);
            await page.mouse.move(5, 400);
          }
        }
        // Movement of player 1: a drag held (the live label), one too far (refused), one made.
        if (!dragged && s.active === 'p1' && s.phase === 'movement') {
          const unit = mine.filter((u) => u.aliveModelIds.length >= 5)[0];
          const m = unit.aliveModelIds[0];
          const [x, y] = s.board.positions[m];
          await play(page, `dragHold(${JSON.stringify(m)}, [${x}, ${y + unit.move + 3}])`);
          await scan(`${step} drag too far`);
          await play(page, 'dragRelease()');
          await scan(`${step} refused`);
          await play(page, `dragHold(${JSON.stringify(m)}, [${x}, ${y + 1}])`);
          await scan(`${step} drag`);
          await play(page, 'dragRelease()');
          await scan(`${step} dropped`);
          dragged = true;
        }
        // Shooting: the first unit with a shot available shoots.
        if (!shot && s.phase === 'shooting') {
          for (const u of mine) {
            await play(page, `selectUnit(${JSON.stringify(u.id)})`);
            await page.waitForFunction((id) => (window.__sightline!.play!.options() as { unitId?: string } | null)?.unitId === id, u.id, { timeout: 60_000 }).catch(() => undefined);
            const b = await page.$('button[data-testid^=play-o-shoot-]:not([disabled])');
            if (!b) continue;
            await click(page, `[data-testid=${await b.getAttribute('data-testid')}]`);
            shot = true;
            await scan(`${step} shot`);
            break;
          }
          continue;
        }
        await click(page, '[data-testid=play-g-endPhase]');
      }
      s = await play<Summary>(page, 'summary()');
      await scan('end');
      assertEqual(found.join('\n'), '', 'ids or engine words shown');
      assertEqual(s.round, 2, `the round was played to battle round 2 (${steps.join(' → ')}; ${await play<{ text: string } | null>(page, 'note()').then((n) => n?.text ?? '')})`);
      assert(tactic && dragged, `a battle tactic attempted (${tactic}) and a move dragged (${dragged})`);
      // No line twice for one action in the battle log.
      const log = await play<{ seq: number; text: string }[]>(page, 'log()');
      const twice = log.filter((l, i) => log.findIndex((k) => k.seq === l.seq && k.text === l.text) !== i);
      assertEqual(twice.map((l) => l.text).join(' | '), '', 'log lines said twice for one action');
      const tactics = log.filter((l) => /attempts/.test(l.text) && /battle tactic|Seize|Flanks|Land|Fronts|Entourage|Waver/.test(l.text));
      assert(tactics.length === 1, `one log line for the battle tactic attempted: ${tactics.map((l) => l.text).join(' | ')}`);
      assertEqual(errors.join('\n'), '', 'console errors');
    },
  },
  {
    name: 'flow35: whole unit: a drag whose column must go round the tower shows the worst model\'s figure and red ghosts before the drop, and the drop gets the same verdict',
    async run(ctx) {
      const { page, errors } = await pageToLoadInto(ctx); // its first step loads another game (harness: the lane's Play page)
      await uploadGame(ctx, page, towerSetup(), [], 'flow35-tower.json');
      await click(page, '[data-testid=play-g-firstTurn-p2]');
      await click(page, '[data-testid=play-g-endPhase]');
      await click(page, '[data-testid=play-g-endPhase]');
      const s0 = await play<Summary>(page, 'summary()');
      assertEqual(`${s0.active} ${s0.phase}`, 'p2 movement', "p2's movement phase");
      const ids = s0.units.find((u) => u.id === 'sk-clanrats')!.aliveModelIds;
      const first = ids[0];
      const [x, y] = s0.board.positions[first];
      const to: P2 = [x, Math.round((y - 9.85) * 1000) / 1000];
      const label = await play<{ value: number | null; max: number; bad: boolean; measured: boolean; badModels?: string[]; text: string }>(page, `dragHold('${first}', ${JSON.stringify(to)}, false)`);
      assert(label.measured && label.bad && label.value !== null && label.value > 10, `the unit's verdict before the drop: too far (${JSON.stringify(label)})`);
      const worst = label.badModels ?? [];
      assert(worst.length > 0 && !worst.includes(first), `the models too far are others than the one dragged: ${worst.join(', ')}`);
      assert(/^[\d.]+ \/ 10" — too far \(Clanrats \(model \d+\)\)$/.test(label.text), `the label shows the worst figure and names its model: ${label.text}`);
      await page.waitForFunction((t) => document.querySelector('[data-testid=play-drag-allowance]')?.textContent?.trim() === t, label.text, { timeout: 30_000 });
      await page.screenshot({ path: join(ctx.outputDir, 'flow35-whole-unit.png') });
      const v = await play<number>(page, 'version()');
      const note = await play<{ kind: string; text: string } | null>(page, 'dragRelease()');
      assert(note?.kind === 'refused' && note.text.includes(`it would move ${label.value!.toFixed(2)}" but this move allows 10"`) && /Clanrats \(model \d+\)/.test(note.text), `the same verdict at the drop: ${note?.text}`);
      assertEqual(await play<number>(page, 'version()'), v, 'nothing sent to the game');

      // Item 5: Ctrl+Z in Play undoes the game's last action (a move rolls no dice): 2" north, away from the tower.
      const ok = await play<{ kind: string; text: string } | null>(page, `drag('${first}', [${x}, ${Math.round((y + 2) * 1000) / 1000}], false)`);
      assertEqual(ok?.kind, 'ok', `a 2" move: ${ok?.text}`);
      const moved = await play<Summary>(page, 'summary()');
      assert(Math.abs(moved.board.positions[first][1] - (y + 2)) < 2e-3, 'moved 2" north');
      const v2 = await play<number>(page, 'version()');
      await page.mouse.move(640, 400);
      await page.keyboard.press('Control+z');
      await page.waitForFunction((n) => window.__sightline!.play!.version() > n, v2, { timeout: 60_000 });
      const back = await play<Summary>(page, 'summary()');
      assert(Math.abs(back.board.positions[first][1] - y) < 1e-6, `Ctrl+Z put the Clanrats back: ${back.board.positions[first]}`);
      assert(((await play<{ text: string } | null>(page, 'note()'))?.text ?? '').startsWith('Undid: '), 'the note says what was undone');
      assertEqual(errors.join('\n'), '', 'console errors');
    },
  },
  // Items 4 and 5 (flow35b.e2e.ts), in this suite.
  ...flow35bTests,
];
