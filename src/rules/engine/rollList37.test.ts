/**
 * Countless Servants (fec-001, session 37, tail37b; parseRollList37.ts) in play: its real Effect text parsed here,
 * used by the kit's hero on a friendly unit with scripted dice. One dice is rolled for the target (Core 28.0) and
 * shared by both items of the list (`rollOnce`); each item also needs the target's keyword. The kit's Gutrippaz
 * (5 models, Health 1) are given SERFS, its Hobgrot Slittaz (3 models) KNIGHTS.
 */

import { describe, expect, it } from 'vitest';
import { ability, gameAtHero, play, roster, tablePortAt, timing } from './abilityKit.test-helpers';
import { parseEffect } from '../abilities/parseEffect';
import { parseTiming } from '../abilities/parseTiming';
import type { Ability } from '../abilities/schema';
import type { RosterInput } from './roster';
import type { GameState } from './state';

const KW = ['KRULEBOYZ', 'INFANTRY', 'WIZARD', 'HERO', 'SERFS', 'KNIGHTS'];
const DECLARE = 'Pick a friendly Serfs or Knights unit wholly within 12" of this unit to be the target.';
const EFFECT = 'Roll a dice. On a 3+:\n• If the target is a Serfs unit, return up to 3 slain models to it.\n• If the target is a Knights unit, return 1 slain model to it.';

function servants(): Ability {
  const r = parseEffect({ declare: DECLARE, effect: EFFECT, timing: parseTiming('Your Hero Phase', false), knownKeywords: KW });
  if (r.resolves === null) throw new Error(`not read: ${r.unparsed}`);
  return ability({ name: 'Countless Servants', timing: timing('Your Hero Phase', 'hero', 'your'), declare: DECLARE, effect: EFFECT, resolves: r.resolves, ...(r.picks ? { picks: r.picks } : {}) });
}

/** p1's roster with the keywords above added (boyz: `boyz`, gits: `gits`) and Countless Servants on its hero. */
function p1(boyz: string[], gits: string[]): RosterInput {
  const r = roster('p1', [servants()]);
  const add = (id: string) => (id.endsWith('-boyz') ? boyz : id.endsWith('-gits') ? gits : []);
  return { ...r, units: r.units.map((u) => ({ ...u, warscroll: { ...u.warscroll, keywords: [...(u.warscroll.keywords ?? []), ...add(u.id)] } })) };
}

/** p1's hero at (10, 20), its boyz at (14, 20) and gits at (10, 26): wholly within 12" of the hero. */
const port = tablePortAt({ 'p1-hero': [10, 20], 'p1-boyz': [14, 20], 'p1-gits': [10, 26], 'p2-hero': [40, 20], 'p2-boyz': [40, 28], 'p2-gits': [44, 28] });

/** The last `n` of the unit's `count` models slain (the kit's model ids are `<unit>-m<k>`). */
function slainSome(s: GameState, unit: string, n: number): GameState {
  const count = unit.endsWith('-boyz') ? 5 : 3;
  const ids = Array.from({ length: n }, (_, k) => `${unit}-m${count - k}`);
  return { ...s, units: { ...s.units, [unit]: { ...s.units[unit], slain: ids } } };
}

