/**
 * The permissions and restrictions of session 37 (perm37; docs/abilities.md "Permissions added in session 37
 * (perm37)") applied in play with scripted dice and hand-computed results, on the real table of the ability
 * kit (a `worldPort` over placed models). Each ability is the real roster text read by the parser (the
 * kit's army keyword KRULEBOYZ where the text names a faction):
 * - Darkness of the Soul (lrl-001): "Roll a dice. On a 3+, the target cannot use commands until the start of
 *   your next turn." (`noCommands`, Commands 1.2);
 * - Staff of Abjuration (sce-002): "This unit can use Unbind abilities as if it had Wizard (1)." (Magic 4.0);
 * - Empowered Through Excruciation (nh-001): "Ignore the first damage point that would be allocated to each
 *   friendly Nighthaunt unit wholly within 12" of this unit in each phase." (Core 18.2, an aura measured);
 * - Son of Behemat (sob-001): "If this unit would be automatically destroyed, it is not automatically
 *   destroyed. Instead, allocate 6 damage points to it (ward rolls cannot be made for those damage points)."
 *   against a by-hand "it is automatically destroyed" (`destroyed`, the by-hand vocabulary);
 * - Dispersed Formation (sce-002): "This unit has a coherency range of 2"." set on the imported warscroll;
 * - Wrench Souls (nh-001, a spell): "The target can immediately use the 'Normal Move' or 'Retreat' ability as if
 *   it were your movement phase." (`movementPhaseMove`, Core 14.1);
 * - Longshanks (sob-001): "This unit can pass through models in non-Monster units and parts of terrain features
 *   that are less than 4" tall." (`passThrough`, Core 15.0 and 15.2 extended), on a table with a wall;
 * - Royal Bodyguard (fec-001): "While any friendly non-Monster Flesh-eater Courts Heroes are wholly within this unit's
 *   combat range, both this unit and those Heroes have Ward (5+)." (`friendlyNear`, `notKeyword`), measured;
 * - Outmanoeuvre (dok-001): "When this unit uses the 'Redeploy' command, if you roll a 1-3 when determining the
 *   distance this unit can move, you can use a value of 4 instead." (`redeployAtLeast`, Commands 3.0).
 */

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ability, gameAtHero, KB, play, refused, roster, tablePortAt, timing, toPhase } from './abilityKit.test-helpers';
import { parseEffect } from '../abilities/parseEffect';
import { parseTiming } from '../abilities/parseTiming';
import { abilityWard } from '../abilities/passives';
import type { Ability } from '../abilities/schema';
import type { RosterInput } from './roster';
import { importArmy } from '../../army/importArmy';
import { worldPort } from './worldPort';
import { makeWorld } from '../../../tests/scenario/geomKit';

const KNOWN = ['KRULEBOYZ', 'INFANTRY', 'HERO', 'WIZARD', 'MONSTER'];

/** The real text read by the parser into an ability (throws when it is not read: the test is about the engine). */
function read(name: string, timingText: string, effect: string, declare: string | null = null): Ability {
  const t = parseTiming(timingText, timingText === 'Passive');
  const r = parseEffect({ declare, effect, timing: t, knownKeywords: KNOWN });
  if (r.resolves === null) throw new Error(`${name} not read: ${r.unparsed}`);
  return ability({ name, timing: t, declare, effect, resolves: r.resolves, ...(r.picks ? { picks: r.picks } : {}) });
}

/** A roster with one unit's warscroll changed. */
function withWarscroll(r: RosterInput, unitId: string, change: Record<string, unknown>): RosterInput {
  return { ...r, units: r.units.map((u) => (u.id === unitId ? { ...u, warscroll: { ...u.warscroll, ...change } } : u)) };
}

