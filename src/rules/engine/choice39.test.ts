/**
 * Roll-gated choices in play (session 39, sh39a; `abilities/parseChoice39.ts`): the real texts of sce-002's Light in
 * the Dark and The Light of Sigmar, read by the parser, used through the reducer on the ability kit's table with
 * scripted dice. One gate dice is rolled for the whole use (`rollOnce: "use"`), then the branch named in the action
 * applies. Distances by hand: 32 mm bases (radius 0.63"), the gap between two bases is the centres' distance - 1.26".
 */

import { describe, expect, it } from 'vitest';
import { parseEffect } from '../abilities/parseEffect';
import { parseTiming } from '../abilities/parseTiming';
import { ability, gameAtHero, play, roster, tablePortAt, toPhase, type Placement } from './abilityKit.test-helpers';
import { weaponAbilities } from './attackAbilities';
import type { GameState } from './state';
import type { RosterInput } from './roster';
import type { Ability } from '../abilities/schema';

const SCE = ['STORMCAST ETERNALS', 'HERO', 'INFANTRY', 'KRULEBOYZ'];

function real(name: string, timingText: string, declare: string | null, effect: string): Ability {
  const timing = parseTiming(timingText);
  const p = parseEffect({ declare, effect, timing, knownKeywords: SCE, unitNames: ['Gutrippaz'] });
  if (p.resolves === null) throw new Error(`not read: ${p.unparsed}`);
  return ability({ name, timing, declare, effect, picks: p.picks, resolves: p.resolves });
}

/** p1's units all STORMCAST ETERNALS; the Hobgrot Slittaz with Health 3 (so a heal shows). */
function sce(r: RosterInput): RosterInput {
  return { ...r, units: r.units.map((u) => ({ ...u, warscroll: { ...u.warscroll, keywords: [...(u.warscroll.keywords ?? []), 'STORMCAST ETERNALS'], ...(u.id.endsWith('gits') ? { health: 3 } : {}) } })) };
}

const gateRolls = (s: GameState) => s.log.filter((l) => l.kind === 'roll' && l.purpose.endsWith(':if')).length;

const RETREAT = "If the target is in combat, the target can immediately use the 'Retreat' ability as if it were your movement phase without any mortal damage being inflicted on it.";
const MOVE = "If the target is not in combat, the target can immediately use the 'Normal Move' ability as if it were your movement phase.";

