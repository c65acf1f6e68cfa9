/**
 * Session 41 (ui41): the drag tool's question after an ability's move passed across two or more enemy units
 * (`passedAcross41.ts`), read from the engine's own refusal on sh40f's kit (Draconic Onslaught, sce-002's real text, on
 * p1's flying Swampcalla Shaman: a 9" move at y = 20 over p2's Gutrippaz at x = 14 and Hobgrots at x = 16), turned
 * answered by the units the page finds crossed on its table with the engine's measure (by name), and the move sent
 * again with the unit picked as `target`, which the engine accepts.
 */
import { describe, expect, it } from 'vitest';
import { ability, gameAtHero, play, roster, tablePortAt, timing, toPhase } from '../../rules/engine/abilityKit.test-helpers';
import { parseEffect } from '../../rules/abilities/parseEffect';
import { reduce } from '../../rules/engine/reduce';
import { summarize } from '../../game/session/summary';
import type { RosterInput } from '../../rules/engine/roster';
import type { Action, ActResult, GameSummary } from '../../client/gameClient';
import { footprintFromBase } from '../../geometry/footprint';
import type { GeometryPort } from '../../rules/engine/geometryPort';
import { acrossPickOf, moveWithTarget, unitsCrossed, type TableModel } from './passedAcross41';

/** The page's table as the kit sets it: every alive model where the port has it, on its 32 mm base. */
const tableOf = (summary: GameSummary, port: GeometryPort): TableModel[] =>
  summary.units.flatMap((u) => u.aliveModelIds.flatMap((id) => {
    const at = port.modelPosition(id);
    return at ? [{ id, unitId: u.id, footprint: footprintFromBase({ round: 32 }, [at[0], at[1]]) }] : [];
  }));

const ONSLAUGHT = 'If this unit charged this turn, roll a dice. On a 3+, this unit can move 2D6". It can pass through the combat ranges of enemy units and can end that move in combat. Then, pick an enemy unit that this unit passed across during that move. Inflict D3 mortal damage on that enemy unit.';
const FLIGHT = 'If this unit is in combat, it can move 12". It can pass through the combat ranges of enemy units but cannot end that move in combat. Then, roll a D3 for each enemy unit that this unit passed across during that move. On a 2+, inflict an amount of mortal damage on that enemy unit equal to the roll.';
const combat = timing('Once Per Turn (Army), Any Combat Phase', 'combat', 'any', { per: 'turn', army: true });

function flyingHero(effect: string, name: string): RosterInput {
  const resolves = parseEffect({ declare: null, effect, timing: combat, knownKeywords: [] }).resolves;
  const r = roster('p1', [ability({ name, timing: combat, effect, resolves })]) as { units: { warscroll: { keywords: string[] } }[] } & RosterInput;
  r.units[0].warscroll.keywords = [...r.units[0].warscroll.keywords, 'FLY'];
  return r;
}