describe('Darkness of the Soul: "On a 3+, the target cannot use commands until the start of your next turn" (Commands 1.2)', () => {
  const darkness = read('Darkness of the Soul', 'Once Per Turn (Army), Your Hero Phase', 'Roll a dice. On a 3+, the target cannot use commands until the start of your next turn.', 'Pick a visible enemy unit within 18" of this unit to be the target.');
  // p2's WIZARD 15" from p1's hero (centres 16" apart, 32 mm bases): within 18" and visible on the open table.
  const port = tablePortAt({ 'p2-hero': [26, 20] });
  const use = { type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Darkness of the Soul', target: 'p2-hero' } as const;
  it('a 3: p2\'s WIZARD cannot use Magical Intervention in p1\'s hero phase, nor Rally in p2\'s own turn', () => {
    const s0 = gameAtHero(roster('p1', [darkness]), roster('p2'), port, [3]);
    const r = play(s0, port, [use]);
    expect(r.events.find((e) => e.type === 'abilityEffect')).toMatchObject({ units: ['p2-hero'], duration: 'nextTurnStart', rolls: { 'p2-hero': [3] } });
    const no = refused(r.s, port, { type: 'command', player: 'p2', command: 'magicalIntervention', unitId: 'p2-hero' });
    expect(no).toEqual({ reason: 'unit "p2-hero" cannot use commands (Darkness of the Soul)', rule: 'Commands 1.2' });
    // p2's boyz were not the target: their commands are untouched (the same turn, Rally is p2's in its own hero phase).
    const p2Turn = toPhase(play(r.s, port, [{ type: 'endPhase', player: 'p1' }]).s, port, 'hero');
    expect(p2Turn.active).toBe('p2');
    expect(refused(p2Turn, port, { type: 'command', player: 'p2', command: 'rally', unitId: 'p2-hero' }).reason).toContain('cannot use commands');
  });
  it('a 2: the effect is skipped and Magical Intervention is used (1 CP)', () => {
    const s0 = gameAtHero(roster('p1', [darkness]), roster('p2'), port, [2]);
    const r = play(s0, port, [use]);
    expect(r.events.find((e) => e.type === 'abilityEffectSkipped')).toMatchObject({ unitId: 'p2-hero', why: 'rolled 2, needed 3+' });
    const cp = r.s.players.p2.cp;
    const m = play(r.s, port, [{ type: 'command', player: 'p2', command: 'magicalIntervention', unitId: 'p2-hero' }]);
    expect(m.events.find((e) => e.type === 'commandUsed')).toMatchObject({ unitId: 'p2-hero', cost: 1, cpLeft: cp - 1 });
  });
});

describe('Staff of Abjuration: "This unit can use Unbind abilities as if it had Wizard (1)" (Magic 4.0)', () => {
  const staff = read('Staff of Abjuration', 'Passive', 'This unit can use **^^Unbind^^** abilities as if it had **^^Wizard (1)^^**.');
  // p2's boyz (no WIZARD) at 10" from the caster: within 12" of it (the spell's range) and within 30" (Unbind).
  const port = tablePortAt({ 'p2-boyz': [20, 15] });
  const cast = { type: 'cast', player: 'p1', unitId: 'p1-hero', spell: 'choking-mist', target: 'p2-boyz' } as const;
  it('without it, the boyz are not a WIZARD; with it they unbind once: 5 + 5 = 10 > the casting roll 4 + 4 = 8', () => {
    const bare = play(gameAtHero(roster('p1', [], [], [KB.chokingMist]), roster('p2'), port, [4, 4, 5, 5]), port, [cast]).s;
    expect(refused(bare, port, { type: 'unbind', player: 'p2', unitId: 'p2-boyz' })).toEqual({ reason: 'unit "p2-boyz" is not a WIZARD', rule: 'Magic 4.0' });
    const c = play(gameAtHero(roster('p1', [], [], [KB.chokingMist]), roster('p2', [], [staff]), port, [4, 4, 5, 5]), port, [cast]);
    const u = play(c.s, port, [{ type: 'unbind', player: 'p2', unitId: 'p2-boyz' }]);
    expect(u.events.find((e) => e.type === 'unbindRoll')).toMatchObject({ unitId: 'p2-boyz', roll: 10, castingRoll: 8, unbound: true });
  });
});

describe('Empowered Through Excruciation: the first damage point allocated in each phase is ignored, wholly within 12" (Core 18.2)', () => {
  const aura = read('Empowered Through Excruciation', 'Passive', 'Ignore the first damage point that would be allocated to each friendly **^^Kruleboyz^^** unit wholly within 12" of this unit in each phase.');
  // Two mortal damage abilities of p1 (fixed amounts: no dice), used one after the other in p1's hero phase.
  const pick = 'Pick a visible enemy unit within 18" of this unit to be the target.';
  const three = read('Three Bolts', 'Your Hero Phase', 'Inflict 3 mortal damage on the target.', pick);
  const two = read('Two Bolts', 'Your Hero Phase', 'Inflict 2 mortal damage on the target.', pick);
  const bolts = [
    { type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Three Bolts', target: 'p2-boyz' },
    { type: 'useAbility', player: 'p1', unitId: 'p1-boyz', ability: 'Two Bolts', target: 'p2-boyz' },
  ] as const;
  it('wholly within 12" of p2\'s hero: 3 mortal damage slays 2 boyz (1 point ignored), then 2 more slay 2 (one per phase)', () => {
    // p2's hero at (30, 20); its 5 boyz in a line from (26, 15) to (26, 20.2): wholly within 12" (about 5.4" at most).
    const port = tablePortAt({ 'p2-hero': [30, 20], 'p2-boyz': [26, 15] });
    expect(port.whollyWithin('p2-boyz', 'p2-hero', 12)).toBe(true);
    const r = play(gameAtHero(roster('p1', [three], [two]), roster('p2', [aura]), port), port, bolts.slice(0, 1) as never);
    expect(r.events.find((e) => e.type === 'damagePoolReduced')).toEqual({ type: 'damagePoolReduced', unitId: 'p2-boyz', removed: 1, rule: 'Empowered Through Excruciation (warscroll)' });
    expect(r.s.units['p2-boyz'].slain).toHaveLength(2);
    const r2 = play(r.s, port, bolts.slice(1) as never);
    expect(r2.events.some((e) => e.type === 'damagePoolReduced')).toBe(false);
    expect(r2.s.units['p2-boyz'].slain).toHaveLength(4);
  });
  it('not wholly within 12" (the boyz 20" away): 3 mortal damage slays 3', () => {
    const port = tablePortAt({ 'p2-hero': [50, 40], 'p2-boyz': [26, 15] });
    expect(port.whollyWithin('p2-boyz', 'p2-hero', 12)).toBe(false);
    const r = play(gameAtHero(roster('p1', [three], [two]), roster('p2', [aura]), port), port, bolts.slice(0, 1) as never);
    expect(r.events.some((e) => e.type === 'damagePoolReduced')).toBe(false);
    expect(r.s.units['p2-boyz'].slain).toHaveLength(3);
  });
});

describe('Son of Behemat against "it is automatically destroyed" resolved by hand', () => {
  const son = read('Son of Behemat', 'Passive', 'If this unit would be automatically destroyed, it is not automatically destroyed. Instead, allocate 6 damage points to it (ward rolls cannot be made for those damage points).');
  // The by-hand ability (Toxic Stash, kb-001: "Roll 2D6. If the roll exceeds the target's Health characteristic, it is automatically destroyed.").
  const stash = ability({ name: 'Toxic Stash', timing: timing('Your Hero Phase', 'hero', 'your'), declare: 'Pick a visible enemy unit within 18" of this unit to be the target.', effect: "Roll 2D6. If the roll exceeds the target's Health characteristic, it is automatically destroyed.", picks: [{ kind: 'enemyUnit', within: 18, visible: true }] });
  const port = tablePortAt({ 'p2-hero': [26, 20] });
  const acts = [
    { type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Toxic Stash', target: 'p2-hero' },
    { type: 'resolveByHand', player: 'p1', ability: 'Toxic Stash', effects: [{ destroyed: true, targets: 'targets' }] },
  ] as never;
  it('without it the hero is destroyed at once: its model slain, no damage sequence', () => {
    const r = play(gameAtHero(roster('p1', [stash]), roster('p2'), port), port, acts);
    expect(r.s.units['p2-hero'].slain).toEqual(['p2-hero-m1']);
    expect(r.events.find((e) => e.type === 'unitDestroyed')).toMatchObject({ unitId: 'p2-hero', by: 'p1-hero' });
    expect(r.events.some((e) => e.type === 'damageResolved')).toBe(false);
  });
  it('with it (Health 10, Ward 4+ on its warscroll): 6 damage points allocated, no ward dice rolled, the hero lives', () => {
    const p2 = withWarscroll(roster('p2', [son]), 'p2-hero', { health: 10, ward: 4 });
    const r = play(gameAtHero(roster('p1', [stash]), p2, port), port, acts);
    expect(r.events.find((e) => e.type === 'notDestroyed')).toEqual({ type: 'notDestroyed', unitId: 'p2-hero', rule: 'Son of Behemat (warscroll)', points: 6, noWard: true });
    expect(r.events.find((e) => e.type === 'damageResolved')).toMatchObject({ unitId: 'p2-hero', pool: 6, ward: null, wardDice: [], allocated: 6, damage: 6 });
    expect(r.s.units['p2-hero'].slain).toEqual([]);
  });
  it('with it at Health 5: the 6 points slay it (the rule replaces the destruction, it does not prevent the damage)', () => {
    const r = play(gameAtHero(roster('p1', [stash]), roster('p2', [son]), port), port, acts);
    expect(r.events.find((e) => e.type === 'damageResolved')).toMatchObject({ unitId: 'p2-hero', allocated: 5 });
    expect(r.s.units['p2-hero'].slain).toEqual(['p2-hero-m1']);
  });
});

describe('Dispersed Formation: "This unit has a coherency range of 2"" on the imported warscroll (Core 15.1)', () => {
  it('sce-002-units-a: the Prosecutors and both Stormdrake Guard units (each with Dispersed Formation) get coherencyRange 2; no other unit gets one', () => {
    const path = 'tests/fixtures/rosters/new-recruit/sce-002-units-a/list.json';
    const r = importArmy(new Uint8Array(readFileSync(path)), path);
    const withRange = r.army.units.filter((u) => u.warscroll.coherencyRange !== undefined).map((u) => [u.name, u.warscroll.coherencyRange]);
    expect(withRange).toEqual([['Prosecutors', 2], ['Stormdrake Guard', 2], ['Stormdrake Guard (1 model)', 2]]);
    expect(r.army.units.filter((u) => (u.warscroll.abilities ?? []).some((a) => a.name === 'Dispersed Formation')).length).toBe(3);
  });
});

describe("Wrench Souls: \"The target can immediately use the 'Normal Move' or 'Retreat' ability as if it were your movement phase\" (Core 14.1)", () => {
  const declare = 'Pick a friendly **^^Kruleboyz Wizard^^** to cast this spell, pick a visible friendly non-Hero **^^Kruleboyz Infantry^^** unit wholly within 12" of them to be the target, then make a casting roll of 2D6.';
  const t = parseTiming('Your Hero Phase', false);
  const r = parseEffect({ declare, effect: "The target can immediately use the 'Normal Move' or 'Retreat' ability as if it were your movement phase.", timing: t, knownKeywords: KNOWN });
  const wrench = ability({ id: 'wrench-souls', name: 'Wrench Souls', source: 'spell', timing: t, castingValue: 6, keywords: ['SPELL'], declare, effect: "The target can immediately use the 'Normal Move' or 'Retreat' ability as if it were your movement phase.", resolves: r.resolves, ...(r.picks ? { picks: r.picks } : {}) });
  /** Every boyz model moved `dx` inches along +x from where the kit places them ((14, 15) + 1.3" steps in y). */
  const shift = (dx: number) => Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`p1-boyz-m${i + 1}`, [[14 + dx, 15 + i * 1.3]]]));
  const normal = (dx: number) => ({ type: 'move', player: 'p1', unitId: 'p1-boyz', kind: 'normal', paths: shift(dx) }) as never;
  it('in p1\'s hero phase: refused without the spell; after it (casting roll 4 + 4 = 8, CV 6), one Normal Move of up to Move 5" is made, then no second', () => {
    expect(r.resolves).toEqual([{ movementPhaseMove: 'normalOrRetreat', targets: 'targets' }]);
    const port = tablePortAt();
    const s0 = gameAtHero(roster('p1', [], [], [wrench]), roster('p2'), port, [4, 4]);
    expect(refused(s0, port, normal(5))).toEqual({ reason: 'Normal Move is used in your movement phase', rule: 'Core 14.1' });
    const cast = play(s0, port, [{ type: 'cast', player: 'p1', unitId: 'p1-hero', spell: 'wrench-souls', target: 'p1-boyz' }, { type: 'pass', player: 'p2' }]);
    expect(cast.events.find((e) => e.type === 'movePermitted')).toEqual({ type: 'movePermitted', unitId: 'p1-boyz', ability: 'Wrench Souls', moves: ['normal', 'retreat'] });
    // 5.5" is farther than the boyz' Move of 5" (Core 14.1); 5" is within it.
    expect(refused(cast.s, port, normal(5.5)).rule).toBe('Core 14.1');
    const moved = play(cast.s, port, [normal(5)]);
    expect(moved.s.positions['p1-boyz-m1']).toEqual([19, 15]);
    expect(refused(moved.s, port, normal(6)).reason).toBe('Normal Move is used in your movement phase');
  });
  it('a unit in combat uses the Retreat instead (D3 mortal damage, Core 14.1; a scripted 4 is a D3 of 2, Core 2.2): the permit is used up', () => {
    // p2's gits 1.5" from the boyz (centres 2.76" apart, 32 mm bases): in combat.
    const port = tablePortAt({ 'p2-gits': [16.76, 15] });
    const cast = play(gameAtHero(roster('p1', [], [], [wrench]), roster('p2'), port, [4, 4, 4]), port, [{ type: 'cast', player: 'p1', unitId: 'p1-hero', spell: 'wrench-souls', target: 'p1-boyz' }, { type: 'pass', player: 'p2' }]);
    expect(refused(cast.s, port, normal(-3)).reason).toContain('is in combat');
    const back = play(cast.s, port, [{ type: 'retreat', player: 'p1', unitId: 'p1-boyz' }]);
    expect(back.events.find((e) => e.type === 'retreat')).toEqual({ type: 'retreat', unitId: 'p1-boyz', mortal: 2 });
    expect(back.s.units['p1-boyz'].turn.pendingMove).toMatchObject({ kind: 'retreat', maxInches: 5 });
    expect(back.s.effects.some((e) => e.unitId === 'p1-boyz' && e.kind === 'normalOrRetreatNow')).toBe(false);
  });
});

