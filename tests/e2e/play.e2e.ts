/**
 * Play mode end to end (`?play=1`): a scripted hot-seat battle round 1 driven through the page
 * (button clicks, a real mouse drag, and the `window.__sightline.play` hook), the victory points
 * the engine computed shown on the page; the autosave and an uploaded saved game reload to the
 * same state hash; an illegal move is refused with the engine's reason; a pile-in made by dragging
 * (an illegal one refused with the engine's reason, a legal one accepted); the 3D dice tray settles
 * on the engine's dice of every step of the attack; a replay stepped backwards (and jumped) reaches
 * the same state hashes as the forward replay; a crashed game worker is restarted with the game;
 * a unit in reserve is set up by dragging it in, in its player's movement phase.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { engagedSetup, hotseatSetup } from '../../workers/gameSetup';
import { uploadGame } from './savedGame';
import { assert, assertEqual, clickPlay as click, frames, freshPlayPage, offerToLoadInto, pageToLoadInto, reopenPlayBy, screenOf, type E2ETest, playReady as ready, playCall as play, textOf as text } from './harness';

type Summary = {
  round: number;
  stage: string;
  phase: string | null;
  vp: { p1: number; p2: number };
  armies: { p1: string; p2: string };
  objectives: Record<string, string | null>;
  hash: string;
  actions: number;
  pendingAttack: { unitId: string } | null;
  replay: { index: number; total: number } | null;
  board: { positions: Record<string, [number, number]>; removed: string[] };
};
type Step = { label: string; dice: number[]; target?: string; outcome: string; seq: number };
type Line = { seq: number; kind: string; dice?: number[]; text: string };





/** Waits until every dice step of the last roll rests in the tray (faces read back from the dice). */
async function diceSettled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const d = window.__sightline!.play!.dice();
      return d.shown.length > 0 && d.shown.every((x) => x !== null);
    },
    undefined,
    { timeout: 120_000 },
  );
}