function use(boyz: string[], gits: string[], target: string, slain: number, dice: number[]) {
  const s = slainSome(gameAtHero(p1(boyz, gits), roster('p2'), port, dice), target, slain);
  // Returned models set up around the unit's first model (Core 22.0: in coherency with the models not returned).
  const [x, y] = target === 'p1-boyz' ? [14, 20] : [10, 26];
  const positions: Record<string, [number, number]> = { [`${target}-m2`]: [x, y + 1.3], [`${target}-m3`]: [x + 1.3, y], [`${target}-m4`]: [x - 1.3, y], [`${target}-m5`]: [x, y - 1.3] };
  return play(s, port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Countless Servants', targets: [target], positions }]);
}

function gateRolls(s: GameState): number[][] {
  return s.log.flatMap((e) => (e.kind === 'roll' && e.purpose.endsWith(':if') ? [[...e.dice]] : []));
}

describe('Countless Servants in play: one dice for the target, each item by the target\'s keyword', () => {
  it('Serfs with 4 slain, a roll of 3: up to 3 models return (4 - 3 = 1 left slain); one dice rolled', () => {
    const r = use(['SERFS'], ['KNIGHTS'], 'p1-boyz', 4, [3]);
    expect(r.s.units['p1-boyz'].slain).toHaveLength(1);
    expect(gateRolls(r.s)).toEqual([[3]]);
  });
  it('Serfs with 4 slain, a roll of 2: nothing returns', () => {
    const r = use(['SERFS'], ['KNIGHTS'], 'p1-boyz', 4, [2]);
    expect(r.s.units['p1-boyz'].slain).toHaveLength(4);
  });
  it('Knights with 2 slain, a roll of 5: 1 model returns (2 - 1 = 1); the Serfs item is skipped without a dice', () => {
    const r = use(['SERFS'], ['KNIGHTS'], 'p1-gits', 2, [5]);
    expect(r.s.units['p1-gits'].slain).toHaveLength(1);
    expect(gateRolls(r.s)).toEqual([[5]]);
  });
  it('a unit both Serfs and Knights, 4 slain, dice script 4 then 1: both items use the one roll of 4 → 3 + 1 = 4 return', () => {
    // Were each item to roll its own dice, the second would read the scripted 1 and fail (only 3 would return, 1 left slain).
    const r = use(['SERFS', 'KNIGHTS'], [], 'p1-boyz', 4, [4, 1]);
    expect(r.s.units['p1-boyz'].slain).toHaveLength(0);
    expect(gateRolls(r.s)).toEqual([[4]]);
  });
});

describe('Vice-like Grip (sce-002) in play: one 2D6 against the target\'s Health gates both items for the turn', () => {
  // The kit's Declare ("a visible enemy unit within 18\" of this unit") in place of "in combat with this unit": the pick is not what is tested.
  const PICK = 'Pick a visible enemy unit within 18" of this unit to be the target.';
  const GRIP = "Roll 2D6. If the result exceeds the target's Health characteristic, for the rest of the turn:\n• The target has Strike-last.\n• The target cannot use commands.";
  function grip(): Ability {
    const r = parseEffect({ declare: PICK, effect: GRIP, timing: parseTiming('Your Hero Phase', false), knownKeywords: KW });
    if (r.resolves === null) throw new Error(`not read: ${r.unparsed}`);
    return ability({ name: 'Vice-like Grip', timing: timing('Your Hero Phase', 'hero', 'your'), declare: PICK, effect: GRIP, resolves: r.resolves, ...(r.picks ? { picks: r.picks } : {}) });
  }
  /** p2's hero (Health 5) 15" from p1's hero. */
  const at = tablePortAt({ 'p1-hero': [10, 20], 'p2-hero': [25, 20], 'p2-boyz': [22, 28] });
  function useGrip(dice: number[]) {
    const s = gameAtHero(roster('p1', [grip()]), roster('p2'), at, dice);
    return play(s, at, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Vice-like Grip', targets: ['p2-hero'] }]);
  }
  it('dice script 3 3 1 1: 3 + 3 = 6 exceeds Health 5: Strike-last and no commands, both from the one roll', () => {
    const r = useGrip([3, 3, 1, 1]);
    const applied = r.events.filter((e) => e.type === 'abilityEffect' && e.name === 'Vice-like Grip');
    expect(applied.map((e) => (e as unknown as { units: string[] }).units)).toEqual([['p2-hero'], ['p2-hero']]);
    expect(applied.map((e) => (e as unknown as { duration?: string }).duration)).toEqual(['turn', 'turn']);
    expect(gateRolls(r.s)).toEqual([[3, 3]]);
  });
  it('dice 2 3: 5 does not exceed Health 5: neither item applies', () => {
    const r = useGrip([2, 3]);
    expect(r.events.filter((e) => e.type === 'abilityEffectSkipped')).toHaveLength(2);
    expect(r.events.filter((e) => e.type === 'abilityEffect' && (e as unknown as { units: string[] }).units.length > 0)).toHaveLength(0);
  });
});
