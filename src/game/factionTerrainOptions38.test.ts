/**
 * What the Play panel offers for an ability of a faction terrain feature (session 38, ab38a): the player's
 * general options list each copy of Tunnels Through Reality (skv-001, two Gnawholes) with the units its own
 * Gnawhole can pick, measured on a real table (`worldPort`, two 6" x 4" x 3" boxes), and the copy whose
 * Gnawhole has no unit near it not available, with the Declare's reason.
 */

import { describe, expect, it } from 'vitest';
import { makeWorld } from '../../tests/scenario/geomKit';
import { parseEffect } from '../rules/abilities/parseEffect';
import { parseTiming } from '../rules/abilities/parseTiming';
import { ability, gameAtHero, roster, toPhase, DEFAULT_PLACEMENT } from '../rules/engine/abilityKit.test-helpers';
import { worldPort } from '../rules/engine/worldPort';
import type { RosterInput } from '../rules/engine/roster';
import { generalAbilityOptions } from './abilityOptions';

const R = 32 / 25.4 / 2;

describe('Tunnels Through Reality in the general options (two Gnawholes; Core 28.2)', () => {
  const t = parseTiming('Your Movement Phase', false);
  const declare = 'Pick a friendly **^^Skaven^^** unit that is not in combat and is wholly within 6" of this terrain feature to be the target.';
  const effect = 'Remove the target from the battlefield and set it up again wholly within 6" of another friendly **Gnawhole** and more than 9" from all enemy units.';
  const r = parseEffect({ declare, effect, timing: t, knownKeywords: ['SKAVEN', 'KRULEBOYZ', 'INFANTRY'] });
  const tunnels = ability({ name: 'Tunnels Through Reality', timing: t, declare, effect, resolves: r.resolves, ...(r.picks ? { picks: r.picks } : {}) });
  const base = roster('p1');
  const p1: RosterInput = {
    ...base,
    units: base.units.map((u) => ({ ...u, warscroll: { ...u.warscroll, keywords: [...u.warscroll.keywords, 'SKAVEN'] } })),
    factionTerrain: [{ id: 'gnawhole', name: 'Gnawhole' }, { id: 'gnawhole-2', name: 'Gnawhole' }],
    abilities: [{ ...tunnels, id: 'gnawhole:tunnels-through-reality', usedBy: 'the player, through the faction terrain feature "Gnawhole" (gnawhole)' }, { ...tunnels, id: 'gnawhole-2:tunnels-through-reality', usedBy: 'the player, through the faction terrain feature "Gnawhole" (gnawhole-2)' }],
  };
  // The boyz 1" off the first Gnawhole's x = 33 edge (x 27-33, y 8-12): wholly within 6" of it; the second at y 32-36.
  const at: Record<string, [number, number]> = { ...DEFAULT_PLACEMENT, 'p1-boyz': [33 + 1 + R, 8] };
  const counts: Record<string, number> = { hero: 1, boyz: 5, gits: 3 };
  const port = worldPort(makeWorld({
    units: Object.entries(at).map(([id, p]) => ({ id, army: id.slice(0, 2), models: Array.from({ length: counts[id.split('-')[1]] }, (_, i) => ({ id: `${id}-m${i + 1}`, base: { round: 32 }, pos: [p[0], p[1] + i * 1.3] as [number, number], height: 1.2 })) })),
    terrain: [
      { id: 'gnawhole', type: 'obstacle', abilities: ['cover'], boxes: [{ center: [30, 10], size: [6, 4, 3] }] },
      { id: 'gnawhole-2', type: 'obstacle', abilities: ['cover'], boxes: [{ center: [30, 34], size: [6, 4, 3] }] },
    ],
  }));

  it('the first Gnawhole\'s copy offers the boyz, named by its holder; the second\'s is not available, with the reason', () => {
    expect(r.resolves).not.toBeNull();
    const s = toPhase(gameAtHero(p1, roster('p2'), port), port, 'movement');
    const options = generalAbilityOptions(s, port);
    const first = options.filter((o) => o.group === 'ability:gnawhole:tunnels-through-reality');
    expect(first.map((o) => [o.label, o.available])).toEqual([['Tunnels Through Reality (Your Movement Phase, Gnawhole (gnawhole)) → p1-boyz', true]]);
    const second = options.filter((o) => o.group === 'ability:gnawhole-2:tunnels-through-reality');
    expect(second).toHaveLength(1);
    expect(second[0]).toMatchObject({ available: false, rejectedBy: 'Tunnels Through Reality: Declare' });
    expect(second[0].reason).toMatch(/^no unit can be picked: a friendly SKAVEN unit wholly within 6" of this terrain feature not in combat \(.*terrain feature "gnawhole-2"/);
  });
});
