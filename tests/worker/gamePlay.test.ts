/**
 * Play-mode game API additions: pile-in moves (the Fight declaration with its pile-in, checked by
 * the engine), the dice steps of an attack (engine dice, target numbers, successes), and stepping a
 * replay backwards / jumping to a step (same state hash as a fresh replay of the log prefix).
 */
import { describe, expect, test } from 'vitest';
import { readBundledNode } from '../../src/game/node';
import { GameApi } from '../../src/game/session';
import { engagedSetup, placementOf } from '../../workers/gameSetup';
import type { Action } from '../../src/rules/engine';

const LIBS = ['sce-liberators-1', 'sce-liberators-2', 'sce-liberators-3', 'sce-liberators-4', 'sce-liberators-5'];

async function toCombat(seed = 7): Promise<GameApi> {
  const api = new GameApi({ readBundled: readBundledNode });
  const r = await api.startOnTable(engagedSetup(seed));
  if (!r.ok) throw new Error(r.problems.join('\n'));
  for (const a of [{ type: 'chooseFirstTurn', player: 'p1', first: 'p1' }, ...Array.from({ length: 5 }, () => ({ type: 'endPhase', player: 'p1' }))]) {
    const x = api.act(a);
    if (!x.ok) throw new Error(`${JSON.stringify(a)}: ${x.reason}`);
  }
  expect(api.summary().phase).toBe('combat');
  return api;
}

function pileIn(api: GameApi, dy: number): Action {
  const pos = api.summary().board.positions;
  const paths = Object.fromEntries(LIBS.map((id) => [id, [[pos[id][0], pos[id][1] + dy]]]));
  return { type: 'fight', player: 'p1', unitId: 'sce-liberators', target: 'sk-ratogors', pileIn: { target: 'sk-ratogors', paths } } as unknown as Action;
}

describe('pile-in (Core 15.3) through the game API', () => {
  test('offered as a drag option; backwards refused with the engine reason; forwards accepted', async () => {
    const api = await toCombat();
    const o = api.options('sce-liberators');
    if (!o.ok) throw new Error(o.reason);
    expect(o.entries.find((e) => e.group === 'pileIn' && e.target === 'sk-ratogors')).toMatchObject({ available: true, drag: true });
    const before = api.hash();
    const back = api.act(pileIn(api, -1));
    expect(back).toMatchObject({ ok: false, rule: 'Core 15.3' });
    if (!back.ok) expect(back.reason).toMatch(/further from/);
    const far = api.act(pileIn(api, 3.5));
    expect(far.ok).toBe(false);
    expect(api.hash()).toBe(before);
    const r = api.act(pileIn(api, 0.5));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.events.find((e) => e.type === 'moved')).toMatchObject({ kind: 'pileIn' });
    expect(r.summary.board.positions['sce-liberators-1'][1]).toBeCloseTo(11, 6);
    expect(r.summary.pendingAttack?.unitId).toBe('sce-liberators');
  });
});

describe('dice steps', () => {
  test('every roll of the attack, in log order, with the engine dice, target numbers and successes', async () => {
    const api = await toCombat();
    expect(api.act(pileIn(api, 0.5)).ok).toBe(true);
    expect(api.act({ type: 'pass', player: 'p1' }).ok).toBe(true);
    const r = api.act({ type: 'pass', player: 'p2' });
    if (!r.ok) throw new Error(r.reason);
    expect(r.steps.length).toBeGreaterThan(0);
    // The dice of the steps are exactly the engine's logged rolls, in order.
    const logged = api.state().log.slice(-200).filter((e) => e.kind === 'roll');
    const tail = logged.slice(logged.length - r.steps.length);
    expect(r.steps.map((x) => x.dice)).toEqual(tail.map((e) => (e.kind === 'roll' ? [...e.dice] : [])));
    expect(r.steps.flatMap((x) => x.dice)).toEqual(r.rolls);
    const hit = r.steps.find((x) => x.label === 'Hit rolls');
    expect(hit?.target).toMatch(/^\d\+/);
    const ev = r.events.find((e) => e.type === 'attacksResolved') as unknown as { hits: number[]; wounds: number[] };
    expect(hit?.dice).toEqual(ev.hits);
    // Successes as the engine counted them: a wound roll per hit, except critical hits (Crit
    // (Mortal) on the Liberators' hammers: mortal damage instead).
    const wound = r.steps.find((x) => x.label === 'Wound rolls');
    const crits = ev.hits.filter((d) => d === 6).length;
    expect(wound?.dice.length ?? 0).toBe((hit?.successes ?? 0) - crits);
    if (wound) expect(wound.successes).toBe(ev.wounds.filter((d) => d !== 1 && d >= 3).length);
  });
});

