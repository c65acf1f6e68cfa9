/**
 * Session 40 (sh40a) shapes played by the engine on a real table (the ability kit's `worldPort`), with scripted dice
 * and results computed by hand: a dice for each target in bands (`if: {roll, rollAtMost, rollOnce}`; Breath of the
 * Mire-drakes, kb-001) and a modifier against the unit whose attack the reaction answers (`againstTrigger`; You Call
 * Dat A Punch?, ij-001) and units that cannot contest objectives (`noContest` with `healthAtMost`; You Messin'?,
 * ij-001 Brutes) and a named weapon's weapon ability near this unit (Kountin' Krew, kb-001). The Effects and Declares are the real texts, read by the parser (`readAbility`).
 */

import { describe, expect, it } from 'vitest';
import { parseTiming } from '../abilities/parseTiming';
import { weaponAbilities } from './attackAbilities';
import { gameAtHero, play, readAbility, refused, roster, tablePortAt, toPhase } from './abilityKit.test-helpers';
import { makeWorld } from '../../../tests/scenario/geomKit';
import { worldPort } from './worldPort';
import type { Ability } from '../abilities/schema';
import { parseEffect } from '../abilities/parseEffect';
import { ability } from './abilityKit.test-helpers';
import type { GameEvent } from './core';
import type { GameState } from './state';

const KNOWN = ['KRULEBOYZ', 'IRONJAWZ', 'INFANTRY', 'HERO'];

