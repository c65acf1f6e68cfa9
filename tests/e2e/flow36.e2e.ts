/**
 * Issue 35, "a battle that flows", items 5 and 6 in the browser (one page for the suite where the
 * runner keeps pages: `keptPage`).
 *
 * `flow36: start in place` (item 6): "Start the battle" keeps the page (no reload: a marker set
 * on the page survives): the game worker's new game is shown as it stands (started "new", not
 * replayed from the autosave), the engine worker keeps its terrain index (the same table: no new
 * build, the same index), and the autosave is written. Leave Play, then Resume: the same game
 * (state hash), still the same page. Back and Forward switch the view with the address. A reload
 * of `?play=1` resumes the autosave.
 *
 * `flow36: ran chip` (item 5): a unit that ran says "ran" on its chip in its turn, and no longer
 * once the opponent's turn has begun.
 *
 * `flow36: games in place` (issue 35 item 6, issue 38 item 1): New game, Load (a saved game file),
 * a replay, Leave replay and Resume previous game keep the page (a marker set on the page
 * survives) and land on the right game: the loaded file's state hash as the engine computes it in
 * Node, the new game's, the game in progress after the replay. A reload of `?play=1` then resumes
 * the autosave (the loaded game).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { hotseatSetup } from '../../workers/gameSetup';
import { readBundledNode } from '../../src/game/node';
import { GameApi } from '../../src/game/session';
import { assert, assertEqual, filesCall, frames, keptPage, openApp, playCall as play, playReady, reopenPlayBy, type E2EContext, type E2ETest, clickForNextState as click } from './harness';

interface Unit {
  id: string;
  owner: 'p1' | 'p2';
  aliveModelIds: string[];
  usedRun: boolean;
}
interface Summary {
  stage: string;
  phase: string | null;
  active: 'p1' | 'p2' | null;
  actions: number;
  hash: string;
  armies: { p1: string; p2: string };
  units: Unit[];
}
interface EngineStats {
  terrainIndexBuilds: number;
  terrainIndexId: number | null;
}
/** The suite's one page (opened on the table view when no kept page is there). */
const suitePage = (ctx: E2EContext) => keptPage(ctx, 'flow36', () => openApp(ctx));

/** Whether the address is in Play mode. */
const inPlay = (page: Page) => page.evaluate(() => new URLSearchParams(location.search).get('play') === '1');

/** Waits until the address says Play (`on`) or the table view, then for the view's ready signal. */
async function switched(page: Page, on: boolean): Promise<void> {
  await page.waitForFunction((o) => (new URLSearchParams(location.search).get('play') === '1') === o, on, { timeout: 120_000 });
  if (on) await playReady(page);
  else {
    await page.waitForSelector('[data-testid=btn-play][data-play=off]', { timeout: 120_000 });
    await page.waitForSelector('body[data-ready=true]', { state: 'attached', timeout: 120_000 });
  }
}

/** Leaves Play in place (the Play button) and waits for the table view. */
async function leavePlay(page: Page): Promise<void> {
  await page.click('[data-testid=btn-play][data-play=on]');
  await switched(page, false);
}

/** The autosaved game's action count and armies (null: none). */
const autosaved = (page: Page) =>
  page.evaluate(() => {
    const t = localStorage.getItem('sightline.play.autosave');
    if (!t) return null;
    const g = JSON.parse(t) as { actions: unknown[]; rosters: { p1: { name: string }; p2: { name: string } } };
    return { actions: g.actions.length, p1: g.rosters.p1.name, p2: g.rosters.p2.name };
  });

