/**
 * Faction resources in play (session 38, ab38b; abilities/resourceCounts38.ts, engine/resourceTriggers38.ts): the real
 * texts of Unstoppable Momentum, Head of the Stampede, Flattened into the Mud (ij-001), Rhythm of Destruction (ij-001)
 * and Feed on Pestilence (skv-001) parsed here and played on the kit's table with scripted dice. The kit's Gutrippaz
 * (p1-boyz) carry Unstoppable Momentum and their melee weapon is named "Maw-grunta's Tusks" (the weapon the text names).
 * Where a Declare or a timing is not what is tested, the kit's plain one stands in (said at each test).
 */

import { describe, expect, it } from 'vitest';
import { ability, gameAtHero, play, roster, tablePortAt, timing, toPhase } from './abilityKit.test-helpers';
import { parseEffect } from '../abilities/parseEffect';
import { parseTiming } from '../abilities/parseTiming';
import { modified, abilityStrike } from '../abilities/passives';
import { resourceCount } from '../abilities/resourceCounts38';
import { noteCombatDamage } from './unitHistory';
import { stateHash } from './hash';
import type { Ability } from '../abilities/schema';
import type { RosterInput } from './roster';
import type { GameState } from './state';
import type { GeometryPort } from './geometryPort';

const KW = ['KRULEBOYZ', 'INFANTRY', 'WIZARD', 'HERO'];
const MOMENTUM_TEXT =
  "Each time this unit has charged as a result of using a Charge ability, it gains 1 momentum point. Each time it uses a Run ability, it gains 2 momentum points. It can have a maximum of 3 momentum points at once.\nAdd the number of momentum points this unit has to the Damage characteristic of its Maw-grunta's Tusks. At the end of each battle round, subtract 1 from its momentum points, to a minimum of 0.";
const TUSKS = "Maw-grunta's Tusks";
const MP = 'momentum point';

function real(name: string, timingText: string, passive: boolean, declare: string | null, effect: string, when?: Ability['timing']): Ability {
  const t = parseTiming(timingText, passive);
  const r = parseEffect({ declare, effect, timing: t, knownKeywords: KW });
  if (r.resolves === null) throw new Error(`not read: ${r.unparsed}`);
  return ability({ name, timing: when ?? t, declare, effect, resolves: r.resolves, ...(r.picks ? { picks: r.picks } : {}) });
}

const momentum = () => real('Unstoppable Momentum', '', true, null, MOMENTUM_TEXT);
/** Head of the Stampede's Effect as printed; the kit's "Pick a friendly unit" and a hero-phase timing stand in for its charge-phase Declare. */
const stampede = () => real('Head of the Stampede', 'Your Hero Phase', false, 'Pick a friendly unit to be the target.', 'Add 1 momentum point to each target.');
/** Flattened into the Mud's Effect as printed, on p1-boyz; a hero-phase timing and "Pick an enemy unit" stand in for its combat-phase Declare. */
const flattened = () => real('Flattened into the Mud', 'Your Hero Phase', false, 'Pick an enemy unit to be the target.', 'Roll a dice and add the number of momentum points this unit has to the roll. On a 5+, the target has Strike-last for the rest of the turn.');

/** p1 with the given abilities on its hero and boyz, the boyz' melee weapon renamed Maw-grunta's Tusks. */
function p1(hero: Ability[], boyz: Ability[]): RosterInput {
  const r = roster('p1', hero, boyz);
  return { ...r, units: r.units.map((u) => (u.id === 'p1-boyz' ? { ...u, weapons: u.weapons.map((w, i) => (i === 0 ? { ...w, name: TUSKS } : w)) } : u)) };
}

/** The Damage modifier of the boyz' Tusks (and of their Bow) now. */
function tusks(s: GameState, port: GeometryPort): { tusks: number; bow: number } {
  return { tusks: modified(s, port, 'p1-boyz', 'damage', { weapon: 'melee', weaponName: TUSKS }).add, bow: modified(s, port, 'p1-boyz', 'damage', { weapon: 'ranged', weaponName: 'Bow' }).add };
}

/** Give `unit` `n` of `resource` (a game that reached it by play; the tests of the triggers below do it by play). */
function withPoints(s: GameState, unit: string, n: number): GameState {
  return { ...s, resources: { ...(s.resources ?? {}), [unit]: { [MP]: n } } };
}