describe('Breath of the Mire-drakes (kb-001, Any Combat Phase): "Roll a dice for each target. On a 1, this ability has no effect. On a 2-5, inflict 1 mortal damage on the target. On a 6, inflict D3 mortal damage on the target."', () => {
  const breath = readAbility({ name: 'Breath of the Mire-drakes', timing: parseTiming('Any Combat Phase', false), declare: 'Pick each enemy unit in combat with this unit to be the targets.', effect: 'Roll a dice for each target. On a 1, this ability has no effect. On a 2-5, inflict 1 mortal damage on the target. On a 6, inflict D3 mortal damage on the target.' }, KNOWN);
  // p1's Gutrippaz (5 models, 14..19.2 along y at x 30) in combat with p2's Gutrippaz (5 x Health 1) and Hobgrot Slittaz (3 x Health 1).
  const port = tablePortAt({ 'p1-boyz': [30, 15], 'p2-boyz': [31.5, 15], 'p2-gits': [31.5, 21.5] });
  function breathe(dice: number[]) {
    const s = toPhase(gameAtHero(roster('p1', [], [breath]), roster('p2'), port, dice), port, 'combat');
    return play(s, port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-boyz', ability: 'Breath of the Mire-drakes', targets: ['p2-boyz', 'p2-gits'] }]);
  }
  const rolls = (r: ReturnType<typeof breathe>) => r.s.log.filter((l) => l.kind === 'roll' && l.purpose.includes('Breath of the Mire-drakes'));
  it('faces 3 (Gutrippaz) and 6 (Slittaz), then a D3 face 4 (= 2): 1 Gutrippaz and 2 Slittaz slain; three dice in all', () => {
    const r = breathe([3, 6, 4]);
    expect(r.s.units['p2-boyz'].slain).toHaveLength(1);
    expect(r.s.units['p2-gits'].slain).toHaveLength(2);
    expect(r.events.filter((e) => e.type === 'abilityMortal').map((e) => [e.unitId, e.amount])).toEqual([['p2-boyz', 1], ['p2-gits', 2]]);
    expect(rolls(r)).toHaveLength(3);
  });
  it('faces 1 and 2: nothing on the Gutrippaz (both bands skipped), 1 mortal damage on the Slittaz; no D3 rolled', () => {
    const r = breathe([1, 2]);
    expect(r.s.units['p2-boyz'].slain).toHaveLength(0);
    expect(r.s.units['p2-gits'].slain).toHaveLength(1);
    expect(r.events.filter((e) => e.type === 'abilityEffectSkipped').map((e) => [e.unitId, e.why])).toEqual([['p2-boyz', 'rolled 1, needed 2-5'], ['p2-boyz', 'rolled 1, needed 6+'], ['p2-gits', 'rolled 2, needed 6+']]);
    expect(rolls(r)).toHaveLength(2);
  });
  it('faces 6 and 5, D3 face 6 (= 3): 3 Gutrippaz slain, 1 Slittaz; the 5 is in the 2-5 band only', () => {
    const r = breathe([6, 5, 6]);
    expect(r.s.units['p2-boyz'].slain).toHaveLength(3);
    expect(r.s.units['p2-gits'].slain).toHaveLength(1);
  });
});

describe("You Call Dat A Punch? (ij-001 Brutes (Scourge of Aqshy), Reaction: Opponent declared an Attack ability that targeted this unit): \"For the rest of the turn, add 1 to hit rolls and wound rolls for this unit's combat attacks that target that enemy unit.\"", () => {
  const punch = readAbility({ name: 'You Call Dat A Punch?', timing: parseTiming('Once Per Turn (Army), Reaction: Opponent declared an Attack ability that targeted this unit', false), declare: '', effect: "For the rest of the turn, add 1 to hit rolls and wound rolls for this unit's combat attacks that target that enemy unit." }, KNOWN);
  // p1's Gutrippaz touch p2's Gutrippaz; p1's Hobgrot Slittaz touch them too.
  const port = tablePortAt({ 'p1-boyz': [30, 15], 'p2-boyz': [31.5, 15], 'p1-gits': [33, 15] });
  const hacka = roster('p2').units[1].weapons[0];
  const bow = roster('p2').units[1].weapons[1];
  function fought(attacker: string, target: string) {
    const s = toPhase(gameAtHero(roster('p1'), roster('p2', [], [punch]), port), port, 'combat');
    return play(s, port, [{ type: 'fight', player: 'p1', unitId: attacker, target }, { type: 'pass', player: 'p1' }]).s;
  }
  it('p1\'s Gutrippaz fight p2\'s: after the reaction, +1 hit and +1 wound for p2\'s Gutrippaz\'s melee attacks on p1\'s Gutrippaz only', () => {
    const r = play(fought('p1-boyz', 'p2-boyz'), port, [{ type: 'useAbility', player: 'p2', unitId: 'p2-boyz', ability: 'You Call Dat A Punch?' }]);
    expect(r.events.find((e) => e.type === 'abilityUsed')).toMatchObject({ reactsTo: 'Fight', name: 'You Call Dat A Punch?' });
    const vsAttacker = weaponAbilities(r.s, port, 'p2-boyz', 'p1-boyz', hacka);
    expect([vsAttacker.hit, vsAttacker.wound]).toEqual([1, 1]);
    const vsOther = weaponAbilities(r.s, port, 'p2-boyz', 'p1-gits', hacka);
    expect([vsOther.hit, vsOther.wound]).toEqual([0, 0]);
    const shooting = weaponAbilities(r.s, port, 'p2-boyz', 'p1-boyz', bow);
    expect([shooting.hit, shooting.wound]).toEqual([0, 0]);
    expect(r.s.abilities?.active.find((a) => a.name === 'You Call Dat A Punch?')?.effect).toMatchObject({ against: ['p1-boyz'] });
  });
  it('before the reaction nothing; an attack on another unit does not open it (Core 5.2)', () => {
    const s = fought('p1-boyz', 'p2-boyz');
    expect(weaponAbilities(s, port, 'p2-boyz', 'p1-boyz', hacka).hit).toBe(0);
    const other = toPhase(gameAtHero(roster('p1'), roster('p2', [], [punch]), tablePortAt({ 'p1-boyz': [30, 15], 'p2-gits': [31.5, 15] })), port, 'combat');
    const f = play(other, tablePortAt({ 'p1-boyz': [30, 15], 'p2-gits': [31.5, 15] }), [{ type: 'fight', player: 'p1', unitId: 'p1-boyz', target: 'p2-gits' }, { type: 'pass', player: 'p1' }]).s;
    expect(refused(f, tablePortAt({ 'p1-boyz': [30, 15], 'p2-gits': [31.5, 15] }), { type: 'useAbility', player: 'p2', unitId: 'p2-boyz', ability: 'You Call Dat A Punch?' }).rule).toBe('Core 5.2');
  });
});

describe("You Messin'? (ij-001 Brutes, Passive): \"Enemy units with a Health characteristic of 1 or 2 cannot contest objectives while they are in combat with this unit.\" (Core 32.1-32.2)", () => {
  const messin = readAbility({ name: "You Messin'?", timing: parseTiming('Passive', true), declare: '', effect: 'Enemy units with a Health characteristic of 1 or 2 cannot contest objectives while they are in combat with this unit.' }, KNOWN);
  /**
   * p1's Gutrippaz (5 models, Control 1, a column at x 29.3 from y 15) and objective o1 at (31.5, 17.6); p2's unit
   * `who` (Gutrippaz: 5 x Health 1, Control 1; Swampcalla Shaman: Health 5, Control 2) in a column at x `x` from y 15:
   * at 32.5 its models are 1.94" from p1's (in combat), at 33.7 3.14" (not); both columns contest o1.
   */
  function control(abilities: Ability[], who: 'p2-boyz' | 'p2-hero', x: number) {
    const portWith = (at: number) => {
      const place: Record<string, [number, number]> = { 'p1-hero': [10, 20], 'p1-gits': [10, 35], 'p2-hero': [50, 20], 'p2-gits': [50, 35], 'p2-boyz': [46, 5], 'p1-boyz': [29.3, 15], [who]: [at, 15] };
      const units = Object.entries(place).map(([id, p]) => ({
        id,
        army: id.slice(0, 2),
        models: Array.from({ length: { hero: 1, boyz: 5, gits: 3 }[id.split('-')[1]] as number }, (_, i) => ({ id: `${id}-m${i + 1}`, base: { round: 32 }, pos: [p[0], p[1] + i * 1.3] as [number, number], height: 1.2 })),
      }));
      return worldPort(makeWorld({ units, objectives: [{ id: 'o1', pos: [31.5, 17.6] }] }));
    };
    // The phases before are played with p2's unit 3.14" off (no fight owed, Core 13.1); control is determined with it at `x`.
    const apart = portWith(33.7);
    const s0 = gameAtHero(roster('p1', [], abilities), roster('p2'), apart);
    const s1 = toPhase({ ...s0, battleplan: { ...s0.battleplan, objectives: ['o1'] }, objectives: { o1: null } } as GameState, apart, 'endOfTurn');
    const events: GameEvent[] = play(s1, portWith(x), [{ type: 'endPhase', player: 'p1' }]).events;
    return events.find((e) => e.type === 'control' && e.objectiveId === 'o1') as unknown as { scores: { p1: number; p2: number }; controller: string | null };
  }
  it("p2's Gutrippaz (Health 1) in combat with the Brutes: they do not contest o1, p1 controls it 5 to 0", () => {
    expect(control([messin], 'p2-boyz', 32.5)).toMatchObject({ scores: { p1: 5, p2: 0 }, controller: 'p1' });
  });
  it('without the ability, or with the Gutrippaz out of combat (3.14" away): 5 to 5, nobody controls it', () => {
    expect(control([], 'p2-boyz', 32.5)).toMatchObject({ scores: { p1: 5, p2: 5 }, controller: null });
    expect(control([messin], 'p2-boyz', 33.7)).toMatchObject({ scores: { p1: 5, p2: 5 }, controller: null });
  });
  it("p2's Swampcalla Shaman (Health 5) in combat with the Brutes still contests: 5 to 2", () => {
    expect(control([messin], 'p2-hero', 32.5)).toMatchObject({ scores: { p1: 5, p2: 2 }, controller: 'p1' });
  });
});

describe("Kountin' Krew (kb-001 Swampboss Skumdrekk): \"For the rest of the battle, the target's Slitta-knives have Crit (Mortal) while they are wholly within 12\" of this unit.\" (Core 20.0)", () => {
  // The real Declare and Effect; the kit's game starts after deployment, so its timing is the kit's hero phase (the
  // real one, Deployment Phase, is read in parseTiming's tests). The kit's Hobgrot Slittaz carry the Slitta-knives.
  const t = parseTiming('Your Hero Phase', false);
  const declare = "Pick a friendly Hobgrot Slittaz unit within this unit's combat range to be the target.";
  const effect = "For the rest of the battle, the target's Slitta-knives have Crit (Mortal) while they are wholly within 12\" of this unit.";
  const p = parseEffect({ declare, effect, timing: t, knownKeywords: KNOWN, unitNames: ['Hobgrot Slittaz', 'Gutrippaz', 'Swampcalla Shaman'] });
  const krew = ability({ name: "Kountin' Krew", timing: t, declare, effect, picks: p.picks, resolves: p.resolves });
  const withKnives = (r: ReturnType<typeof roster>) => ({ ...r, units: r.units.map((u) => (u.id.endsWith('-gits') ? { ...u, weapons: [{ ...u.weapons[0], name: 'Slitta-knives' }, { ...u.weapons[0], name: 'Scrap-grenades', range: 8 }] } : u)) });
  const p1 = withKnives(roster('p1', [krew]));
  const knives = p1.units[2].weapons[0];
  const grenades = p1.units[2].weapons[1];
  // The Slittaz (3 models from (12, 22) along y) 0.7" from the Swampboss at (10, 20).
  const near = tablePortAt({ 'p1-gits': [11.5, 21.6] });
  it('read as one weapon ability on the named weapon, with its `while`', () => {
    expect(p.resolves).toEqual([{ weaponAbility: 'crit-mortal', weapon: 'Slitta-knives', targets: 'targets', duration: 'battle', while: { within: 12, wholly: true, of: 'self' } }]);
  });
  it('used on the Slittaz: their Slitta-knives gain Crit (Mortal) while wholly within 12" of the Swampboss, not their Scrap-grenades; 20" away: none', () => {
    const r = play(gameAtHero(p1, roster('p2'), near), near, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: "Kountin' Krew", target: 'p1-gits' }]);
    expect(weaponAbilities(r.s, near, 'p1-gits', 'p2-boyz', knives).grants).toContain('crit-mortal');
    expect(weaponAbilities(r.s, near, 'p1-gits', 'p2-boyz', grenades).grants).not.toContain('crit-mortal');
    const far = tablePortAt({ 'p1-gits': [30, 21.6] });
    expect(weaponAbilities(r.s, far, 'p1-gits', 'p2-boyz', knives).grants).not.toContain('crit-mortal');
  });
  it('a unit outside the Swampboss\'s combat range cannot be picked', () => {
    const far = tablePortAt({ 'p1-gits': [20, 21.6] });
    expect(refused(gameAtHero(p1, roster('p2'), far), far, { type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: "Kountin' Krew", target: 'p1-gits' }).reason).toBeTruthy();
  });
});