describe('Light in the Dark (sce-002 Knight-Azyros, End of Any Turn): the picked unit Retreats without mortal damage or makes a Normal Move', () => {
  const light = real('Light in the Dark', 'Once Per Turn (Army), End of Any Turn', 'Pick a friendly Gutrippaz unit wholly within 12" of this unit to be the target.', `Roll a dice. On a 3+, pick 1 of the following effects:\n• ${RETREAT}\n• ${MOVE}`);
  // The Gutrippaz at x 14 from y 15; p2's Gutrippaz 2" to the right: 0.74" apart, in combat.
  const engaged: Placement = { 'p2-boyz': [16, 15] };
  // To the end of the turn on the kit's table (no one in combat: no fights to make), then the units placed as the test says.
  const at = (place: Placement, dice: number[]) => {
    const start = tablePortAt();
    return { port: tablePortAt(place), s: toPhase(gameAtHero(roster('p1', [light]), roster('p2'), start, dice), start, 'endOfTurn') };
  };
  const use = (choice: string) => ({ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Light in the Dark', targets: ['p1-boyz'], choice }) as const;
  it('in combat, a 3 and the Retreat: the Gutrippaz may Retreat now without mortal damage', () => {
    const { port, s } = at(engaged, [3]);
    const r = play(s, port, [use(RETREAT)]);
    expect(r.events.find((e) => e.type === 'movePermitted')).toMatchObject({ unitId: 'p1-boyz', moves: ['retreat'], noDamage: true });
    expect(r.s.effects.some((e) => e.kind === 'retreatNowNoDamage' && e.unitId === 'p1-boyz')).toBe(true);
  });
  it('in combat, a 2: nothing (one gate dice, rolled 2, needed 3+)', () => {
    const { port, s } = at(engaged, [2]);
    const r = play(s, port, [use(RETREAT)]);
    expect(r.events.some((e) => e.type === 'movePermitted')).toBe(false);
    expect(r.events.find((e) => e.type === 'abilityEffectSkipped' && (e as { unitId?: string }).unitId === 'p1-boyz')).toMatchObject({ why: 'rolled 2, needed 3+' });
  });
  it('in combat, the Normal Move picked: its condition fails, no dice rolled, no move; out of combat with a 4: a Normal Move now', () => {
    const a = at(engaged, [6]);
    const r1 = play(a.s, a.port, [use(MOVE)]);
    expect(r1.events.some((e) => e.type === 'movePermitted')).toBe(false);
    expect(gateRolls(r1.s)).toBe(0);
    const b = at({}, [4]);
    const r2 = play(b.s, b.port, [use(MOVE)]);
    expect(r2.events.find((e) => e.type === 'movePermitted')).toMatchObject({ unitId: 'p1-boyz', moves: ['normal'] });
  });
});

const BLIND = 'For the rest of the turn, subtract 1 from hit rolls for attacks made by enemy units while they are in combat with this unit.';
const HEAL = "Heal (D3) each friendly Stormcast Eternals unit within this unit's combat range.";

describe('The Light of Sigmar (sce-002, Any Combat Phase): one dice for the use, then -1 to hit for enemy units in combat with this unit, or Heal (D3) each friendly Stormcast Eternals unit within 3"', () => {
  const sigmar = real('The Light of Sigmar', 'Any Combat Phase', null, `Roll a dice. On a 3+, pick 1 of the following effects:\n• ${BLIND}\n• ${HEAL}`);
  const at = (place: Placement, dice: number[], damage: Record<string, number> = {}) => {
    const port = tablePortAt(place);
    let s = toPhase(gameAtHero(sce(roster('p1', [sigmar])), roster('p2'), port, dice), port, 'combat');
    s = { ...s, units: Object.fromEntries(Object.entries(s.units).map(([id, u]) => [id, damage[id] !== undefined ? { ...u, damage: damage[id] } : u])) };
    return { port, s };
  };
  const use = (choice: string) => ({ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'The Light of Sigmar', choice }) as const;
  // The hero at (10, 20); p2's Gutrippaz at x 12 from y 20 (0.74" away: in combat with it); p2's Slittaz at (30, 35), far.
  const place: Placement = { 'p2-boyz': [12, 20] };
  const hitOf = (s: GameState, port: ReturnType<typeof tablePortAt>, attacker: string) => weaponAbilities(s, port, attacker, 'p1-hero', s.players.p2.roster.units.find((u) => u.id === attacker)!.weapons[0]).hit;
  it('a 3 and the first: p2\'s Gutrippaz (in combat with the hero) -1 to hit; p2\'s Slittaz (not in combat with it) unchanged', () => {
    const { port, s } = at(place, [3]);
    const r = play(s, port, [use(BLIND)]);
    expect(hitOf(r.s, port, 'p2-boyz')).toBe(-1);
    expect(hitOf(r.s, port, 'p2-gits')).toBe(0);
    expect(gateRolls(r.s)).toBe(1); // one dice for the use, not one per enemy unit
  });
  it('a 2: no modifier', () => {
    const { port, s } = at(place, [2]);
    const r = play(s, port, [use(BLIND)]);
    expect(hitOf(r.s, port, 'p2-boyz')).toBe(0);
  });
  it('a 3 and the heal: the hero (3 damage) heals 2 (a 4: D3 2), the Slittaz 1.24" away (2 damage) heal 3 (a 6: D3 3); the Gutrippaz 5.14" away are not in range; one gate dice', () => {
    const { port, s } = at({ ...place, 'p1-gits': [10, 22.5] }, [3, 4, 6], { 'p1-hero': 3, 'p1-gits': 2 });
    const r = play(s, port, [use(HEAL)]);
    expect(r.s.units['p1-hero'].damage).toBe(1);
    expect(r.s.units['p1-gits'].damage).toBe(0);
    expect(gateRolls(r.s)).toBe(1);
  });
  it('the Slittaz 8.74" away: not healed (its 2 damage stay)', () => {
    const { port, s } = at({ ...place, 'p1-gits': [10, 30] }, [3, 4, 6], { 'p1-hero': 3, 'p1-gits': 2 });
    const r = play(s, port, [use(HEAL)]);
    expect(r.s.units['p1-hero'].damage).toBe(1);
    expect(r.s.units['p1-gits'].damage).toBe(2);
  });
});
