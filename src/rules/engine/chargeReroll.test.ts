/**
 * Charge and run rolls re-rolled by an army's ability (`rerollRoll`, issue 34; ABILITIES.md
 * `reroll: "charge" | "run"`). Core 2.2: "Some rules allow you to re-roll a dice roll, which means
 * you get to roll some or all of the dice again. You cannot re-roll a dice more than once, and
 * re-rolls happen before modifiers to the roll (if any) are applied." The player chooses to re-roll
 * after the roll, before the move (a charge roll's failure depends on the move the player will make;
 * a run roll never fails). Real texts: Lead the Charge (Vanari Lord Regent, lrl-001), Cruel
 * Taskmaster (Abhorrant Archregent, fec-001). Dice are scripted (the game's dice script).
 */
import { describe, expect, it } from 'vitest';
import { ability, gameAtHero, play, refused, roster, tablePortAt, timing, toPhase } from './abilityKit.test-helpers';
import type { Ability } from '../abilities/schema';
import type { GameState } from './state';
import type { GeometryPort } from './geometryPort';
import { rerollProblem } from './rollRerolls';
import { unitAbilityOptions } from '../../game/abilityOptions';

const passive = (name: string, resolves: Ability['resolves'], effect = name): Ability => ability({ name, timing: timing('Passive', 'passive', 'any'), effect, resolves });
/** "You can re-roll charge rolls for this unit." */
const rerollCharges = passive('Ride for Vengeance', [{ reroll: 'charge', which: 'any' }], 'You can re-roll charge rolls for this unit.');
const rerollChargeOnes = passive('Eager', [{ reroll: 'charge', which: 'ones' }], 'You can re-roll charge rolls of 1 for this unit.');
const rerollRuns = passive('Swift', [{ reroll: 'run', which: 'any' }], 'You can re-roll run rolls for this unit.');
/** Lead the Charge (lrl-001), as imported, on the hero, with KRULEBOYZ for LUMINETH REALM-LORDS. */
const leadTheCharge = passive('Lead the Charge', [{ reroll: 'charge', which: 'any', targets: 'friendly', while: { within: 6, of: 'self', wholly: true, keyword: 'KRULEBOYZ' } }], 'You can re-roll charge rolls for friendly Kruleboyz units while they are wholly within 6" of this unit.');
/** Cruel Taskmaster (fec-001), as imported, the keyword KRULEBOYZ for FLESH-EATER COURTS. */
const cruelTaskmaster = ability({
  name: 'Cruel Taskmaster',
  source: 'enhancement',
  timing: timing('Your Charge Phase', 'charge', 'your'),
  declare: 'Pick a friendly non-Hero Kruleboyz unit wholly within 12" of this unit to be the target.',
  effect: 'For the rest of the turn, you can re-roll charge rolls for the target.',
  picks: [{ kind: 'friendlyUnit', within: 12, wholly: true, keyword: 'KRULEBOYZ', notKeyword: 'HERO' }],
  resolves: [{ reroll: 'charge', which: 'any', targets: 'targets', duration: 'turn' }],
});

const port = tablePortAt({ 'p1-hero': [12, 17.6] });
const charge = { type: 'charge', player: 'p1', unitId: 'p1-boyz' } as const;
const reroll = { type: 'rerollRoll', player: 'p1', unitId: 'p1-boyz', roll: 'charge' } as const;

/** p1's charge phase with the abilities on the hero / the Gutrippaz, and the dice scripted from the charge roll on. */
function atCharge(hero: Ability[], boyz: Ability[], dice: number[], p: GeometryPort = port): GameState {
  return toPhase(gameAtHero(roster('p1', hero, boyz), roster('p2'), p, dice), p, 'charge');
}