describe('Unstoppable Momentum (ij-001) in play', () => {
  const port = tablePortAt({ 'p2-boyz': [20, 15] });

  it('a Run gains 2 momentum points: +2 Damage for the Tusks, none for the Bow; a game without the ability has no counters', () => {
    const s0 = toPhase(gameAtHero(p1([], [momentum()]), roster('p2'), port, [3]), port, 'movement');
    expect(s0.resources).toBeUndefined();
    expect(tusks(s0, port)).toEqual({ tusks: 0, bow: 0 });
    const r = play(s0, port, [{ type: 'run', player: 'p1', unitId: 'p1-boyz' }]);
    expect(resourceCount(r.s, 'p1-boyz', MP)).toBe(2);
    expect(r.events.find((e) => e.type === 'resourceChanged')).toMatchObject({ unitId: 'p1-boyz', resource: MP, before: 0, after: 2, ability: 'Unstoppable Momentum' });
    expect(tusks(r.s, port)).toEqual({ tusks: 2, bow: 0 });
    // Without the ability the same Run keeps the state as it was (no `resources`).
    const plain = play(toPhase(gameAtHero(p1([], []), roster('p2'), port, [3]), port, 'movement'), port, [{ type: 'run', player: 'p1', unitId: 'p1-boyz' }]).s;
    expect(plain.resources).toBeUndefined();
  });

  it('at most 3 at once: 2 points, then a Run (+2) gives 3, not 4', () => {
    const s0 = withPoints(toPhase(gameAtHero(p1([], [momentum()]), roster('p2'), port, [3]), port, 'movement'), 'p1-boyz', 2);
    const r = play(s0, port, [{ type: 'run', player: 'p1', unitId: 'p1-boyz' }]);
    expect(resourceCount(r.s, 'p1-boyz', MP)).toBe(3);
    expect(tusks(r.s, port).tusks).toBe(3);
  });

  it('a successful charge (6 + 6, the boyz 4.5" along +x to 0.24" of p2\'s) gains 1; a charge roll only, no move, none', () => {
    const s0 = toPhase(gameAtHero(p1([], [momentum()]), roster('p2'), port, [6, 6]), port, 'charge');
    const paths = Object.fromEntries([0, 1, 2, 3, 4].map((i) => [`p1-boyz-m${i + 1}`, [[18.5, 15 + i * 1.3] as [number, number]]]));
    const rolled = play(s0, port, [{ type: 'charge', player: 'p1', unitId: 'p1-boyz' }]).s;
    expect(resourceCount(rolled, 'p1-boyz', MP)).toBe(0);
    const charged = play(rolled, port, [{ type: 'move', player: 'p1', unitId: 'p1-boyz', kind: 'charge', paths }]).s;
    expect(charged.units['p1-boyz'].turn.charged).toBe(true);
    expect(resourceCount(charged, 'p1-boyz', MP)).toBe(1);
  });

  it('the end of each battle round subtracts 1 (3 → 2 → 1), never below 0', () => {
    let s = withPoints(gameAtHero(p1([], [momentum()]), roster('p2'), port), 'p1-boyz', 3);
    const endRound = (g: GameState): GameState => {
      const round = g.round;
      let guard = 0;
      while (g.round === round && guard++ < 20) {
        if (g.stage === 'firstTurn') break;
        g = play(g, port, [{ type: 'endPhase', player: g.active! }]).s;
      }
      return g;
    };
    s = endRound(s);
    expect(s.stage).toBe('firstTurn');
    expect(resourceCount(s, 'p1-boyz', MP)).toBe(2);
    s = play(s, port, [{ type: 'chooseFirstTurn', player: s.decider, first: 'p1' }]).s;
    s = endRound(s);
    expect(resourceCount(s, 'p1-boyz', MP)).toBe(1);
    // From 0 nothing is written (the state keeps no new entry).
    const zero = endRound(gameAtHero(p1([], [momentum()]), roster('p2'), port));
    expect(zero.resources).toBeUndefined();
  });
});