describe('replay backwards and jumps', () => {
  test('replayTo / replayBack reach the same state hash as a fresh forward replay of the prefix', async () => {
    const api = await toCombat();
    api.act(pileIn(api, 0.5));
    api.act({ type: 'pass', player: 'p1' });
    api.act({ type: 'pass', player: 'p2' });
    const saved = api.save();
    const n = saved.actions.length;
    const forward: string[] = [];
    const fresh = new GameApi({ readBundled: readBundledNode });
    expect((await fresh.load(saved, { replay: true })).ok).toBe(true);
    forward.push(fresh.hash());
    for (let i = 0; i < n; i++) {
      expect(fresh.replayStep().ok).toBe(true);
      forward.push(fresh.hash());
    }
    const r = new GameApi({ readBundled: readBundledNode });
    await r.load(saved, { replay: true });
    expect(r.replayTo(n)).toMatchObject({ ok: true, index: n, total: n });
    expect(r.hash()).toBe(forward[n]);
    for (let i = n - 1; i >= 0; i--) {
      expect(r.replayBack()).toMatchObject({ ok: true, index: i });
      expect(r.hash()).toBe(forward[i]);
      expect(r.summary().replay).toEqual({ index: i, total: n });
      expect(r.log().every((l) => l.seq < i)).toBe(true);
    }
    expect(r.replayBack()).toMatchObject({ ok: false });
    expect(r.replayTo(n - 1)).toMatchObject({ ok: true, index: n - 1 });
    expect(r.hash()).toBe(forward[n - 1]);
    expect(r.replayTo(n + 1)).toMatchObject({ ok: false });
    // Snapshot / restore (used by the client's worker restart) resumes the replay at the same step.
    r.replayTo(3);
    const again = new GameApi({ readBundled: readBundledNode });
    expect((await again.restore(r.snapshot()!)).ok).toBe(true);
    expect(again.hash()).toBe(forward[3]);
    expect(again.summary().replay).toEqual({ index: 3, total: n });
  });
});