export const tests: E2ETest[] = [
  {
    name: 'flow36: start in place: Start the battle keeps the page (no reload, the battle started once, the terrain index reused, the autosave written); Leave and Resume, Back and Forward, a reload of ?play=1',
    async run(ctx) {
      const { page, errors } = await suitePage(ctx);
      if (await inPlay(page)) await leavePlay(page);
      await page.evaluate(() => ((window as unknown as { __flow36: string }).__flow36 = 'this page'));
      const samePage = () => page.evaluate(() => (window as unknown as { __flow36?: string }).__flow36 === 'this page');
      const before = await filesCall<EngineStats>(page, 'engineStats()');
      assert(before.terrainIndexId !== null, 'the engine holds the table');

      await page.click('[data-testid=btn-play][data-play=off]');
      await page.waitForSelector('[data-testid=battle-start]:not([disabled])', { timeout: 120_000 });
      const t0 = Date.now();
      await page.click('[data-testid=battle-start]');
      await switched(page, true);
      const startMs = Date.now() - t0;
      assert(await samePage(), 'the page was not reloaded');
      const s0 = await play<Summary>(page, 'summary()');
      assertEqual(s0.stage, 'firstTurn', 'the new battle waits for the first-turn choice');
      assertEqual(await play<string>(page, 'started().kind'), 'new', 'the battle started once (not replayed from the autosave)');
      const after = await filesCall<EngineStats>(page, 'engineStats()');
      assertEqual(after.terrainIndexBuilds, before.terrainIndexBuilds, 'the engine built no terrain index for the game (the same table)');
      assertEqual(after.terrainIndexId, before.terrainIndexId, 'the very same terrain index');
      const saved = await autosaved(page);
      assertEqual(saved && `${saved.actions} ${saved.p1} ${saved.p2}`, `0 ${s0.armies.p1} ${s0.armies.p2}`, 'the new battle is autosaved');
      console.log(`    start in place: ${startMs} ms from the click to the Play summary`);

      // Leave Play, then Resume: the game left, on the same page.
      await click(page, '[data-testid=play-g-firstTurn-p1]');
      const s1 = await play<Summary>(page, 'summary()');
      await leavePlay(page);
      assert(await samePage(), 'Leave Play keeps the page');
      await page.click('[data-testid=btn-play][data-play=off]');
      await page.waitForSelector('[data-testid=battle-resume]:not([disabled])', { timeout: 120_000 });
      await page.click('[data-testid=battle-resume]');
      await switched(page, true);
      assert(await samePage(), 'Resume keeps the page');
      const s2 = await play<Summary>(page, 'summary()');
      assertEqual(`${s2.actions} ${s2.hash}`, `${s1.actions} ${s1.hash}`, 'Resume shows the game left (the same actions and state hash)');

      // Back: the table view (the address without ?play); Forward: Play again, the same game.
      await page.goBack();
      await switched(page, false);
      assert(await samePage(), 'Back switches in place');
      await page.goForward();
      await switched(page, true);
      const s3 = await play<Summary>(page, 'summary()');
      assertEqual(`${s3.actions} ${s3.hash}`, `${s1.actions} ${s1.hash}`, 'Forward shows the same game');

      // A reload of ?play=1 resumes the autosave.
      await page.reload({ waitUntil: 'domcontentloaded' });
      await playReady(page);
      assert(!(await samePage()), 'the page was reloaded');
      assertEqual(await play<string>(page, 'started().kind'), 'resumed', 'the reload resumed the autosave');
      const s4 = await play<Summary>(page, 'summary()');
      assertEqual(`${s4.actions} ${s4.hash}`, `${s1.actions} ${s1.hash}`, 'the same game after the reload');
      assertEqual(errors.join('\n'), '', 'console errors');
    },
  },
  {
    name: 'flow36: ran chip: a unit that ran says so in its turn, and no longer in the opponent\'s turn',
    async run(ctx) {
      const { page, errors } = await suitePage(ctx);
      if (!(await inPlay(page))) {
        await page.goto(`${ctx.baseUrl}?play=1`, { waitUntil: 'domcontentloaded' });
        await playReady(page);
      }
      let s = await play<Summary>(page, 'summary()');
      if (s.stage === 'firstTurn') await click(page, '[data-testid=play-g-firstTurn-p1]');
      s = await play<Summary>(page, 'summary()');
      for (let i = 0; i < 5 && s.phase !== 'movement'; i++) {
        const r = await play<{ ok: boolean; reason?: string }>(page, `act({ type: 'endPhase', player: '${s.active}' })`);
        assert(r.ok, `end phase: ${r.reason}`);
        s = await play<Summary>(page, 'summary()');
      }
      assertEqual(s.phase, 'movement', 'the movement phase');
      const mover = s.active!;
      const runner = s.units.find((u) => u.owner === mover && u.aliveModelIds.length > 0 && !u.usedRun)!;
      const ran = await play<{ ok: boolean; reason?: string }>(page, `act({ type: 'run', player: '${mover}', unitId: '${runner.id}' })`);
      assert(ran.ok, `the run is accepted: ${ran.reason}`);
      // The Run's move: the unit dragged 1" (east, or west if east is refused).
      const model = runner.aliveModelIds[0];
      const at = (await play<{ board: { positions: Record<string, [number, number]> } }>(page, 'summary()')).board.positions[model];
      let moved = false;
      const notes: string[] = [];
      for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
        const note = await play<{ kind: string; text: string } | null>(page, `drag(${JSON.stringify(model)}, [${at[0] + dx}, ${at[1] + dy}])`);
        notes.push(`${note?.kind}: ${note?.text}`);
        if (note && note.kind !== 'refused') {
          moved = true;
          break;
        }
      }
      assert(moved, `the unit made its Run move: ${notes.join(' | ')}`);
      const chip = `[data-testid=mark-state-${runner.id}]`;
      await page.waitForFunction((c) => (document.querySelector(c)?.textContent ?? '').includes('ran'), chip, { timeout: 120_000 });
      // Every phase of the turn ended: the opponent's turn begins.
      for (let i = 0; i < 12 && s.active === mover; i++) {
        const r = await play<{ ok: boolean; reason?: string }>(page, `act({ type: 'endPhase', player: '${mover}' })`);
        assert(r.ok, `end phase: ${r.reason}`);
        s = await play<Summary>(page, 'summary()');
      }
      assert(s.active !== mover, `the opponent's turn: ${s.active} ${s.phase}`);
      await frames(page, 3);
      const text = await page.evaluate((c) => document.querySelector(c)?.textContent ?? '', chip);
      assert(!/\bran\b/.test(text), `no "ran" chip in the opponent's turn: "${text}"`);
      assertEqual(errors.join('\n'), '', 'console errors');
    },
  },
  {
    name: 'flow36: games in place: New game, Load, a replay, Leave replay and Resume previous game keep the page and land on the right game (state hash); a reload of ?play=1 resumes the loaded game',
    async run(ctx) {
      const { page, errors } = await suitePage(ctx);
      if (!(await inPlay(page))) {
        await page.goto(`${ctx.baseUrl}?play=1`, { waitUntil: 'domcontentloaded' });
        await playReady(page);
      }
      await page.evaluate(() => ((window as unknown as { __flow36: string }).__flow36 = 'games in place'));
      const samePage = () => page.evaluate(() => (window as unknown as { __flow36?: string }).__flow36 === 'games in place');
      const before = await play<Summary>(page, 'summary()');

      // New game (asks first): a fresh game, started once, autosaved; the game it replaced kept.
      await page.click('[data-testid=play-new]');
      await page.waitForSelector('[data-testid=play-confirm-new]', { timeout: 60_000 });
      await reopenPlayBy(page, () => page.click('[data-testid=play-confirm-new-ok]'));
      assert(await samePage(), 'New game keeps the page');
      const fresh = await play<Summary>(page, 'summary()');
      assertEqual(`${fresh.stage} ${fresh.actions}`, 'firstTurn 0', 'a new game waiting for the first-turn choice');
      assertEqual(await play<string>(page, 'started().kind'), 'new', 'the new game shown as the worker started it');
      assert(fresh.hash !== before.hash, 'another game than before');
      const savedFresh = await autosaved(page);
      assertEqual(savedFresh?.actions, 0, 'the new game is autosaved');

      // Load a saved game file: the engine's own game, its state hash computed here in Node.
      const api = new GameApi({ readBundled: readBundledNode });
      const started = await api.startOnTable(hotseatSetup(11));
      assert(started.ok, 'the set-up starts');
      for (const a of [{ type: 'chooseFirstTurn', player: 'p1', first: 'p1' }, { type: 'endPhase', player: 'p1' }, { type: 'endPhase', player: 'p1' }]) {
        const r = api.act(a);
        assert(r.ok, `the file's action ${JSON.stringify(a)}`);
      }
      const fileHash = api.hash();
      const file = join(ctx.outputDir, 'flow36-load.json');
      writeFileSync(file, JSON.stringify(api.save()));
      await reopenPlayBy(page, () => page.setInputFiles('[data-testid=play-load]', file));
      assert(await samePage(), 'Load keeps the page');
      const loaded = await play<Summary>(page, 'summary()');
      assertEqual(`${loaded.actions} ${loaded.hash}`, `3 ${fileHash}`, "the loaded game (the file's state hash)");
      assertEqual(await play<string>(page, 'started().kind'), 'resumed', 'the loaded game is the game in progress');
      assertEqual((await autosaved(page))?.actions, 3, 'the loaded game is autosaved');

      // A replay of the same file, then Leave replay: the game in progress, on the same page.
      await reopenPlayBy(page, () => page.setInputFiles('[data-testid=play-replay]', file));
      assert(await samePage(), 'a replay keeps the page');
      assertEqual(await play<string>(page, 'started().kind'), 'replay', 'the replay opened');
      assertEqual(JSON.stringify((await play<{ replay: unknown }>(page, 'summary()')).replay), JSON.stringify({ index: 0, total: 3 }), 'the replay at its start');
      await reopenPlayBy(page, () => page.click('[data-testid=play-replay-leave]'));
      assert(await samePage(), 'Leave replay keeps the page');
      const back = await play<Summary & { replay: unknown }>(page, 'summary()');
      assertEqual(`${back.actions} ${back.hash} ${JSON.stringify(back.replay)}`, `3 ${fileHash} null`, 'Leave replay: the game in progress, not the replay');

      // Resume previous game: the new game the file replaced, then the loaded game again.
      await reopenPlayBy(page, () => page.click('[data-testid=play-resume-previous]'));
      assert(await samePage(), 'Resume previous game keeps the page');
      assertEqual((await play<Summary>(page, 'summary()')).hash, fresh.hash, 'the previous game (the new game) is back');
      await reopenPlayBy(page, () => page.click('[data-testid=play-resume-previous]'));
      assertEqual((await play<Summary>(page, 'summary()')).hash, fileHash, 'and the loaded game in its turn');

      // A reload of ?play=1 lands on the same game (the autosave).
      await page.reload({ waitUntil: 'domcontentloaded' });
      await playReady(page);
      assert(!(await samePage()), 'the page was reloaded');
      assertEqual((await play<Summary>(page, 'summary()')).hash, fileHash, 'the reload resumed the loaded game');
      assertEqual(errors.join('\n'), '', 'console errors');
    },
  },
];
