/**
 * Wicked Wardens (dok-001 Blood Hags) on the real table (session 39, sh39a; `abilities/near39.ts`): "While this unit
 * is wholly within 12" of a friendly Hag Queen on Cauldron of Blood, Slaughter Queen on Cauldron of Blood or Shrine of
 * Dark Tribute, this unit's melee weapons have Anti-charge (+1 Rend)." read from its real text, held by the kit's
 * Gutrippaz (5 models in a line along +y, 1.3" apart, 32 mm bases), with the kit's shaman renamed a Hag Queen on
 * Cauldron of Blood, and a faction terrain feature "Shrine of Dark Tribute" (a 6" x 4" x 3" box, x 27-33, y 8-12).
 * Wholly within (Core 1.1) is computed by hand: for round bases of equal radius, the farthest point of the unit's
 * base from the other base is the centres' distance.
 */

import { describe, expect, it } from 'vitest';
import { makeWorld } from '../../../tests/scenario/geomKit';
import { parseEffect } from '../abilities/parseEffect';
import { parseTiming } from '../abilities/parseTiming';
import { ability, gameAtHero, roster, DEFAULT_PLACEMENT, type Placement } from './abilityKit.test-helpers';
import { weaponAbilities } from './attackAbilities';
import { worldPort } from './worldPort';
import type { GeometryPort } from './geometryPort';
import type { RosterInput } from './roster';

const COUNTS: Record<string, number> = { hero: 1, boyz: 5, gits: 3 };
const BOX = { center: [30, 10] as [number, number], size: [6, 4, 3] as [number, number, number] };

function portWith(place: Placement, shrine: boolean): GeometryPort {
  const units = Object.entries({ ...DEFAULT_PLACEMENT, ...place }).map(([id, at]) => ({
    id,
    army: id.slice(0, 2),
    models: Array.from({ length: COUNTS[id.split('-')[1]] }, (_, i) => ({ id: `${id}-m${i + 1}`, base: { round: 32 }, pos: [at[0], at[1] + i * 1.3] as [number, number], height: 1.2 })),
  }));
  return worldPort(makeWorld({ units, terrain: shrine ? [{ id: 'shrine', type: 'obstacle' as const, abilities: ['cover' as const], boxes: [BOX] }] : [] }));
}

const TEXT = "While this unit is wholly within 12\" of a friendly Hag Queen on Cauldron of Blood, Slaughter Queen on Cauldron of Blood or Shrine of Dark Tribute, this unit's melee weapons have Anti-charge (+1 Rend).";
const passive = parseTiming('Passive', true);
const read = parseEffect({ declare: null, effect: TEXT, timing: passive, knownKeywords: ['KRULEBOYZ', 'INFANTRY', 'HERO'], unitNames: ['Hag Queen on Cauldron of Blood', 'Gutrippaz'] });
const wardens = ability({ name: 'Wicked Wardens', timing: passive, effect: TEXT, resolves: read.resolves });

/** p1: the shaman named `heroName`, Wicked Wardens on the Gutrippaz, and (with `shrine`) the faction terrain feature. */
function p1(heroName: string, shrine: boolean): RosterInput {
  const r = roster('p1', [], [wardens]);
  return { ...r, units: r.units.map((u) => (u.id === 'p1-hero' ? { ...u, name: heroName } : u)), ...(shrine ? { factionTerrain: [{ id: 'shrine', name: 'Shrine of Dark Tribute' }] } : {}) };
}

/** Do the Gutrippaz's Wicked Hackas gain Anti-charge against p2's Gutrippaz? */
function antiCharge(heroName: string, place: Placement, shrine: boolean): boolean {
  const port = portWith(place, shrine);
  const s = gameAtHero(p1(heroName, shrine), roster('p2'), port);
  const hacka = s.players.p1.roster.units.find((u) => u.id === 'p1-boyz')!.weapons[0];
  return weaponAbilities(s, port, 'p1-boyz', 'p2-boyz', hacka).grants.includes('anti-charge');
}

describe('Wicked Wardens: Anti-charge while wholly within 12" of a friendly unit or faction terrain feature of those names', () => {
  it('read from the real text (not by hand)', () => {
    expect(read.resolves).not.toBeNull();
  });
  it('the Hag Queen on Cauldron of Blood at (10, 20), the line at x 20.5 from y 20: the farthest centre 11.72" away, wholly within: gained', () => {
    // sqrt(10.5² + 5.2²) = 11.717 ≤ 12.
    expect(antiCharge('Hag Queen on Cauldron of Blood', { 'p1-hero': [10, 20], 'p1-boyz': [20.5, 20] }, false)).toBe(true);
  });
  it('the line at x 21.2: within (9.94") but not wholly (sqrt(11.2² + 5.2²) = 12.35"): not gained; the hero under another name: not gained', () => {
    expect(antiCharge('Hag Queen on Cauldron of Blood', { 'p1-hero': [10, 20], 'p1-boyz': [21.2, 20] }, false)).toBe(false);
    expect(antiCharge('Swampcalla Shaman', { 'p1-hero': [10, 20], 'p1-boyz': [20.5, 20] }, false)).toBe(false);
  });
  it('the Shrine of Dark Tribute (faction terrain, box edge y 12): the line at x 30 from y 17.5, farthest base edge 5.5 + 5.2 + R = 11.33" away: gained; from y 19: 12.83": not; no shrine on the table: not', () => {
    const far: Placement = { 'p1-hero': [55, 40] };
    expect(antiCharge('Swampcalla Shaman', { ...far, 'p1-boyz': [30, 12 + 5.5] }, true)).toBe(true);
    expect(antiCharge('Swampcalla Shaman', { ...far, 'p1-boyz': [30, 12 + 7] }, true)).toBe(false);
    expect(antiCharge('Swampcalla Shaman', { ...far, 'p1-boyz': [30, 12 + 5.5] }, false)).toBe(false);
  });
});
