/**
 * Session 39 (sh39d): casting-roll modifiers for SUMMON abilities only and banishment-roll modifiers (parseSummon39.ts;
 * engine/magic.ts `cast`, `banish`; Magic 7.0, 7.2), with Arcane Resonance's real text (dok-001 Bloodwrack Medusa) on
 * the sample WIZARD and scripted dice.
 */

import { describe, expect, it } from 'vitest';
import { createGame, type Action, type GameState } from './state';
import { sampleManifestations, sampleRoster, tablePort, runActions, type PortTables } from './testkit';
import { readAbility, timing } from './abilityKit.test-helpers';
import type { RosterInput } from './roster';
import type { Ability } from '../abilities/schema';

const ARCANE_RESONANCE: Ability = readAbility(
  { name: 'Arcane Resonance', timing: timing('Passive', 'passive', 'any'), declare: '', effect: 'Add 1 to casting rolls for this unit when it uses a Summon ability and add 1 to banishment rolls for this unit.' },
  ['WIZARD'],
);

const base = { shape: 'round' as const, diameterMm: 40 };
/** The sample roster plus a WIZARD (knows Mystic Shield, casting value 6), with `abilities`, and the sample manifestations (Orb: summoning value 6, banishment 7). */
function roster(p: 'p1' | 'p2', abilities: Ability[]): RosterInput {
  const r = sampleRoster(p) as RosterInput & { units: unknown[]; regiments: unknown[] };
  r.units.push({ id: `${p}-wizard`, name: 'Wizard', warscroll: { move: 5, health: 5, save: 4, control: 2, keywords: ['HERO', 'INFANTRY', 'WIZARD (1)'], spells: ['mysticShield'], ...(abilities.length ? { abilities } : {}) }, weapons: [], models: [{ id: `${p}-wizard-m1`, base }] });
  r.regiments.push({ leader: `${p}-wizard`, units: [] });
  return { ...r, manifestations: sampleManifestations(p) } as RosterInput;
}
const tables = (): PortTables => ({ inCombat: new Set(), contests: {}, distances: { 'p1-orb|p1-wizard': 11, 'p2-wizard|p1-orb': 20, 'p1-wizard|p1-wizard': 0 } });
const run = (s: GameState, actions: Action[]) => runActions(s, actions, tablePort(tables()));
function game(p1: Ability[], p2: Ability[], script: number[]): GameState {
  const g = createGame({ seed: 8, rosters: { p1: roster('p1', p1), p2: roster('p2', p2) }, finishedDeployingFirst: 'p1', diceScript: script });
  if (!g.ok) throw new Error(JSON.stringify(g.issues));
  return run(g.state, [{ type: 'chooseFirstTurn', player: 'p1', first: 'p1' }, { type: 'endPhase', player: 'p1' }]).s;
}
const summonOrb: Action = { type: 'cast', player: 'p1', unitId: 'p1-wizard', spell: 'summon:p1-orb', target: 'p1-orb', positions: { 'p1-orb-m1': [5, 5] } };

describe('Summon-only casting modifiers and banishment modifiers (Arcane Resonance)', () => {
  it('reads as +1 casting (Summon only) and +1 banishment on this unit', () => {
    expect(ARCANE_RESONANCE.resolves).toEqual([{ modify: 'cast', by: 1, targets: 'self', summon: true }, { modify: 'banish', by: 1, targets: 'self' }]);
  });

  it('summoning the Orb (summoning value 6): dice 3 + 2 = 5, +1 → 6, cast; without the ability 5 fails', () => {
    const withIt = run(game([ARCANE_RESONANCE], [], [3, 2]), [summonOrb]);
    expect(withIt.events.find((e) => e.type === 'spellCastRoll')).toMatchObject({ roll: 6, modifier: 1 });
    expect(withIt.s.pendingSpell).toMatchObject({ spell: 'summon:p1-orb', castingRoll: 6 });
    const without = run(game([], [], [3, 2]), [summonOrb]);
    expect(without.events.find((e) => e.type === 'spellFailed')).toMatchObject({ roll: 5, castingValue: 6 });
  });

  it('a spell that is not a SUMMON ability (Mystic Shield, casting value 6): dice 3 + 2 = 5, no +1, fails', () => {
    const r = run(game([ARCANE_RESONANCE], [], [3, 2]), [{ type: 'cast', player: 'p1', unitId: 'p1-wizard', spell: 'mysticShield', target: 'p1-wizard' }]);
    expect(r.events.find((e) => e.type === 'spellFailed')).toMatchObject({ roll: 5, castingValue: 6 });
  });

  it('Banish Manifestation (banishment value 7) by a WIZARD with the ability: dice 4 + 2 = 6, +1 → 7, banished; without it 6 stays', () => {
    const banishIn = (p2: Ability[]) => {
      let s = run(game([], p2, [3, 3]), [summonOrb, { type: 'pass', player: 'p2' }]).s;
      s = run(s, Array.from({ length: 6 }, () => ({ type: 'endPhase', player: 'p1' }) as Action)).s;
      s = run({ ...s, diceScript: [4, 2] }, [{ type: 'endPhase', player: 'p2' }]).s;
      return run(s, [{ type: 'banish', player: 'p2', unitId: 'p2-wizard', target: 'p1-orb' }]);
    };
    const r = banishIn([ARCANE_RESONANCE]);
    expect(r.events.find((e) => e.type === 'banishmentRoll')).toMatchObject({ dice: [4, 2], bonus: 1, roll: 7, banishment: 7, banished: true });
    expect(r.s.units['p1-orb'].status).toBe('unsummoned');
    expect(banishIn([]).events.find((e) => e.type === 'banishmentRoll')).toMatchObject({ roll: 6, bonus: 0, banished: false });
  });
});
