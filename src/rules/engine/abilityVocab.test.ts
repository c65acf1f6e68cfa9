/**
 * The effect vocabulary's extensions of session 35 (docs/abilities.md) applied in play: named
 * weapons and the "damaged" condition (Battle Damaged), ... Each with a known answer from scripted
 * dice on the real table of the ability kit.
 */

import { describe, expect, it } from 'vitest';
import { ability, gameAtHero, play, roster, tablePortAt, timing, toPhase } from './abilityKit.test-helpers';
import { modified } from '../abilities/passives';
import type { AbilityEffect } from '../abilities/schema';
import type { GameState } from './state';

const passive = (name: string, resolves: AbilityEffect[]) => ability({ name, timing: timing('Passive', 'passive', 'any'), effect: name, resolves });

describe('named weapons and the damaged condition (Battle Damaged)', () => {
  // The shaman (Staff: 3 attacks, hit 4+) in combat with p2's Gutrippaz.
  const port = tablePortAt({ 'p1-hero': [30, 15], 'p2-boyz': [31.5, 15] });
  const damaged = passive('Battle Damaged', [
    { set: 'attacks', to: 1, weapon: 'Staff', targets: 'self', while: { damaged: 3, unit: 'self' } },
    { set: 'control', to: 10, targets: 'self', while: { damaged: 3, unit: 'self' } },
  ]);
  function fight(s: GameState) {
    const f = play(toPhase(s, port, 'combat'), port, [{ type: 'fight', player: 'p1', unitId: 'p1-hero', target: 'p2-boyz' }, { type: 'pass', player: 'p1' }, { type: 'pass', player: 'p2' }]);
    return f.events.find((e) => e.type === 'attacksResolved') as { attacks: number; abilities?: string[] } | undefined;
  }
  it('under 3 damage points the Staff keeps its 3 attacks; with 3 it has 1 ("the Attacks characteristic of its Staff is 1")', () => {
    const s0 = gameAtHero(roster('p1', [damaged]), roster('p2'), port);
    expect(fight({ ...s0, units: { ...s0.units, 'p1-hero': { ...s0.units['p1-hero'], damage: 2 } } })?.attacks).toBe(3);
    const hurt = { ...s0, units: { ...s0.units, 'p1-hero': { ...s0.units['p1-hero'], damage: 3 } } };
    expect(fight(hurt)).toMatchObject({ attacks: 1, abilities: ['Battle Damaged (warscroll)'] });
    // The Control characteristic of 10 under the same condition (Core 32.2 control scores).
    expect(modified(hurt, port, 'p1-hero', 'control').set).toBe(10);
    expect(modified(s0, port, 'p1-hero', 'control').set).toBeUndefined();
  });
  it('an effect on a weapon the attack is not made with does not apply; outside an attack (no weapon) neither', () => {
    const other = passive('Other weapon', [{ modify: 'attacks', by: 2, weapon: 'Wicked Hacka', targets: 'self' }]);
    const s0 = gameAtHero(roster('p1', [other]), roster('p2'), port);
    expect(fight(s0)?.attacks).toBe(3);
    expect(modified(s0, port, 'p1-hero', 'attacks').add).toBe(0);
    expect(modified(s0, port, 'p1-hero', 'attacks', { weaponName: 'wicked hacka' }).add).toBe(2);
  });
});