describe('Longshanks: "This unit can pass through models in non-Monster units and parts of terrain features that are less than 4" tall" (Core 15.0, 15.2)', () => {
  const longshanks = read('Longshanks', 'Passive', 'This unit can pass through models in non-**^^Monster^^** units and parts of terrain features that are less than 4" tall.');
  /**
   * The kit's units on a 60" x 44" table with a 1" thick, 10" long wall of height `wall` centred at (13, 32) (x in
   * [12.5, 13.5], y in [27, 37]); p1's gits (3 models, 32 mm) at (13, 20), (13, 21.3), (13, 22.6); p1's hero at (10, 20).
   */
  const portWith = (wall: number) => {
    const place: Record<string, [number, number]> = { 'p1-hero': [10, 20], 'p1-boyz': [14, 5], 'p1-gits': [13, 20], 'p2-hero': [50, 20], 'p2-boyz': [46, 5], 'p2-gits': [50, 35] };
    const count: Record<string, number> = { hero: 1, boyz: 5, gits: 3 };
    const units = Object.entries(place).map(([id, at]) => ({ id, army: id.slice(0, 2), models: Array.from({ length: count[id.split('-')[1]] }, (_, i) => ({ id: `${id}-m${i + 1}`, base: { round: 32 }, pos: [at[0], at[1] + i * 1.3] as [number, number], height: 1.2 })) }));
    return worldPort(makeWorld({ terrain: [{ id: 'wall', type: 'area', boxes: [{ center: [13, 32], size: [1, 10, wall] }] }], units }));
  };
  const heroMove = (path: [number, number][]) => ({ type: 'move', player: 'p1', unitId: 'p1-hero', kind: 'normal', paths: { 'p1-hero-m1': path } }) as never;
  const inMovement = (heroAbilities: Ability[], wall: number) => {
    const port = portWith(wall);
    return { port, s: toPhase(gameAtHero(roster('p1', heroAbilities), roster('p2'), port), port, 'movement') };
  };
  it('through the gits (non-MONSTER) from (10, 20) to (15, 20), 5" = Move 5: refused without it, made with it; ending on a gits model is still refused', () => {
    const bare = inMovement([], 3);
    expect(refused(bare.s, bare.port, heroMove([[10, 20], [15, 20]])).reason).toContain('p1-gits-m1');
    const g = inMovement([longshanks], 3);
    const moved = play(g.s, g.port, [heroMove([[10, 20], [15, 20]])]);
    expect(moved.s.positions['p1-hero-m1']).toEqual([15, 20]);
    expect(refused(g.s, g.port, heroMove([[10, 20], [13, 20]])).reason).toContain('overlapping');
  });
  it('across a 3" wall from (11, 30) to (15, 30): 4" with it (under Move 5); 4 + 3 + 3 = 10" without; a 4" wall is climbed even with it (4 + 8 = 12")', () => {
    const at = (g: ReturnType<typeof inMovement>) => ({ ...g, s: { ...g.s, positions: { ...g.s.positions, 'p1-hero-m1': [11, 30] as [number, number] } } });
    const cross = heroMove([[11, 30], [15, 30]]);
    const bare = at(inMovement([], 3));
    bare.port.sync({ positions: bare.s.positions, removed: [] });
    expect(refused(bare.s, bare.port, cross).reason).toContain('would move 10.00"');
    const g = at(inMovement([longshanks], 3));
    g.port.sync({ positions: g.s.positions, removed: [] });
    expect(play(g.s, g.port, [cross]).s.positions['p1-hero-m1']).toEqual([15, 30]);
    const tall = at(inMovement([longshanks], 4));
    tall.port.sync({ positions: tall.s.positions, removed: [] });
    expect(refused(tall.s, tall.port, cross).reason).toContain('would move 12.00"');
  });
});