describe('deployment phase (Core 10.0-10.1) through the game API', () => {
  test('units start undeployed at their suggested spots; deployUnit checked by the engine; players alternate; then the first turn', async () => {
    const { deploymentSetup } = await import('../../workers/gameSetup');
    const api = new GameApi({ readBundled: readBundledNode });
    const r = await api.startOnTable(deploymentSetup(7));
    if (!r.ok) throw new Error(r.problems.join('\n'));
    const s0 = api.summary();
    expect(s0.stage).toBe('deployment');
    expect(s0.deployment).toMatchObject({ step: 'units', toDeploy: 'p1' });
    expect(s0.toAct).toBe('p1');
    expect(s0.units.every((u) => !u.deployed)).toBe(true);
    const pos = s0.board.positions;
    const o = api.options('sce-liberators');
    if (!o.ok) throw new Error(o.reason);
    expect(o.entries.find((e) => e.group === 'deploy')).toMatchObject({ available: true, drag: true });
    expect(o.general.find((e) => e.group === 'endDeployment')).toMatchObject({ available: true });
    // Out of the territory (north of y = 12): refused with the engine's reason.
    const lib = ['sce-liberators-1', 'sce-liberators-2', 'sce-liberators-3', 'sce-liberators-4', 'sce-liberators-5'];
    const shifted = (dy: number) => Object.fromEntries(lib.map((id) => [id, [pos[id][0], pos[id][1] + dy]]));
    const bad = api.act({ type: 'deployUnit', player: 'p1', unitId: 'sce-liberators', positions: shifted(5) });
    expect(bad).toMatchObject({ ok: false, rule: 'Core 10.1' });
    // p2 may not deploy now.
    expect(api.act({ type: 'deployUnit', player: 'p2', unitId: 'sk-ratogors', positions: { 'sk-ratogors-1': pos['sk-ratogors-1'], 'sk-ratogors-2': pos['sk-ratogors-2'], 'sk-ratogors-3': pos['sk-ratogors-3'] } })).toMatchObject({ ok: false, rule: 'Core 10.0' });
    const ok = api.act({ type: 'deployUnit', player: 'p1', unitId: 'sce-liberators', positions: shifted(-1) });
    expect(ok.ok).toBe(true);
    const s1 = api.summary();
    expect(s1.deployment?.toDeploy).toBe('p2');
    expect(s1.units.find((u) => u.id === 'sce-liberators')?.deployed).toBe(true);
    expect(s1.board.positions['sce-liberators-1'][1]).toBeCloseTo(pos['sce-liberators-1'][1] - 1, 6);
    expect(api.log().some((l) => l.text.includes('Liberators is set up on the battlefield'))).toBe(true);
    // Both finish: the units left stay off the battlefield (off the board), then the first turn.
    expect(api.act({ type: 'endDeployment', player: 'p2' }).ok).toBe(true);
    expect(api.act({ type: 'endDeployment', player: 'p1' }).ok).toBe(true);
    const s2 = api.summary();
    expect(s2.stage).toBe('firstTurn');
    expect(s2.decider).toBe('p2');
    expect(s2.board.removed).toContain('sce-prosecutors-1');
    expect(s2.board.positions['sce-prosecutors-1']).toBeUndefined();
    expect(s2.board.positions['sce-liberators-1']).toBeDefined();
    // Save / load round-trips the deployment set-up.
    const again = new GameApi({ readBundled: readBundledNode });
    expect((await again.load(api.save())).ok).toBe(true);
    expect(again.hash()).toBe(api.hash());
  });
});

describe('snapshot after leaving a replay', () => {
  test('an action at the end of a replay goes on as a game: the snapshot keeps it', async () => {
    const api = await toCombat();
    const saved = api.save();
    const r = new GameApi({ readBundled: readBundledNode });
    await r.load(saved, { replay: true });
    r.replayTo(saved.actions.length);
    expect(r.act(pileIn(r, 0.5)).ok).toBe(true);
    expect(r.summary().replay).toBeNull();
    const again = new GameApi({ readBundled: readBundledNode });
    expect((await again.restore(r.snapshot()!)).ok).toBe(true);
    expect(again.hash()).toBe(r.hash());
  });
});

describe('reserves (Core 24.1) in a saved game loaded by the game API', () => {
  test('the reserve unit is off the table in the view, and the game is the one the headless replay plays', async () => {
    const { hotseatSetup } = await import('../../workers/gameSetup');
    const { replayGame } = await import('../../src/game/replay');
    const api = new GameApi({ readBundled: readBundledNode });
    const started = await api.startOnTable(hotseatSetup(11));
    if (!started.ok) throw new Error(started.problems.join('\n'));
    // The same set-up with the Liberators in reserve, and the first turn chosen.
    const saved = { ...api.save(), reserves: { p1: ['sce-liberators'] }, actions: [{ type: 'chooseFirstTurn', player: 'p1', first: 'p1' }] };
    const loaded = await api.load(saved);
    if (!loaded.ok) throw new Error(loaded.problems.join('\n'));
    const view = api.summary();
    const libs = view.units.find((u) => u.id === 'sce-liberators')!;
    expect(libs.deployed).toBe(false);
    for (const id of LIBS) {
      expect(view.board.removed).toContain(id);
      expect(view.board.positions[id]).toBeUndefined();
    }
    expect(api.state().units['sce-liberators'].status).toBe('reserve');
    // The game worker starts the file exactly as the CLI's replay does (reserves included).
    expect(api.hash()).toBe((await replayGame(saved, readBundledNode)).summary.stateHash);
    // Saving keeps the reserves.
    expect(api.save().reserves).toEqual({ p1: ['sce-liberators'] });
  });
});

