/**
 * Issue 18, "fewer clicks": a reactions window passes by itself for a player who has no reaction
 * the engine would accept (no CP for All-out Attack / Defence, no WIZARD in range to unbind). The
 * automatic pass is an ordinary action of the log (saved, replayed to the same hash), its log line
 * says why, and undo takes it back with the action that opened the window.
 */
import { describe, expect, test } from 'vitest';
import { readBundledNode } from '../../src/game/node';
import { GameApi, type GameState, type PlayerId } from '../../src/game/session';
import { engagedSetup, hotseatSetup, samplePlacement, sampleRosters, sampleTable } from '../../workers/gameSetup';

async function started(setup: ReturnType<typeof hotseatSetup>, endPhases: number, autoPass = true): Promise<GameApi> {
  const api = new GameApi({ readBundled: readBundledNode, autoPass });
  const r = await api.startOnTable(setup);
  if (!r.ok) throw new Error(r.problems.join('\n'));
  for (const a of [{ type: 'chooseFirstTurn', player: 'p1', first: 'p1' }, ...Array.from({ length: endPhases }, () => ({ type: 'endPhase', player: 'p1' }))]) {
    const x = api.act(a);
    if (!x.ok) throw new Error(`${JSON.stringify(a)}: ${x.reason}`);
  }
  return api;
}

/** Sets a player's command points in the current state (a state where that player has spent them all). */
function setCp(api: GameApi, player: PlayerId, cp: number): void {
  const states = (api as unknown as { states: GameState[] }).states;
  const s = structuredClone(states[states.length - 1]);
  s.players[player].cp = cp;
  states[states.length - 1] = s;
}

/** The first Fight p1's Liberators may make now (in combat with the Rat Ogors). */
function fightAction(api: GameApi) {
  const o = api.options('sce-liberators');
  if (!o.ok) throw new Error(o.reason);
  const f = o.entries.find((e) => e.group === 'fight' && e.available);
  if (!f) throw new Error(`no fight: ${o.entries.filter((e) => e.group === 'fight').map((e) => e.reason).join('; ')}`);
  return f.action;
}

describe('automatic pass in the reactions window (issue 18)', () => {
  test('p2 has 0 CP: after p1 passes, p2 passes automatically and the attacks are made; the log says why', async () => {
    const api = await started(engagedSetup(11), 5);
    expect(api.summary().phase).toBe('combat');
    setCp(api, 'p2', 0);
    const fight = api.act(fightAction(api));
    if (!fight.ok) throw new Error(fight.reason);
    // p1 has CP (All-out Attack): the window waits for p1.
    expect(fight.summary.pendingAttack?.toReact).toBe('p1');
    const pass = api.act({ type: 'pass', player: 'p1' });
    if (!pass.ok) throw new Error(pass.reason);
    expect(pass.summary.pendingAttack).toBeNull();
    const texts = pass.lines.map((l) => l.text);
    expect(texts).toContain('p2 cannot react (no command points for a reaction): passed automatically, the attacks are made');
    expect(texts).not.toContain('p2 passes');
    expect(pass.events.some((e) => e.type === 'attacksResolved')).toBe(true);
    expect(pass.steps.length).toBeGreaterThan(0);
    // Recorded as an ordinary action.
    expect(api.save().actions.slice(-2)).toEqual([
      { type: 'pass', player: 'p1' },
      { type: 'pass', player: 'p2' },
    ]);
    // The generalOptions of the window offered p2 nothing available but the pass.
  });

  test('the player to react first has 0 CP: their pass is applied with the action; undo takes both back', async () => {
    const api = await started(engagedSetup(12), 5);
    setCp(api, 'p1', 0);
    const before = api.hash();
    const fight = api.act(fightAction(api));
    if (!fight.ok) throw new Error(fight.reason);
    expect(fight.summary.pendingAttack).toMatchObject({ toReact: 'p2', passes: 1 });
    expect(fight.lines.map((l) => l.text)).toContain('p1 cannot react (no command points for a reaction): passed automatically, p2 may react');
    // p2 still has CP: All-out Defence is offered.
    expect(api.generalOptions().some((e) => e.group === 'reaction' && e.available)).toBe(true);
    const u = api.undo();
    expect(u.ok).toBe(true);
    expect(api.summary().pendingAttack).toBeNull();
    expect(api.hash()).toBe(before);
  });

  test('without the option, the window waits for p2 as before', async () => {
    const api = await started(engagedSetup(11), 5, false);
    setCp(api, 'p2', 0);
    api.act(fightAction(api));
    const pass = api.act({ type: 'pass', player: 'p1' });
    if (!pass.ok) throw new Error(pass.reason);
    expect(pass.summary.pendingAttack?.toReact).toBe('p2');
  });

  test('no WIZARD within 30" to unbind: the spell takes effect at once; save, load and replay give the same game', async () => {
    const rosters = sampleRosters();
    const pl = samplePlacement();
    pl['sk-warlock-1'] = [55, 41]; // far from the Knight-Incantor (more than 30")
    const setup = { ...hotseatSetup(5), scenario: sampleTable(pl, rosters) };
    let done = false;
    for (let seed = 1; seed < 40 && !done; seed++) {
      const api = await started({ ...setup, seed }, 1);
      const r = api.act({ type: 'cast', player: 'p1', unitId: 'sce-incantor', spell: 'mysticShield', target: 'sce-incantor' });
      if (!r.ok) throw new Error(r.reason);
      if (r.events.some((e) => e.type === 'spellFailed' || e.type === 'miscast')) continue;
      done = true;
      expect(r.summary.pendingSpell ?? null).toBeNull();
      const texts = r.lines.map((l) => l.text);
      expect(texts).toContain('p2 cannot react (no WIZARD able to unbind Mystic Shield): passed automatically, the spell takes effect');
      expect(texts.some((t) => t.includes('Mystic Shield is cast: it takes effect on Knight-Incantor'))).toBe(true);
      const saved = api.save();
      expect(saved.actions.at(-1)).toEqual({ type: 'pass', player: 'p2' });
      // Load: the same state; the replay steps through the automatic pass as an action with the same line.
      const again = new GameApi({ readBundled: readBundledNode });
      expect((await again.load(saved)).ok).toBe(true);
      expect(again.hash()).toBe(api.hash());
      expect(again.log().map((l) => l.text)).toEqual(api.log().map((l) => l.text));
      const replay = new GameApi({ readBundled: readBundledNode });
      expect((await replay.load(saved, { replay: true })).ok).toBe(true);
      const to = replay.replayTo(saved.actions.length);
      expect(to.ok).toBe(true);
      expect(replay.hash()).toBe(api.hash());
    }
    expect(done).toBe(true);
  });
});
