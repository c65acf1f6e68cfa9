/**
 * Session 41 (sh41e): Tendrils of Light and Shadow (Geminids of Uhl-Gysh, fec-001), the real text read by the parser
 * (parseManifest41e.ts): "Enemy units cannot use commands while they are within 3" of either part of this
 * Manifestation." Commands 1.2 (`payCommand` refuses), an aura measured from the manifestation only while it is on
 * the battlefield (Magic 7.0). The sample Orb carries the ability, as 2 parts (2 models, as the importer makes the
 * Geminids); distances by a table (unit to unit: closest models, Core 1.0).
 */

import { describe, expect, it } from 'vitest';
import { createGame, type Action, type GameState } from './state';
import { sampleManifestations, sampleRoster, tablePort, runActions, type PortTables } from './testkit';
import { reduce } from './reduce';
import { readAbility, timing } from './abilityKit.test-helpers';
import type { RosterInput } from './roster';

const TENDRILS = readAbility(
  { name: 'Tendrils of Light and Shadow', timing: timing('Passive', 'passive', 'any'), declare: '', effect: 'Enemy units cannot use commands while they are within 3" of either part of this Manifestation.' },
  ['WIZARD'],
);

const base = { shape: 'round' as const, diameterMm: 40 };
/** The sample roster plus a WIZARD (casting value 6 for the Orb's summoning); p1's Orb has Tendrils and 2 parts. */
function roster(p: 'p1' | 'p2'): RosterInput {
  const r = sampleRoster(p) as RosterInput & { units: unknown[]; regiments: unknown[] };
  r.units.push({ id: `${p}-wizard`, name: 'Wizard', warscroll: { move: 5, health: 5, save: 4, control: 2, keywords: ['HERO', 'INFANTRY', 'WIZARD (1)'], spells: ['mysticShield'] }, weapons: [], models: [{ id: `${p}-wizard-m1`, base }] });
  r.regiments.push({ leader: `${p}-wizard`, units: [] });
  const ms = sampleManifestations(p).map((m) =>
    m.id === `${p}-orb` && p === 'p1' ? { ...m, warscroll: { ...m.warscroll, abilities: [TENDRILS] }, models: [...m.models, { id: `${p}-orb-m2`, base: { shape: 'round' as const, diameterMm: 60 } }] } : m,
  );
  return { ...r, manifestations: ms } as RosterInput;
}
/** p2's WIZARD `d` inches from p1's Orb (either order of the pair). */
const tables = (d: number): PortTables => ({ inCombat: new Set(), contests: {}, distances: { 'p1-orb|p1-wizard': 11, 'p2-wizard|p1-orb': d, 'p1-orb|p2-wizard': d, 'p1-wizard|p1-wizard': 0 } });
function game(d: number, script: number[]): GameState {
  const g = createGame({ seed: 8, rosters: { p1: roster('p1'), p2: roster('p2') }, finishedDeployingFirst: 'p1', diceScript: script });
  if (!g.ok) throw new Error(JSON.stringify(g.issues));
  return runActions(g.state, [{ type: 'chooseFirstTurn', player: 'p1', first: 'p1' }, { type: 'endPhase', player: 'p1' }], tablePort(tables(d))).s;
}
const summonOrb: Action = { type: 'cast', player: 'p1', unitId: 'p1-wizard', spell: 'summon:p1-orb', target: 'p1-orb', positions: { 'p1-orb-m1': [5, 5], 'p1-orb-m2': [12, 5] } };
const intervene: Action = { type: 'command', player: 'p2', command: 'magicalIntervention', unitId: 'p2-wizard' };

describe('Tendrils of Light and Shadow: enemy units within 3" of the manifestation cannot use commands (Commands 1.2)', () => {
  it('reads whole as the aura noCommands on enemy units within 3" of this unit', () => {
    expect(TENDRILS.resolves).toEqual([{ noCommands: true, targets: 'enemy', while: { within: 3, of: 'self' } }]);
  });

  it('summoned (dice 4 + 3 = 7 ≥ 6), p2\'s WIZARD 2" away cannot use Magical Intervention; 3" away (within) neither; 3.5" away it can (1 CP)', () => {
    for (const [d, banned] of [[2, true], [3, true], [3.5, false]] as const) {
      const port = tablePort(tables(d));
      const s = runActions(game(d, [4, 3]), [summonOrb, { type: 'pass', player: 'p2' }], port).s;
      expect(s.units['p1-orb'].status).toBeUndefined();
      const r = reduce(s, intervene, port);
      if (banned) expect(r.ok ? null : { reason: r.reason, rule: r.rule }).toEqual({ reason: 'unit "p2-wizard" cannot use commands (Tendrils of Light and Shadow (warscroll))', rule: 'Commands 1.2' });
      else {
        if (!r.ok) throw new Error(r.reason);
        expect(r.events.find((e) => e.type === 'commandUsed')).toMatchObject({ unitId: 'p2-wizard', cost: 1, cpLeft: s.players.p2.cp - 1 });
      }
    }
  });

  it('not summoned (the Orb off the battlefield), the WIZARD 2" from where it would be uses Magical Intervention', () => {
    const port = tablePort(tables(2));
    const s = game(2, []);
    expect(s.units['p1-orb'].status).toBe('unsummoned');
    const r = reduce(s, intervene, port);
    expect(r.ok).toBe(true);
  });
});
