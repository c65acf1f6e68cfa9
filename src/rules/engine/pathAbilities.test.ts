/**
 * Path to Glory in play (Ascension › Paths, Quests, Battleplans) on hand-built positions: kill
 * attribution (A-R16) for Claim their Skulls and Rise of a Champion, then the Path abilities,
 * grouped by the engine hook that plays them. Every test quotes the rule it checks.
 */
import { describe, expect, it } from 'vitest';
import type { AscensionId, AscensionSetup } from './ascension';
import type { RosterInput } from './roster';
import { createGame, type Action, type GameState, type PlayerId } from './state';
import { reduce, type GameEvent } from './reduce';
import { sampleRoster, tablePort, type PortTables } from './testkit';
import { championSlewInGame } from '../../campaign/outcome';

type Campaign = NonNullable<RosterInput['units'][number]['campaign']>;
const camp = (unitId: string, abilities: string[], path: Campaign['path'] = 'warrior'): Campaign => ({ unitId, renown: 30, rank: 'Mighty', path, abilities, enhancements: [] });

/** Sample rosters with the given Path abilities (unit id → abilities) and points on p2's units. */
function rosters(abilities: Record<string, string[]> = {}): Record<PlayerId, RosterInput> {
  const out = { p1: sampleRoster('p1'), p2: sampleRoster('p2') };
  for (const p of ['p1', 'p2'] as const) {
    for (const u of out[p].units) {
      u.points = u.id.endsWith('hero') ? 390 : 150;
      if (abilities[u.id]) u.campaign = camp(u.id, abilities[u.id], u.id.endsWith('hero') ? 'warrior' : 'defender');
    }
  }
  return out;
}

function game(o: { id?: AscensionId; roles?: Record<PlayerId, string>; abilities?: Record<string, string[]>; script?: number[]; rosters?: Record<PlayerId, RosterInput>; objectives?: string[] } = {}): GameState {
  const id = o.id ?? 'the-decisive-battle';
  const setup: AscensionSetup = { id, roles: o.roles ?? { p1: 'raider', p2: 'defender' }, table: { width: 60, depth: 44 }, neutralCorners: [] };
  const r = createGame({
    seed: 5,
    rosters: o.rosters ?? rosters(o.abilities),
    finishedDeployingFirst: 'p1',
    territories: { p1: 't1', p2: 't2' },
    battleplan: { objectives: o.objectives ?? [], name: id, vpPerObjective: 0, ascension: setup },
    diceScript: o.script ?? [],
  });
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.state;
}

function apply(s: GameState, actions: Action[], t: PortTables): { s: GameState; events: GameEvent[] } {
  const events: GameEvent[] = [];
  for (const a of actions) {
    const r = reduce(s, a, tablePort(t));
    if (!r.ok) throw new Error(`rejected ${JSON.stringify(a)}: ${r.reason} (${r.rule})`);
    s = r.state;
    events.push(...r.events);
  }
  return { s, events };
}
const end = (p: PlayerId, n: number): Action[] => Array.from({ length: n }, () => ({ type: 'endPhase', player: p }) as Action);
/** Round 1, p1 first; the twist roll-off (no underdog) takes 3 dice: 6, 1 (p1 rolls), then the twist face. */
const start: Action[] = [{ type: 'chooseFirstTurn', player: 'p1', first: 'p1' }];
const TWIST = [6, 1, 2]; // p1 wins the roll-off; D3 from 2 → 1 (Steeled Resolve in The Decisive Battle)
const fight = (unitId: string, target: string, player: PlayerId = 'p1'): Action[] => [
  { type: 'fight', player, unitId, target },
  { type: 'pass', player: 'p1' },
  { type: 'pass', player: 'p2' },
];

describe('kill attribution (A-R16): the unit that inflicted the final damage', () => {
  const heroesFight: PortTables = { inCombat: new Set(['p1-hero|p2-hero']), contests: {} };
  // Sword: 4 attacks, 3+ / 3+, Rend 1, Damage 2 against Health 5, Save 3+: 4 hits, 4 wounds, 4 failed saves = 8 damage.
  const kill = [...TWIST, 4, 4, 4, 4, 4, 4, 4, 4, 1, 1, 1, 1];

  it('damage events name the attacker; the destroyed unit is recorded and Claim their Skulls scores it for the killer (390 points → 3 VP, T-52)', () => {
    let { s, events } = apply(game({ script: kill }), [...start, ...end('p1', 5), ...fight('p1-hero', 'p2-hero')], heroesFight);
    expect(events.find((e) => e.type === 'unitDestroyed')).toMatchObject({ unitId: 'p2-hero', source: 'fight:p1-hero', by: 'p1-hero' });
    expect(events.find((e) => e.type === 'damageResolved')).toMatchObject({ unitId: 'p2-hero', by: 'p1-hero', pool: 8 });
    expect(s.ascension?.destroyed).toEqual([{ unitId: 'p2-hero', by: 'p1-hero', round: 1 }]);
    ({ s, events } = apply(s, end('p1', 2), { inCombat: new Set(), contests: {} }));
    expect(events.filter((e) => e.type === 'vpScored' && e.rule === 'Claim their Skulls')).toEqual([
      expect.objectContaining({ player: 'p1', vp: 3, unitId: 'p2-hero', by: 'p1-hero' }),
    ]);
  });

  it('a unit slain by its own Retreat (self-inflicted) is nobody\'s kill: no Claim their Skulls', () => {
    // p1's turn ends; p2 retreats its 1-model hero out of combat with 5 damage on it: D3 mortal 3 (face 5) → slain.
    const script = [...TWIST, 5];
    let s = game({ script });
    s = apply(s, [...start, ...end('p1', 7), ...end('p2', 2)], { inCombat: new Set(), contests: {} }).s;
    s.units['p2-hero'].damage = 4;
    const r = apply(s, [{ type: 'retreat', player: 'p2', unitId: 'p2-hero' }], { inCombat: new Set(['p1-warriors|p2-hero']), contests: {} });
    expect(r.events.find((e) => e.type === 'unitDestroyed')).toMatchObject({ unitId: 'p2-hero', source: 'retreat:p2-hero', by: null });
    const after = apply(r.s, end('p2', 5), { inCombat: new Set(), contests: {} });
    expect(after.events.filter((e) => e.type === 'vpScored' && e.rule === 'Claim their Skulls')).toEqual([]);
  });

  it('Rise of a Champion: completed when an enemy HERO is slain by the Rising Champion, not by another unit', () => {
    const rs = rosters({ 'p1-hero': [], 'p1-warriors': [] });
    const s = apply(game({ rosters: rs, script: kill }), [...start, ...end('p1', 5), ...fight('p1-hero', 'p2-hero')], heroesFight).s;
    expect(championSlewInGame(s, 'p1', { id: 'rise-of-a-champion', points: 0, unit: 'p1-hero' })).toBe(true);
    expect(championSlewInGame(s, 'p1', { id: 'rise-of-a-champion', points: 0, unit: 'p1-warriors' })).toBe(false);
    expect(championSlewInGame(s, 'p1', { id: 'seek-glory-in-battle', points: 0, unit: 'p1-hero' })).toBe(false);
    expect(championSlewInGame(s, 'p2', { id: 'rise-of-a-champion', points: 0, unit: 'p2-hero' })).toBe(false);
  });
});