describe('Royal Bodyguard: Ward (5+) for this unit and the non-MONSTER Heroes wholly within its combat range (Core 13.0: 3"; Core 1.1)', () => {
  const bodyguard = read('Royal Bodyguard', 'Passive', "While any friendly non-**^^Monster Kruleboyz Heroes^^** are wholly within this unit's combat range, both this unit and those **^^Heroes^^** have **^^Ward (5+)^^**.");
  // The boyz (the bodyguard) in a line from (14, 15) to (14, 20.2); the hero level with the third model (14, 17.6).
  // 32 mm bases (r = 0.63"): the hero's farthest point from that model's base is the centres' gap, so wholly within 3" at a gap of 2.9", not at 3.4".
  const at = (x: number, hero: Ability[] = [], keywords?: string[]) => {
    const port = tablePortAt({ 'p1-hero': [x, 17.6] });
    const p1 = roster('p1', hero, [bodyguard]);
    const s = gameAtHero(keywords ? withWarscroll(p1, 'p1-hero', { keywords }) : p1, roster('p2'), port);
    return { port, s };
  };
  it('hero 2.9" from the line (wholly within): both have Ward (5+); 3.4" (within, not wholly): neither', () => {
    const near = at(16.9);
    expect(near.port.whollyWithin('p1-hero', 'p1-boyz', 3)).toBe(true);
    expect([abilityWard(near.s, near.port, 'p1-boyz'), abilityWard(near.s, near.port, 'p1-hero')]).toEqual([5, 5]);
    const far = at(17.4);
    expect([far.port.whollyWithin('p1-hero', 'p1-boyz', 3), far.port.distance('p1-hero', 'p1-boyz') <= 3]).toEqual([false, true]);
    expect([abilityWard(far.s, far.port, 'p1-boyz'), abilityWard(far.s, far.port, 'p1-hero')]).toEqual([null, null]);
  });
  it('a MONSTER Hero wholly within: neither ("non-Monster")', () => {
    const m = at(16.9, [], ['HERO', 'WIZARD (2)', 'KRULEBOYZ', 'INFANTRY', 'MONSTER']);
    expect([abilityWard(m.s, m.port, 'p1-boyz'), abilityWard(m.s, m.port, 'p1-hero')]).toEqual([null, null]);
  });
});