/** The kit's game after the Shaman's use of Draconic Onslaught (3+ roll 4, 2D6 = 4 + 5 = 9"), and its summary then. */
function afterUse(place: Record<string, [number, number]>) {
  const port = tablePortAt({ 'p1-boyz': [2, 2], 'p2-boyz': [14, 19.4], 'p1-hero': [10, 20], ...place });
  const s0 = toPhase(gameAtHero(flyingHero(ONSLAUGHT, 'Draconic Onslaught'), roster('p2'), port, [4, 4, 5, 5]), port, 'combat');
  s0.units['p1-hero'].turn.charged = true;
  const s = play(s0, port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Draconic Onslaught' }]).s;
  const summary = summarize(s, port, { moved: new Set(), shot: new Set(), board: { positions: {}, removed: [], addedObjectives: [] }, actions: 0, undo: { ok: false, reason: '' }, replay: null } as never);
  return { port, s, summary };
}

const act = (r: ReturnType<typeof reduce>): ActResult => (r.ok ? ({ ok: true } as unknown as ActResult) : ({ ok: false, reason: r.reason, rule: r.rule } as ActResult));

describe('passedAcross41: the unit passed across to pick, from the engine\'s refusal', () => {
  it('over the Gutrippaz and the Hobgrots: the question names both (names, not ids), and the move sent again with the Hobgrots is accepted', () => {
    const { port, s, summary } = afterUse({ 'p2-gits': [16, 19.6] });
    const pending = summary.units.find((u) => u.id === 'p1-hero')!.pendingMove;
    expect(pending).toMatchObject({ kind: 'ability', ability: 'Draconic Onslaught', passedAcross: { pick: 'one' } });
    const move: Action = { type: 'move', player: 'p1', unitId: 'p1-hero', kind: 'ability', paths: { 'p1-hero-m1': [[19, 20]] } };
    const r = act(reduce(s, move, port));
    expect(r.ok).toBe(false);
    const pick = acrossPickOf(r, move, summary, tableOf(summary, port));
    const name = (id: string) => summary.units.find((u) => u.id === id)!.name;
    expect(pick).toEqual({ ability: 'Draconic Onslaught', action: move, units: [{ id: 'p2-boyz', name: name('p2-boyz') }, { id: 'p2-gits', name: name('p2-gits') }] });
    expect(name('p2-gits')).not.toBe('p2-gits');
    const again = moveWithTarget(pick!, 'p2-gits');
    expect(again).toEqual({ ...move, target: 'p2-gits' });
    const ok = reduce(s, again, port);
    expect(ok.ok).toBe(true);
    if (ok.ok) expect(ok.events.filter((e) => e.type === 'abilityMortal')).toEqual([expect.objectContaining({ unitId: 'p2-gits', amount: 3 })]);
    expect(() => moveWithTarget(pick!, 'p1-boyz')).toThrow(/not one the move passed across/);
  });

  it('no question: over one unit (accepted), a move naming its target, another refusal, a move of another kind', () => {
    const { port, s, summary } = afterUse({});
    const move: Action = { type: 'move', player: 'p1', unitId: 'p1-hero', kind: 'ability', paths: { 'p1-hero-m1': [[18, 20]] } };
    const one = reduce(s, move, port);
    expect(one.ok).toBe(true);
    expect(acrossPickOf(act(one), move, summary, tableOf(summary, port))).toBeNull();
    const tooFar: Action = { ...move, paths: { 'p1-hero-m1': [[30, 20]] } };
    const far = act(reduce(s, tooFar, port));
    expect(far.ok).toBe(false);
    expect(acrossPickOf(far, tooFar, summary, tableOf(summary, port))).toBeNull();
    const twoUnits = afterUse({ 'p2-gits': [16, 19.6] });
    const named: Action = { ...move, paths: { 'p1-hero-m1': [[19, 20]] }, target: 'p2-hero' };
    expect(acrossPickOf(act(reduce(twoUnits.s, named, twoUnits.port)), named, twoUnits.summary, tableOf(twoUnits.summary, twoUnits.port))).toBeNull();
    const normal = { ...move, kind: 'normal' } as Action;
    expect(acrossPickOf({ ok: false, reason: 'pick an enemy unit that this unit passed across (the move\'s target): Gutrippaz, Hobgrots', rule: 'Draconic Onslaught: Effect' } as ActResult, normal, summary, tableOf(summary, port))).toBeNull();
    // The page's measure, as the engine's: 8" over the Gutrippaz only; 9" over both; 0.1" beside them (y = 18.04), none.
    expect(unitsCrossed(move, summary, tableOf(summary, port))).toEqual(['p2-boyz']);
    expect(unitsCrossed(named as Extract<Action, { type: 'move' }>, twoUnits.summary, tableOf(twoUnits.summary, twoUnits.port))).toEqual(['p2-boyz', 'p2-gits']);
    const beside = afterUse({ 'p1-hero': [10, 18.04] });
    expect(unitsCrossed({ ...move, paths: { 'p1-hero-m1': [[18, 18.04]] } } as Extract<Action, { type: 'move' }>, beside.summary, tableOf(beside.summary, beside.port))).toEqual([]);
  });

  it("Fight and Flight (\"roll a D3 for each enemy unit that this unit passed across\") asks nothing: its pending move's pick is each", () => {
    const port = tablePortAt({ 'p1-boyz': [2, 2], 'p2-boyz': [12.5, 20], 'p2-gits': [16, 19.6], 'p1-hero': [10.4, 20] });
    const s0 = toPhase(gameAtHero(flyingHero(FLIGHT, 'Fight and Flight'), roster('p2'), port, [2, 2, 2]), port, 'combat');
    const s = play(s0, port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Fight and Flight' }]).s;
    const summary = summarize(s, port, { moved: new Set(), shot: new Set(), board: { positions: {}, removed: [], addedObjectives: [] }, actions: 0, undo: { ok: false, reason: '' }, replay: null } as never) as GameSummary;
    expect(summary.units.find((u) => u.id === 'p1-hero')!.pendingMove).toMatchObject({ passedAcross: { pick: 'each' } });
    const move: Action = { type: 'move', player: 'p1', unitId: 'p1-hero', kind: 'ability', paths: { 'p1-hero-m1': [[21, 20]] } };
    expect(acrossPickOf({ ok: false, reason: 'pick an enemy unit that this unit passed across (the move\'s target): Gutrippaz, Hobgrots', rule: 'Fight and Flight: Effect' } as ActResult, move, summary, tableOf(summary, port))).toBeNull();
  });
});

describe('the roll for a unit passed across, in words (the log and the dice panel)', () => {
  it('"passedAcross" (the roll\'s purpose) reads "passed across"', async () => {
    const { pageDictionary, playerWords } = await import('../../game/playerWords');
    const d = pageDictionary([{ id: 'sk-warlock', name: 'Warlock Engineer', models: 1, aliveModelIds: ['sk-warlock-1'] }]);
    expect(playerWords('p1 rolls Draconic Onslaught (passedAcross, sk-warlock): [2]', d)).toBe('p1 rolls Draconic Onslaught (passed across, Warlock Engineer): [2]');
    expect(playerWords('passedAcross · sk-warlock', d)).toBe('passed across · Warlock Engineer');
  });
});
