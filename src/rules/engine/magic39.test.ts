/**
 * Arcane Resonance (dok-001 Bloodwrack Medusa; session 39, sh39a; `abilities/parseMagic39.ts`): "Add 1 to casting rolls
 * for this unit when it uses a Summon ability and add 1 to banishment rolls for this unit." read from its real text,
 * on the prayers / manifestations harness of `prayers.test.ts` (the sample rosters with a WIZARD and a PRIEST, a
 * table of distances): the summoning spell's casting roll (Magic 7.0) and the banishment roll (Magic 8.0) with
 * scripted dice, each against the same use without the ability.
 */

import { describe, expect, it } from 'vitest';
import { createGame, type Action, type GameState } from './state';
import { parseEffect } from '../abilities/parseEffect';
import { parseTiming } from '../abilities/parseTiming';
import { ability } from './abilityKit.test-helpers';
import { sampleManifestations, sampleRoster, tablePort, runActions, type PortTables } from './testkit';
import type { RosterInput } from './roster';

const TEXT = 'Add 1 to casting rolls for this unit when it uses a Summon ability and add 1 to banishment rolls for this unit.';
const passive = parseTiming('Passive', true);
const resonance = ability({ name: 'Arcane Resonance', timing: passive, effect: TEXT, resolves: parseEffect({ declare: null, effect: TEXT, timing: passive, knownKeywords: ['WIZARD'] }).resolves });

const base = { shape: 'round' as const, diameterMm: 40 };
/** The sample roster plus a PRIEST and a WIZARD (each leading a regiment) and the manifestations; Arcane Resonance on `holder`. */
function roster(p: 'p1' | 'p2', holder?: string): RosterInput {
  const r = sampleRoster(p) as RosterInput & { units: unknown[]; regiments: unknown[] };
  const abilities = (id: string) => (id === holder ? { abilities: [resonance] } : {});
  r.units.push(
    { id: `${p}-priest`, name: 'Priest', warscroll: { move: 5, health: 5, save: 4, control: 2, keywords: ['HERO', 'INFANTRY', 'PRIEST (1)'], prayers: ['resurrection'], ...abilities(`${p}-priest`) }, weapons: [], models: [{ id: `${p}-priest-m1`, base }] },
    { id: `${p}-wizard`, name: 'Wizard', warscroll: { move: 5, health: 5, save: 4, control: 2, keywords: ['HERO', 'INFANTRY', 'WIZARD (1)'], spells: ['mysticShield'], ...abilities(`${p}-wizard`) }, weapons: [], models: [{ id: `${p}-wizard-m1`, base }] },
  );
  r.regiments.push({ leader: `${p}-priest`, units: [] }, { leader: `${p}-wizard`, units: [] });
  return { ...r, manifestations: sampleManifestations(p) } as RosterInput;
}
const tables = (): PortTables => ({ inCombat: new Set(), contests: {}, distances: { 'p1-orb|p1-wizard': 11, 'p2-priest|p1-orb': 20, 'p1-hero|p1-wizard': 5 } });
const run = (s: GameState, actions: Action[]) => runActions(s, actions, tablePort(tables()));
function game(p1: RosterInput, p2: RosterInput, script: number[]): GameState {
  const g = createGame({ seed: 8, rosters: { p1, p2 }, finishedDeployingFirst: 'p1', battleplan: { objectives: ['o1'] }, diceScript: script });
  if (!g.ok) throw new Error(JSON.stringify(g.issues));
  return run(g.state, [{ type: 'chooseFirstTurn', player: 'p1', first: 'p1' }, { type: 'endPhase', player: 'p1' }]).s;
}
const summonOrb: Action = { type: 'cast', player: 'p1', unitId: 'p1-wizard', spell: 'summon:p1-orb', target: 'p1-orb', positions: { 'p1-orb-m1': [5, 5] } };

/** The orb summoned by p1 (dice 3 3), then p2's hero phase with `banishDice` to come; p2's priest banishes it. */
function banish(p2: RosterInput, banishDice: number[]) {
  let s = run(game(roster('p1'), p2, [3, 3]), [summonOrb, { type: 'pass', player: 'p2' }]).s;
  s = run(s, Array.from({ length: 6 }, () => ({ type: 'endPhase', player: 'p1' }) as Action)).s;
  s = run({ ...s, diceScript: banishDice }, [{ type: 'endPhase', player: 'p2' }]).s;
  return run(s, [{ type: 'banish', player: 'p2', unitId: 'p2-priest', target: 'p1-orb' }]).events.find((e) => e.type === 'banishmentRoll');
}

describe('Arcane Resonance: +1 to the casting roll of a Summon spell, +1 to banishment rolls', () => {
  it('read whole: the casting modifier only for a Summon ability, the banishment modifier always', () => {
    expect(resonance.resolves).toEqual([
      { modify: 'cast', by: 1, targets: 'self', summon: true },
      { modify: 'banish', by: 1, targets: 'self' },
    ]);
  });
  it('summoning the orb with 3 3: casting roll 7 with the ability on the wizard, 6 without', () => {
    expect(run(game(roster('p1', 'p1-wizard'), roster('p2'), [3, 3]), [summonOrb]).s.pendingSpell).toMatchObject({ spell: 'summon:p1-orb', castingRoll: 7 });
    expect(run(game(roster('p1'), roster('p2'), [3, 3]), [summonOrb]).s.pendingSpell).toMatchObject({ spell: 'summon:p1-orb', castingRoll: 6 });
  });
  it('Mystic Shield (no Summon ability) with 3 3 by the same wizard: 6, no modifier', () => {
    const shield: Action = { type: 'cast', player: 'p1', unitId: 'p1-wizard', spell: 'mysticShield', target: 'p1-hero' };
    expect(run(game(roster('p1', 'p1-wizard'), roster('p2'), [3, 3]), [shield]).s.pendingSpell).toMatchObject({ spell: 'mysticShield', castingRoll: 6 });
  });
  it('banishing the orb (banishment 7) with 3 3: 7 with the ability on the priest (banished), 6 without (not)', () => {
    expect(banish(roster('p2', 'p2-priest'), [3, 3])).toMatchObject({ dice: [3, 3], roll: 7, modifier: 1, banished: true });
    expect(banish(roster('p2'), [3, 3])).toMatchObject({ dice: [3, 3], roll: 6, banished: false });
  });
});