describe("Outmanoeuvre: a Redeploy roll of 1-3 counts as 4 (Commands 3.0: D6\")", () => {
  const outmanoeuvre = read('Outmanoeuvre', 'Passive', "When this unit uses the 'Redeploy' command, if you roll a 1-3 when determining the distance this unit can move, you can use a value of 4 instead.");
  const port = tablePortAt();
  const redeploy = { type: 'command', player: 'p2', command: 'redeploy', unitId: 'p2-boyz' } as never;
  const inP1Movement = (dice: number[], boyz: Ability[]) => toPhase(gameAtHero(roster('p1'), roster('p2', [], boyz), port, dice), port, 'movement');
  it('a 2 allows 4" with it (the rule named), 2" without; a 5 stays 5"', () => {
    const r = play(inP1Movement([2], [outmanoeuvre]), port, [redeploy]);
    expect(r.events.find((e) => e.type === 'redeploy')).toEqual({ type: 'redeploy', unitId: 'p2-boyz', roll: 2, maxInches: 4, rule: 'Outmanoeuvre (warscroll)' });
    expect(r.s.units['p2-boyz'].turn.pendingMove).toMatchObject({ kind: 'redeploy', maxInches: 4 });
    expect(play(inP1Movement([2], []), port, [redeploy]).events.find((e) => e.type === 'redeploy')).toEqual({ type: 'redeploy', unitId: 'p2-boyz', roll: 2, maxInches: 2 });
    expect(play(inP1Movement([5], [outmanoeuvre]), port, [redeploy]).events.find((e) => e.type === 'redeploy')).toEqual({ type: 'redeploy', unitId: 'p2-boyz', roll: 5, maxInches: 5 });
  });
});
