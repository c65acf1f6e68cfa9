/**
 * Path to Glory battleplans on a table (docs/campaign.md, INVENTORY G23 / §3.3 D5): objectives
 * laid out relative to the two territories, hand-computed on a 60" x 44" table with a south
 * territory (y 0-12) and a north one (y 32-44); roles by renown; neutral corners; Escape Route.
 */
import { describe, expect, it } from 'vitest';
import { parseRoster, type Roster } from '../rules/engine/roster';
import { sampleRoster } from '../rules/engine/testkit';
import { ascensionSetup, pointInPolygon } from './ascensionSetup';

const roster = (p: string, renown?: number): Roster => {
  const r = parseRoster(sampleRoster(p));
  if (!r.ok) throw new Error('roster');
  if (renown !== undefined) r.roster.units[0].campaign = { unitId: `${p}-hero`, renown, rank: 'Aspiring', path: 'warrior', abilities: [], enhancements: [] };
  return r.roster;
};
const territories = { p1: [[0, 0], [60, 0], [60, 12], [0, 12]] as [number, number][], p2: [[0, 32], [60, 32], [60, 44], [0, 44]] as [number, number][] };
const input = (id: Parameters<typeof ascensionSetup>[0]['id'], r1?: number, r2?: number) => ({ id, table: { width: 60, depth: 44 }, territories, rosters: { p1: roster('p1', r1), p2: roster('p2', r2) }, seed: 1 });

describe('battleplans on any table', () => {
  it('The Ruined Settlement: north is the y-high territory; 5 objectives: centre, and ±L/3 along, ±P/2 across (L = 22, P = 30)', () => {
    const r = ascensionSetup(input('the-ruined-settlement', 5, 5));
    expect(r.setup.roles).toEqual({ p1: 'south', p2: 'north' });
    expect(r.objectives).toEqual([
      { id: 'ptg-centre', position: [30, 22] },
      { id: 'ptg-1', position: [15, 29.33] },
      { id: 'ptg-2', position: [45, 29.33] },
      { id: 'ptg-3', position: [15, 14.67] },
      { id: 'ptg-4', position: [45, 14.67] },
    ]);
    // Corners of this table are all inside a territory: none is neutral.
    expect(r.setup.neutralCorners).toEqual([]);
  });
  it('the player whose general has fewer renown picks (takes the second role); the defender begins deployment', () => {
    const r = ascensionSetup(input('the-decisive-battle', 12, 5));
    expect([r.picker, r.setup.roles, r.beginsDeployment, r.rollOff]).toEqual(['p2', { p1: 'raider', p2: 'defender' }, 'p2', []]);
    const tie = ascensionSetup(input('the-decisive-battle', 5, 5));
    expect(tie.rollOff.length).toBeGreaterThan(0);
    const last = tie.rollOff.at(-1)!;
    expect(tie.picker).toBe(last.p1 > last.p2 ? 'p1' : 'p2');
  });
  it('The Ritual: the sites of power on the ritualist territory\'s border facing the centre, the altar at its centre', () => {
    const r = ascensionSetup(input('the-ritual', 9, 5)); // p2 picks: ritualist = p2 (north)
    expect(r.setup.roles).toEqual({ p1: 'attacker', p2: 'ritualist' });
    expect(r.objectives).toEqual([
      { id: 'site-1', position: [45, 32] },
      { id: 'site-2', position: [30, 32] },
      { id: 'site-3', position: [15, 32] },
      { id: 'altar', position: [30, 38] },
    ]);
    for (const o of r.objectives) expect(pointInPolygon(o.position, territories.p2)).toBe(true);
  });
  it('The Ambush: the Escape Route is the edge nearest the ambusher; Wreck and Ruin: half the defender\'s units in reserve, never its general', () => {
    expect(ascensionSetup(input('the-ambush', 9, 5)).setup.escapeEdge).toBe('yD');
    const w = ascensionSetup(input('wreck-and-ruin', 9, 5));
    expect(w.reserves).toEqual({ p2: ['p2-knights'] });
    expect(w.noFactionTerrain).toEqual(['p1']);
  });
  it('neutral corners: a table with shallow territories has all four', () => {
    const shallow = { p1: [[10, 0], [50, 0], [50, 10], [10, 10]] as [number, number][], p2: [[10, 34], [50, 34], [50, 44], [10, 44]] as [number, number][] };
    expect(ascensionSetup({ ...input('the-decisive-battle', 1, 2), territories: shallow }).setup.neutralCorners).toEqual([[0, 0], [60, 0], [0, 44], [60, 44]]);
  });
});