export const tests: E2ETest[] = [
  {
    name: 'play: hot-seat battle round 1 through the UI; VP shown; illegal drag refused with the engine reason',
    async run(ctx) {
      const opened = await freshPlayPage(ctx); // a new game in place on the lane's kept Play page (booted if none)
      const { page, errors } = opened;
      assertEqual(await play<string>(page, 'started().kind'), 'new', 'a fresh page starts a new game');
      await page.click('[data-testid=btn-top]');
      await frames(page);
      await click(page, 'play-g-firstTurn-p1');
      await click(page, 'play-g-endPhase'); // start of turn -> hero
      await click(page, 'play-g-endPhase'); // hero -> movement
      assert((await text(page, '[data-testid=play-phase]')).includes('Movement phase'), 'movement phase shown');

      // The selected unit's options: Charge greyed out with the engine's reason.
      await page.evaluate(`window.__sightline.play.selectUnit('sce-judicators')`);
      // Folded away with what the unit cannot do now: open the fold, then read the reason.
      await page.click('[data-testid=play-options-more] > summary');
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
      assert(log.includes(`${s.armies.p1} scores 1 VP`) && log.includes('Priority roll'), `the battle log shows scoring (by army name) and the priority roll`);
      assert(!/(?<![\w-])p[12](?![\w-])/.test(log), 'the log names the armies, not p1 / p2');
      await page.screenshot({ path: join(ctx.outputDir, 'play-round1.png') });
      assertEqual(errors.join('\n'), '', 'console errors');
      await offerToLoadInto(ctx, opened); // the next test that loads a game first uses it
    },
  },
  {
    name: 'play: the autosave and an uploaded saved game reload to the same state hash; undo',
    async run(ctx) {
      const opened = await freshPlayPage(ctx); // a new game in place on the lane's kept Play page (booted if none)
      const { page, errors } = opened;
      for (const a of [{ type: 'chooseFirstTurn', player: 'p1', first: 'p1' }, { type: 'endPhase', player: 'p1' }, { type: 'endPhase', player: 'p1' }, { type: 'run', player: 'p1', unitId: 'sce-vindictors' }]) {
        const r = await play<{ ok: boolean; reason?: string }>(page, `act(${JSON.stringify(a)})`);
        assert(r.ok, `action ${JSON.stringify(a)}: ${r.reason}`);
      }
      // The run rolled a die: undo is refused, with the reason. The tray shows the die (wait until it
      // rests: a reload while the physics chunk is still loading would abort its request).
      assert(await page.isDisabled('[data-testid=play-undo]'), 'undo disabled after a roll');
      await diceSettled(page);
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
      await reopenPlayBy(page, () => page.setInputFiles('[data-testid=play-load]', file)); // Play reopens in place
      assertEqual(await play<string>(page, 'hash()'), hash, 'the uploaded saved game has the same state hash');
      assertEqual(errors.join('\n'), '', 'console errors');
      await offerToLoadInto(ctx, opened); // the next test that loads a game first uses it
    },
  },
  {
    name: 'play: pile-in by drag (illegal refused with the engine reason); the dice tray shows the engine dice step by step; replay backwards = forwards',
    async run(ctx) {
      const { page, errors } = await pageToLoadInto(ctx); // its first step reloads the page
      // A game in p1's combat phase with the Rat Ogors in combat with the Liberators: the saved
      // game uploaded like a player's file.
      await uploadGame(ctx, page, engagedSetup(7), [{ type: 'chooseFirstTurn', player: 'p1', first: 'p1' }, ...Array.from({ length: 5 }, () => ({ type: 'endPhase', player: 'p1' }))], 'play-combat-game.json');
      assertEqual((await play<Summary>(page, 'summary()')).phase, 'combat', 'the uploaded game is in the combat phase');
      await page.click('[data-testid=btn-top]');
      await frames(page);

      // p2 chooses which Rat Ogor is slain first (Core 18.3) in the panel.
      await page.evaluate(`window.__sightline.play.selectUnit('sk-ratogors')`);
      await page.waitForSelector('[data-testid=play-slain-sk-ratogors-2]');
      await page.click('[data-testid=play-slain-sk-ratogors-2]');
      await page.waitForSelector('[data-testid=play-slain-sk-ratogors-2][aria-pressed=true]');
      const chosen = await play<{ units: { id: string; slainPriority: string[] }[] }>(page, 'summary()');
      assertEqual(JSON.stringify(chosen.units.find((u) => u.id === 'sk-ratogors')?.slainPriority), '["sk-ratogors-2"]', 'the casualty order chosen in the panel');

      // The pile-in is offered as a drag.
      await page.evaluate(`window.__sightline.play.selectUnit('sce-liberators')`);
      await page.waitForSelector('[data-testid=play-o-pileIn-sk-ratogors]');
      assert((await text(page, '[data-testid=play-o-pileIn-sk-ratogors]')).includes('Pile in (drag'), 'pile-in offered as a drag');

      // An illegal pile-in by a real mouse drag: 1" away from the Rat Ogors.
      const from = (await page.evaluate(`window.__sightline.tools.modelCentre('sce-liberators-1')`)) as [number, number];
      const hashBefore = await play<string>(page, 'hash()');
      await page.mouse.move(...(await screenOf(page, [from[0], from[1], 1.2])));
      await page.mouse.down();
      const to = await screenOf(page, [from[0], from[1] - 1, 0]);
      await page.mouse.move(to[0], to[1], { steps: 10 });
      await page.mouse.up();
      await page.waitForSelector('[data-testid=play-note][data-kind=refused]');
      const refused = await text(page, '[data-testid=play-note]');
      assert(refused.includes('Pile-in refused') && /Core 15\.\d/.test(refused), `the pile-in refusal shows the engine's reason and rule: ${refused}`);
      console.log(`        ${refused}`);
      assertEqual(await play<string>(page, 'hash()'), hashBefore, 'the refused pile-in changed nothing');

      // A legal pile-in (the drag flow through the hook): 0.5" toward the Rat Ogors; the Fight is declared.
      const note = await play<{ kind: string; text: string }>(page, `drag('sce-liberators-1', [${from[0]}, ${from[1] + 0.5}])`);
      assertEqual(note?.kind, 'ok', `the pile-in: ${note?.text}`);
      const s1 = await play<Summary>(page, 'summary()');
      assertEqual(s1.pendingAttack?.unitId, 'sce-liberators', 'the Fight was declared (reactions window open)');
      const moved = (await page.evaluate(`window.__sightline.tools.modelCentre('sce-liberators-3')`)) as [number, number];
      assert(Math.abs(moved[1] - (from[1] + 0.5)) < 1e-6, `the whole unit piled in on the table: ${moved}`);

      // Both players pass: the attacks resolve; the tray throws every step and settles on the engine's dice.
      await click(page, 'play-g-pass');
      const longTasks = page.evaluate(`new Promise((resolve) => { const out = []; const o = new PerformanceObserver((l) => { for (const e of l.getEntries()) out.push(Math.round(e.duration)); }); o.observe({ type: 'longtask' }); window.__playLongTasks = () => { o.disconnect(); return out; }; resolve(); })`);
      await longTasks;
      await click(page, 'play-g-pass');
      const dice = await play<{ throwId: number; steps: Step[] }>(page, 'dice()');
      assert(dice.steps.length >= 2 && dice.steps[0].label === 'Hit rolls', `the attack's dice steps: ${dice.steps.map((x) => x.label).join(', ')}`);
      await diceSettled(page);
      const settled = await play<{ steps: Step[]; shown: number[][] }>(page, 'dice()');
      const log = await play<Line[]>(page, 'log()');
      const lastSeq = Math.max(...log.map((l) => l.seq));
      const logged = log.filter((l) => l.seq === lastSeq && l.kind === 'roll').map((l) => l.dice ?? []);
      assertEqual(JSON.stringify(settled.steps.map((x) => x.dice)), JSON.stringify(logged), 'the dice steps are the engine log\'s rolls');
      assertEqual(JSON.stringify(settled.shown), JSON.stringify(logged), 'the tray\'s dice settled showing the engine\'s values, step by step');
      // Whatever the dice slew among the Rat Ogors, the chosen one went first.
      const removed = (await play<Summary>(page, 'summary()')).board.removed.filter((id) => id.startsWith('sk-ratogors'));
      assert(removed.length === 0 || removed.includes('sk-ratogors-2'), `the chosen Rat Ogor is slain first: ${removed.join(', ')}`);
      const step0 = await text(page, '[data-testid=play-step-0]');
      assert(step0.includes('Hit rolls') && step0.includes(`needs ${settled.steps[0].target}`) && step0.includes(settled.steps[0].outcome), `step 1 readable: ${step0}`);
      const lt = (await page.evaluate('window.__playLongTasks()')) as number[];
      console.log(`        main-thread long tasks while the dice rolled (software WebGL): ${lt.length ? `${lt.length}, longest ${Math.max(...lt)} ms` : 'none'}`);
      await frames(page);
      await page.screenshot({ path: join(ctx.outputDir, 'play-dice.png') });

      // A crashed game worker is restarted with the game: same hash, the game goes on.
      const hashNow = await play<string>(page, 'hash()');
      await page.evaluate('window.__sightline.play.crashWorker()');
      assertEqual(await play<string>(page, 'hash()'), hashNow, 'the restarted game worker holds the same game');
      assert((await text(page, '[data-testid=play-note]')).includes('was restarted: the game was restored'), 'the restart is shown');
      const next = await play<{ ok: boolean; reason?: string }>(page, `act(${JSON.stringify({ type: 'fight', player: 'p2', unitId: 'sk-ratogors', target: 'sce-liberators' })})`);
      assert(next.ok, `the game goes on after the restart (p2 picks the Rat Ogors to fight): ${next.reason}`);

      // Replay: forwards step by step (hashes), then backwards and a jump reach the same hashes.
      const game = await play<{ actions: unknown[] }>(page, 'save()');
      const replayFile = join(ctx.outputDir, 'play-combat-replay.json');
      writeFileSync(replayFile, JSON.stringify(game));
      await reopenPlayBy(page, () => page.setInputFiles('[data-testid=play-replay]', replayFile)); // Play reopens in place
      const n = game.actions.length;
      assertEqual(JSON.stringify((await play<Summary>(page, 'summary()')).replay), JSON.stringify({ index: 0, total: n }), 'the replay opens at its start');
      const forward = [await play<string>(page, 'hash()')];
      for (let i = 1; i <= n; i++) {
        assert(await play<boolean>(page, 'replayStep()'), `replay step ${i}`);
        forward.push(await play<string>(page, 'hash()'));
      }
      const modelsAtEnd = (await play<Summary>(page, 'summary()')).board.positions;
      // Back to step 6: before the Liberators' Fight (the pile-in) and the attacks.
      for (let i = n - 1; i >= 6; i--) {
        await click(page, 'play-replay-back');
        assertEqual(await text(page, '[data-testid=play-replay-index]'), String(i), `replay back to step ${i}`);
        assertEqual(await play<string>(page, 'hash()'), forward[i], `step ${i} backwards has the forward hash`);
        assertEqual(await text(page, '[data-testid=play-hash]'), `#${forward[i]}`, `step ${i}: hash shown`);
      }
      // Every model the game has on the battlefield is on the table again (slain ones came back).
      const s6 = await play<Summary>(page, 'summary()');
      const onTable = (await page.evaluate(`Object.keys(${JSON.stringify(s6.board.positions)}).filter((id) => window.__sightline.tools.modelCentre(id) !== null).length`)) as number;
      assertEqual(onTable, Object.keys(s6.board.positions).length, `models on the table at step 6 (${Object.keys(modelsAtEnd).length} at the end)`);
      const lib = (await page.evaluate(`window.__sightline.tools.modelCentre('sce-liberators-1')`)) as [number, number];
      assertEqual(JSON.stringify(lib), JSON.stringify(s6.board.positions['sce-liberators-1']), 'the Liberators stand where they stood before the pile-in');
      await page.fill('[data-testid=play-replay-to]', '2');
      await click(page, 'play-replay-go');
      assertEqual(await play<string>(page, 'hash()'), forward[2], 'a jump back to step 2 has the forward hash');
      await page.fill('[data-testid=play-replay-to]', String(n));
      await click(page, 'play-replay-go');
      assertEqual(await play<string>(page, 'hash()'), forward[n], 'a jump forward to the end has the forward hash');
      assertEqual(errors.join('\n'), '', 'console errors');
    },
  },
  {
    name: 'play: target picking on the table (the target tool): Esc cancels; a click on an enemy model the unit may fight declares the Fight',
    async run(ctx) {
      const { page, errors } = await pageToLoadInto(ctx); // its first step reloads the page
      // p1's combat phase, the Liberators in combat with the Rat Ogors (as the pile-in test).
      await uploadGame(ctx, page, engagedSetup(7), [{ type: 'chooseFirstTurn', player: 'p1', first: 'p1' }, ...Array.from({ length: 5 }, () => ({ type: 'endPhase', player: 'p1' }))], 'play-target-game.json');
      await page.click('[data-testid=btn-top]');
      await frames(page);
      await page.evaluate(`window.__sightline.play.selectUnit('sce-liberators')`);
      await page.waitForFunction(() => {
        const o = window.__sightline!.play!.options();
        return !!o && o.ok && o.unitId === 'sce-liberators' && o.entries.some((e) => e.group === 'fight' && e.target === 'sk-ratogors' && e.available);
      });
      // Start picking, then Esc: the picking ends, nothing sent.
      await page.click('[data-testid=play-target][aria-pressed=false]');
      await page.waitForSelector('[data-testid=play-target][aria-pressed=true]');
      const before = await play<number>(page, 'version()');
      await page.keyboard.press('Escape');
      await page.waitForSelector('[data-testid=play-target][aria-pressed=false]', { timeout: 10_000 }).catch(() => {
        throw new Error('Esc did not end the target picking');
      });
      assertEqual(await play<number>(page, 'version()'), before, 'Esc sent nothing');
      // Pick again and click a Rat Ogor on the table: the option "Fight → Rat Ogors" is taken.
      await page.click('[data-testid=play-target][aria-pressed=false]');
      await page.waitForSelector('[data-testid=play-target][aria-pressed=true]');
      const ogor = (await page.evaluate(`window.__sightline.tools.modelCentre('sk-ratogors-1')`)) as [number, number];
      await page.mouse.click(...(await screenOf(page, [ogor[0], ogor[1], 1.5])));
      await page.waitForFunction((v) => window.__sightline!.play!.version() > v, before);
      const s = await play<Summary>(page, 'summary()');
      assertEqual(s.pendingAttack?.unitId, 'sce-liberators', 'the Fight was declared by the pick (reactions window open)');
      const last = (await play<{ type: string; target?: string }[]>(page, 'save().then((g) => g.actions.slice(-1))'))[0];
      assertEqual(JSON.stringify([last.type, last.target]), JSON.stringify(['fight', 'sk-ratogors']), 'the action sent is the option picked');
      // Accepted: the picking is over.
      await page.waitForSelector('[data-testid=play-target][aria-pressed=false]', { timeout: 10_000 }).catch(() => {
        throw new Error('the accepted pick did not end the target picking');
      });
      assertEqual(errors.join('\n'), '', 'console errors');
    },
  },
  {
    name: 'play: deployment phase — units placed by dragging within friendly territory, engine checks, players alternate',
    async run(ctx) {
      const { page, errors } = await pageToLoadInto(ctx); // its first step reloads the page
      await page.click('[data-testid=play-new-deploy]'); // asks first (issue 18)
      await reopenPlayBy(page, () => page.click('[data-testid=play-confirm-new-ok]')); // Play reopens in place
      const s0 = await play<Summary & { deployment: { toDeploy: string; step: string } | null; units: { id: string; deployed: boolean }[] }>(page, 'summary()');
      assertEqual(s0.stage, 'deployment', 'a new game with deployment starts in the deployment phase');
      assertEqual(s0.deployment?.toDeploy, 'p1', 'p1 begins deployment');
      assert(s0.units.every((u) => !u.deployed), 'every unit starts undeployed');
      assert((await text(page, '[data-testid=play-phase]')).includes('Deployment'), 'the deployment phase is shown');

      // p1 drags the Liberators out of their territory: refused with the engine's reason.
      const lib = (await page.evaluate(`window.__sightline.tools.modelCentre('sce-liberators-1')`)) as [number, number];
      const out = await play<{ kind: string; text: string }>(page, `drag('sce-liberators-1', [${lib[0]}, ${lib[1] + 4}])`);
      assert(out?.kind === 'refused' && out.text.includes('not wholly within friendly territory'), `deployment outside the territory refused: ${out?.text}`);
      assert((await text(page, '[data-testid=play-note]')).includes('Core 10.1'), 'the refusal shows the rule');
      // …and within it: accepted; p2 deploys next.
      const ok = await play<{ kind: string; text: string }>(page, `drag('sce-liberators-1', [${lib[0]}, ${lib[1] - 1}])`);
      assertEqual(ok?.kind, 'ok', `deployment within the territory: ${ok?.text}`);
      const placed = (await page.evaluate(`window.__sightline.tools.modelCentre('sce-liberators-2')`)) as [number, number];
      const s1 = await play<Summary & { deployment: { toDeploy: string } | null }>(page, 'summary()');
      assertEqual(JSON.stringify(placed), JSON.stringify(s1.board.positions['sce-liberators-2']), 'the unit stands where the engine deployed it');
      assertEqual(s1.deployment?.toDeploy, 'p2', 'the players alternate: p2 deploys next');
      assertEqual(await page.getAttribute('[data-testid=play-to-deploy]', 'data-player'), 'p2', 'shown: p2 deploys next');
      // p1 may not deploy now (the engine's order).
      const vin = (await page.evaluate(`window.__sightline.tools.modelCentre('sce-vindictors-1')`)) as [number, number];
      const early = await play<{ kind: string; text: string }>(page, `drag('sce-vindictors-1', [${vin[0]}, ${vin[1] - 1}])`);
      assert(early?.kind === 'refused' && early.text.includes('p2 uses the next DEPLOY ability'), `out of turn: ${early?.text}`);
      // p2 deploys the Rat Ogors by dragging, then both finish; the units never deployed leave the table.
      const rat = (await page.evaluate(`window.__sightline.tools.modelCentre('sk-ratogors-1')`)) as [number, number];
      const p2 = await play<{ kind: string; text: string }>(page, `drag('sk-ratogors-1', [${rat[0]}, ${rat[1] + 1}])`);
      assertEqual(p2?.kind, 'ok', `p2's deployment: ${p2?.text}`);
      assertEqual((await play<Summary & { deployment: { toDeploy: string } | null }>(page, 'summary()')).deployment?.toDeploy, 'p1', 'p1 again');
      await click(page, 'play-g-endDeployment'); // p1 finishes (first)
      await click(page, 'play-g-endDeployment'); // p2 finishes
      const s2 = await play<Summary & { decider: string }>(page, 'summary()');
      assertEqual(s2.stage, 'firstTurn', 'the deployment phase ended');
      assertEqual(s2.decider, 'p1', 'p1 finished deploying first and chooses who goes first (Core 12.0)');
      assertEqual((await page.evaluate(`window.__sightline.tools.modelCentre('sce-vindictors-1')`)) as unknown, null, 'an undeployed unit is off the table');
      assert((await page.evaluate(`window.__sightline.tools.modelCentre('sk-ratogors-2')`)) !== null, 'a deployed unit stays');
      await page.waitForSelector('[data-testid=play-g-firstTurn-p1]:not([disabled])');
      await page.screenshot({ path: join(ctx.outputDir, 'play-deployed.png') });
      assertEqual(errors.join('\n'), '', 'console errors');
    },
  },
  {
    name: 'play: a unit in reserve (uploaded saved game) is off the table until p1\'s movement phase, then set up by dragging it in (engine-checked)',
    async run(ctx) {
      const { page, errors } = await pageToLoadInto(ctx); // its first step reloads the page
      // A saved game with the Liberators in reserve, in p1's hero phase of battle round 1.
      await uploadGame(ctx, page, hotseatSetup(11), [{ type: 'chooseFirstTurn', player: 'p1', first: 'p1' }, { type: 'endPhase', player: 'p1' }], 'play-reserve-game.json', { reserves: { p1: ['sce-liberators'] } });
      const centre = (id: string) => page.evaluate(`window.__sightline.tools.modelCentre('${id}')`) as Promise<[number, number] | null>;
      assertEqual(await centre('sce-liberators-1'), null, 'in reserve: off the table in the hero phase');
      await click(page, 'play-g-endPhase'); // to the movement phase
      assertEqual((await play<Summary>(page, 'summary()')).phase, 'movement', 'p1\'s movement phase');
      const at = await centre('sce-liberators-1');
      assert(at !== null, 'in p1\'s movement phase the reserve unit is shown, ready to be dragged in');
      await page.evaluate(`window.__sightline.play.selectUnit('sce-liberators')`);
      await page.waitForSelector('[data-testid=play-o-reserve]');
      assert((await text(page, '[data-testid=play-o-reserve]')).includes('Set up from reserve'), 'the set-up is offered as a drag');
      // Dropped off the battlefield: refused with the engine's reason, nothing changes.
      const hashBefore = await play<string>(page, 'hash()');
      const off = await play<{ kind: string; text: string }>(page, `drag('sce-liberators-1', [${at![0]}, -3])`);
      assert(off?.kind === 'refused' && /Core 2[0-9]\.\d|Core 1[05]\.\d/.test(await text(page, '[data-testid=play-note]')), `a set-up off the battlefield is refused with the rule: ${off?.text}`);
      assertEqual(await play<string>(page, 'hash()'), hashBefore, 'the refused set-up changed nothing');
      // Dragged 2" north: set up there; no longer in reserve.
      const ok = await play<{ kind: string; text: string }>(page, `drag('sce-liberators-1', [${at![0]}, ${at![1] + 2}])`);
      assertEqual(ok?.kind, 'ok', `set up from reserve: ${ok?.text}`);
      const s = await play<Summary & { units: { id: string; reserve: boolean }[] }>(page, 'summary()');
      assertEqual(s.units.find((u) => u.id === 'sce-liberators')?.reserve, false, 'no longer in reserve');
      const placed = await centre('sce-liberators-1');
      assertEqual(JSON.stringify(placed), JSON.stringify(s.board.positions['sce-liberators-1']), 'it stands where the engine set it up');
      assert(Math.abs(placed![1] - (at![1] + 2)) < 1e-6, `2" north of where it was shown: ${placed}`);
      assertEqual(errors.join('\n'), '', 'console errors');
    },
  },
  {
    name: 'play: the recorded sample game (5 battle rounds) uploaded: the battle is over and the page shows the winner and the VP the engine computed',
    async run(ctx) {
      const { page, errors } = await pageToLoadInto(ctx); // its first step reloads the page
      const file = join(ctx.root, 'assets/games/sample-game.json');
      await reopenPlayBy(page, () => page.setInputFiles('[data-testid=play-load]', file)); // Play reopens in place
      const s = await play<Summary & { winner: string | null; armies: Record<string, string> }>(page, 'summary()');
      assertEqual(s.stage, 'ended', 'the sample game was played to its end');
      assert(s.winner !== null, 'the engine decided the battle');
      const shown = await text(page, '[data-testid=play-winner]');
      const expected = s.winner === 'draw' ? 'A draw' : `${s.armies[s.winner]} wins`;
      assert(shown.includes(expected) && shown.includes(`${s.vp.p1}–${s.vp.p2} VP`), `the winner and the VP shown: "${shown}" (engine: ${s.winner}, ${s.vp.p1}–${s.vp.p2})`);
      console.log(`        ${shown}`);
      // The game was recorded on another battlefield: the table draws that one (what the engine measured).
      const bf = JSON.parse(readFileSync(file, 'utf8')).battlefield as { terrain: unknown[] };
      const info = (await page.evaluate('window.__sightline')) as { terrainCount: number };
      assertEqual(info.terrainCount, bf.terrain.length, 'the saved game\'s terrain features are drawn');
      await page.screenshot({ path: join(ctx.outputDir, 'play-ended.png') });
      assertEqual(errors.join('\n'), '', 'console errors');
    },
  },
];