describe('charge rolls re-rolled by an ability (Core 2.2, 14.3)', () => {
  it('without an ability that allows it, the re-roll is refused (Core 2.2)', () => {
    const s = play(atCharge([], [], [1, 2, 6, 6]), port, [charge]).s;
    expect(refused(s, port, reroll)).toMatchObject({ rule: 'Core 2.2', reason: expect.stringContaining('no ability lets p1 re-roll charge rolls') });
  });

  it('before a charge is declared there is no roll to re-roll (Core 14.3)', () => {
    const s = atCharge([], [rerollCharges], [1, 2, 6, 6]);
    expect(refused(s, port, reroll)).toMatchObject({ rule: 'Core 14.3' });
  });

  it('"re-roll charge rolls for this unit": 1 + 2 = 3, both dice rolled again (5 + 6 = 11): the charge move is up to 11"', () => {
    const s0 = play(atCharge([], [rerollCharges], [1, 2, 5, 6]), port, [charge]).s;
    expect(s0.units['p1-boyz'].turn.chargeRoll).toBe(3);
    const r = play(s0, port, [reroll]);
    expect(r.events.find((e) => e.type === 'chargeReroll')).toMatchObject({ unitId: 'p1-boyz', before: 3, beforeDice: [1, 2], dice: [5, 6], roll: 11, name: 'Ride for Vengeance', which: 'any', rerolled: [0, 1] });
    expect(r.s.units['p1-boyz'].turn).toMatchObject({ chargeRoll: 11, chargeRerolled: true, pendingMove: { kind: 'charge', maxInches: 11 } });
    expect(r.s.log.filter((e) => e.kind === 'roll').map((e) => e.purpose)).toEqual(['charge:p1-boyz', 'charge-reroll:p1-boyz']);
  });

  it('a dice cannot be re-rolled more than once: a second re-roll and Forward to Victory after it are refused (Core 2.2)', () => {
    const s = play(atCharge([], [rerollCharges], [1, 2, 5, 6]), port, [charge, reroll]).s;
    expect(refused(s, port, reroll)).toMatchObject({ rule: 'Core 2.2', reason: expect.stringContaining('already re-rolled') });
    expect(refused(s, port, { type: 'command', player: 'p1', command: 'forwardToVictory', unitId: 'p1-boyz' })).toMatchObject({ rule: 'Core 2.2' });
  });

  it('after Forward to Victory re-rolled the charge roll, the ability cannot re-roll it again (Core 2.2)', () => {
    const s = play(atCharge([], [rerollCharges], [1, 2, 3, 3]), port, [charge, { type: 'command', player: 'p1', command: 'forwardToVictory', unitId: 'p1-boyz' }]).s;
    expect(refused(s, port, reroll)).toMatchObject({ rule: 'Core 2.2', reason: expect.stringContaining('already re-rolled') });
  });

  it('"some or all of the dice": 6 + 1, the player re-rolls only the 1 (die 1) → 6 + 4 = 10', () => {
    const s = play(atCharge([], [rerollCharges], [6, 1, 4]), port, [charge]).s;
    const r = play(s, port, [{ ...reroll, dice: [1] }]);
    expect(r.events.find((e) => e.type === 'chargeReroll')).toMatchObject({ beforeDice: [6, 1], dice: [6, 4], roll: 10, rerolled: [1] });
    expect(refused(s, port, { ...reroll, dice: [2] })).toMatchObject({ rule: 'Core 2.2' });
  });

  it('"re-roll charge rolls of 1": 1 + 4, only the 1 is rolled again (6 + 4 = 10); 3 + 4 has no 1 to re-roll', () => {
    const r = play(play(atCharge([], [rerollChargeOnes], [1, 4, 6]), port, [charge]).s, port, [reroll]);
    expect(r.events.find((e) => e.type === 'chargeReroll')).toMatchObject({ which: 'ones', beforeDice: [1, 4], dice: [6, 4], roll: 10 });
    const s = play(atCharge([], [rerollChargeOnes], [3, 4, 6]), port, [charge]).s;
    expect(refused(s, port, reroll)).toMatchObject({ rule: 'Eager (warscroll)', reason: expect.stringContaining('has none') });
  });

  it('re-rolls happen before modifiers: with +1 to charge rolls, 1 + 1 (+1 = 3) re-rolled to 4 + 4 is 9', () => {
    const plusOne = passive('Fleet', [{ modify: 'charge', by: 1 }]);
    const s = play(atCharge([], [rerollCharges, plusOne], [1, 1, 4, 4]), port, [charge]).s;
    expect(s.units['p1-boyz'].turn.chargeRoll).toBe(3);
    const r = play(s, port, [reroll]);
    expect(r.events.find((e) => e.type === 'chargeReroll')).toMatchObject({ dice: [4, 4], roll: 9 });
    expect(r.s.units['p1-boyz'].turn.pendingMove).toMatchObject({ maxInches: 9 });
  });

  it('Lead the Charge (an aura, wholly within 6"): allowed next to the hero, refused with the hero 20" away', () => {
    const near = play(atCharge([leadTheCharge], [], [1, 2, 5, 5]), port, [charge]);
    expect(play(near.s, port, [reroll]).events.find((e) => e.type === 'chargeReroll')).toMatchObject({ roll: 10, name: 'Lead the Charge' });
    const far = tablePortAt({ 'p1-hero': [4, 40] });
    const s = play(atCharge([leadTheCharge], [], [1, 2, 5, 5], far), far, [charge]).s;
    expect(refused(s, far, reroll)).toMatchObject({ rule: 'Core 2.2' });
  });

  it('Cruel Taskmaster (used in the charge phase on the Gutrippaz): their charge roll may be re-rolled this turn', () => {
    const s0 = atCharge([cruelTaskmaster], [], [2, 2, 6, 5]);
    expect(refused(play(s0, port, [charge]).s, port, reroll)).toMatchObject({ rule: 'Core 2.2' });
    const s = play(s0, port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Cruel Taskmaster', targets: ['p1-boyz'] }, charge]).s;
    const r = play(s, port, [reroll]);
    expect(r.events.find((e) => e.type === 'chargeReroll')).toMatchObject({ beforeDice: [2, 2], dice: [6, 5], roll: 11, name: 'Cruel Taskmaster' });
  });

  it('the opponent cannot re-roll it, and the same game with the same dice gives the same state (seeded)', () => {
    const s = play(atCharge([], [rerollCharges], [1, 2]), port, [charge]).s;
    expect(refused(s, port, { ...reroll, player: 'p2' })).toMatchObject({ reason: expect.stringContaining('p1-boyz') });
    const a = play(s, port, [reroll]).s;
    const b = play(s, port, [reroll]).s;
    expect(a.units['p1-boyz'].turn.chargeRoll).toBe(b.units['p1-boyz'].turn.chargeRoll);
    expect(a.dice).toEqual(b.dice);
  });

  it('options: the Gutrippaz\' options offer the re-roll with the ability\'s name while the roll waits, and not after it', () => {
    const s = play(atCharge([], [rerollCharges], [6, 1, 4, 4]), port, [charge]).s;
    const opts = unitAbilityOptions(s, port, 'p1-boyz').filter((e) => e.action.type === 'rerollRoll');
    expect(opts.map((e) => [e.label, e.available])).toEqual([
      ['Re-roll the charge roll (6 + 1 = 7") — Ride for Vengeance', true],
      ['Re-roll the 1 of the charge roll (6 + 1) — Ride for Vengeance', true],
    ]);
    expect(opts[0]).toMatchObject({ group: 'reroll:charge', rule: 'Core 2.2', ability: { name: 'Ride for Vengeance', effect: 'You can re-roll charge rolls for this unit.' } });
    expect(rerollProblem(s, port, 'p1', 'p1-boyz', 'charge')).toBeNull();
    const after = play(s, port, [opts[1].action]).s;
    expect(after.units['p1-boyz'].turn.chargeRoll).toBe(10);
    expect(unitAbilityOptions(after, port, 'p1-boyz').filter((e) => e.action.type === 'rerollRoll')).toEqual([]);
  });
});

describe('run rolls re-rolled by an ability (Core 2.2, 14.1)', () => {
  const run = { type: 'run', player: 'p1', unitId: 'p1-boyz' } as const;
  const rerollRun = { type: 'rerollRoll', player: 'p1', unitId: 'p1-boyz', roll: 'run' } as const;
  const atMovement = (boyz: Ability[], dice: number[]) => toPhase(gameAtHero(roster('p1', [], boyz), roster('p2'), port, dice), port, 'movement');

  it('"re-roll run rolls for this unit": Move 5 + 1 = 6", re-rolled to 5: the run move is up to 10"', () => {
    const s = play(atMovement([rerollRuns], [1, 5]), port, [run]).s;
    expect(s.units['p1-boyz'].turn.pendingMove).toMatchObject({ kind: 'run', maxInches: 6 });
    const r = play(s, port, [rerollRun]);
    expect(r.events.find((e) => e.type === 'runReroll')).toMatchObject({ before: 1, beforeDice: [1], dice: [5], roll: 5, maxInches: 10, name: 'Swift' });
    expect(r.s.units['p1-boyz'].turn).toMatchObject({ runRoll: 5, runRerolled: true, pendingMove: { kind: 'run', maxInches: 10 } });
    expect(refused(r.s, port, rerollRun)).toMatchObject({ rule: 'Core 2.2', reason: expect.stringContaining('already re-rolled') });
  });

  it('without the ability refused (Core 2.2); At the Double has no run roll (Commands 3.0)', () => {
    expect(refused(play(atMovement([], [1, 5]), port, [run]).s, port, rerollRun)).toMatchObject({ rule: 'Core 2.2' });
    expect(refused(play(atMovement([rerollRuns], [1, 5]), port, [{ ...run, atTheDouble: true }]).s, port, rerollRun)).toMatchObject({ rule: 'Commands 3.0' });
  });

  it('a charge re-roll ability does not re-roll run rolls', () => {
    expect(refused(play(atMovement([rerollCharges], [1, 5]), port, [run]).s, port, rerollRun)).toMatchObject({ rule: 'Core 2.2' });
  });
});

describe('the battle log of a re-roll (players\' words)', () => {
  it('the action and its event in words, with the ability and the rule', async () => {
    const { describe: logLines } = await import('../../game/session/battleLog');
    const s = play(atCharge([], [rerollCharges], [6, 1, 4]), port, [charge]).s;
    const r = play(s, port, [{ ...reroll, dice: [1] }]);
    const lines = logLines(1, r.s.log.slice(s.log.length), r.events, r.s);
    expect(lines.map((l) => [l.text, l.rule])).toEqual([
      ["p1 re-rolls Gutrippaz's charge roll (1 die)", 'Core 2.2'],
      ['p1 rolls charge re-roll (Gutrippaz): [4]', 'Commands 5.0'],
      ['Gutrippaz charge re-rolled (Ride for Vengeance): 7" → 10"', 'Ride for Vengeance (warscroll)'],
    ]);
  });
});