describe('setting up from reserve (Core 24.1) through the game API', () => {
  test('off the table until p1\'s movement phase; then shown for dragging, offered as a drag, and set up where the drag puts it', async () => {
    const { hotseatSetup } = await import('../../workers/gameSetup');
    const api = new GameApi({ readBundled: readBundledNode });
    const started = await api.startOnTable(hotseatSetup(11));
    if (!started.ok) throw new Error(started.problems.join('\n'));
    const first = { type: 'chooseFirstTurn', player: 'p1', first: 'p1' };
    const loaded = await api.load({ ...api.save(), reserves: { p1: ['sce-liberators'] }, actions: [first] });
    if (!loaded.ok) throw new Error(loaded.problems.join('\n'));
    // Start of turn and hero phase: off the table; the option says why it cannot be set up yet.
    expect(api.summary().board.positions[LIBS[0]]).toBeUndefined();
    const early = api.options('sce-liberators');
    if (!early.ok) throw new Error(early.reason);
    expect(early.entries).toHaveLength(1);
    expect(early.entries[0]).toMatchObject({ group: 'reserve', drag: true, available: false, rejectedBy: 'Core 24.1' });
    for (let i = 0; i < 2; i++) expect(api.act({ type: 'endPhase', player: 'p1' }).ok).toBe(true);
    const s = api.summary();
    expect(s.phase).toBe('movement');
    // Shown where the set-up suggests, still in reserve, for p1 to drag in.
    const setupAt = placementOf(hotseatSetup(11));
    for (const id of LIBS) expect(s.board.positions[id]).toEqual([setupAt[id][0], setupAt[id][1]]);
    expect(s.units.find((u) => u.id === 'sce-liberators')).toMatchObject({ reserve: true, deployed: false });
    const o = api.options('sce-liberators');
    if (!o.ok) throw new Error(o.reason);
    expect(o.entries[0]).toMatchObject({ group: 'reserve', drag: true, available: true });
    // The drop: every model 2" north of where it was shown.
    const positions = Object.fromEntries(LIBS.map((id) => [id, [setupAt[id][0], setupAt[id][1] + 2] as [number, number]]));
    const r = api.act({ type: 'setUpReserve', player: 'p1', unitId: 'sce-liberators', positions });
    expect(r.ok).toBe(true);
    const after = api.summary();
    expect(after.units.find((u) => u.id === 'sce-liberators')).toMatchObject({ reserve: false, deployed: true });
    for (const id of LIBS) expect(after.board.positions[id]).toEqual(positions[id]);
    // Set up this turn: no Normal Move for it in this movement phase (Core 24.0).
    const moved = api.options('sce-liberators');
    if (!moved.ok) throw new Error(moved.reason);
    expect(moved.entries.find((e) => e.group === 'move')?.available).toBe(false);
  });
});

describe('casualty order (Core 18.3) through the game API', () => {
  test('the summary shows the alive models and the chosen order; only the unit\'s commander chooses; undo restores the order', async () => {
    const api = await toCombat();
    const ogors = () => api.summary().units.find((u) => u.id === 'sk-ratogors')!;
    expect(ogors().slainPriority).toEqual([]);
    const alive = ogors().aliveModelIds;
    expect(alive.length).toBeGreaterThanOrEqual(2);
    // p2 (the Rat Ogors' commander) picks their first model to be slain first, then the second before it.
    const first = alive[0];
    const second = alive[1];
    expect(api.act({ type: 'setSlainPriority', player: 'p2', unitId: 'sk-ratogors', modelIds: [first] }).ok).toBe(true);
    expect(api.act({ type: 'setSlainPriority', player: 'p2', unitId: 'sk-ratogors', modelIds: [second, first] }).ok).toBe(true);
    expect(ogors().slainPriority).toEqual([second, first]);
    expect(api.log().at(-1)?.rule).toBe('Core 18.3');
    // Not p1's to choose.
    expect(api.act({ type: 'setSlainPriority', player: 'p1', unitId: 'sk-ratogors', modelIds: [first] })).toMatchObject({ ok: false, rule: 'Core 18.3' });
    expect(api.undo().ok).toBe(true);
    expect(ogors().slainPriority).toEqual([first]);
  });
});