describe('Head of the Stampede and Flattened into the Mud (ij-001) in play', () => {
  const port = tablePortAt({});

  it('Head of the Stampede adds 1 momentum point to the target, within its maximum (2 → 3, 3 → 3)', () => {
    const s0 = gameAtHero(p1([stampede()], [momentum()]), roster('p2'), port);
    const one = play(withPoints(s0, 'p1-boyz', 2), port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Head of the Stampede', targets: ['p1-boyz'] }]).s;
    expect(resourceCount(one, 'p1-boyz', MP)).toBe(3);
    const full = play(withPoints(s0, 'p1-boyz', 3), port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Head of the Stampede', targets: ['p1-boyz'] }]).s;
    expect(resourceCount(full, 'p1-boyz', MP)).toBe(3);
  });

  it('Flattened into the Mud: roll 3 + 2 points = 5 → Strike-last on the target; roll 2 + 2 = 4 → none; roll 4 with no points → none', () => {
    const use = (points: number, dice: number[]) => {
      const s0 = gameAtHero(p1([], [momentum(), flattened()]), roster('p2'), port, dice);
      return play(points > 0 ? withPoints(s0, 'p1-boyz', points) : s0, port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-boyz', ability: 'Flattened into the Mud', targets: ['p2-hero'] }]);
    };
    const hit = use(2, [3]);
    expect(abilityStrike(hit.s, port, 'p2-hero')).toEqual({ first: false, last: true });
    const miss = use(2, [2]);
    expect(abilityStrike(miss.s, port, 'p2-hero').last).toBe(false);
    expect(miss.events.find((e) => e.type === 'abilityEffectSkipped')).toMatchObject({ why: 'rolled 2 + 2, needed 5+' });
    expect(abilityStrike(use(0, [4]).s, port, 'p2-hero').last).toBe(false);
  });
});

describe('ritual points (Magic 3.0) given by abilities', () => {
  const port = tablePortAt({});
  /** Rhythm of Destruction's Effect as printed; a hero-phase timing stands in for "End of Any Turn". */
  const rhythm = () => real('Rhythm of Destruction', 'End of Any Turn', false, null, "If any enemy models were slain this turn by this unit's combat attacks, give this unit D3 ritual points.", timing('Your Hero Phase', 'hero', 'your'));
  /** Feed on Pestilence's Effect as printed; a hero-phase timing stands in for its reaction to a Fight ability. */
  const feed = () => real('Feed on Pestilence', 'Your Hero Phase', false, null, 'Give this unit 1 ritual point.');

  it('Rhythm of Destruction: models slain by its combat attacks this turn, a D3 of 5 → 3 ritual points; none slain → none, no dice', () => {
    const s0 = gameAtHero(p1([rhythm()], []), roster('p2'), port, [5]);
    // What a Fight ability's damage sequence records (attacks.ts): 2 damage points allocated to p2-gits, 2 models slain.
    const events: never[] = [];
    const after = structuredClone(s0);
    noteCombatDamage({ s: after, port, events }, 'p1-hero', 'p2-gits', 2, 2);
    expect(after.units['p1-hero'].turn.combatSlew).toBe(true);
    const r = play(after, port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Rhythm of Destruction' }]);
    expect(r.s.ritualPoints['p1-hero']).toBe(3);
    expect(r.s.resources).toBeUndefined();
    // Damage allocated but no model slain: the condition fails, nothing rolled.
    const hurt = structuredClone(s0);
    noteCombatDamage({ s: hurt, port, events }, 'p1-hero', 'p2-hero', 2, 0);
    expect(hurt.units['p1-hero'].turn.combatSlew).toBeUndefined();
    const none = play(hurt, port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Rhythm of Destruction' }]);
    expect(none.s.ritualPoints['p1-hero'] ?? 0).toBe(0);
    expect(none.s.log.filter((e) => e.kind === 'roll')).toHaveLength(s0.log.filter((e) => e.kind === 'roll').length);
  });

  it('Feed on Pestilence: 1 ritual point, added to those banked; the chanting roll reads them; same actions, same hash', () => {
    const s0 = { ...gameAtHero(p1([feed()], []), roster('p2'), port), ritualPoints: { 'p1-hero': 2 } };
    const a = play(s0, port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Feed on Pestilence' }]);
    expect(a.s.ritualPoints['p1-hero']).toBe(3);
    expect(a.events.find((e) => e.type === 'resourceChanged')).toMatchObject({ resource: 'ritual point', before: 2, after: 3 });
    const b = play(s0, port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Feed on Pestilence' }]);
    expect(stateHash(b.s)).toBe(stateHash(a.s));
    expect(stateHash(a.s)).not.toBe(stateHash(s0));
  });
});
