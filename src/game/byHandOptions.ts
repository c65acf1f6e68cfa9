/**
 * The abilities declared and waiting for their player's `resolveByHand` (ABILITIES.md "Play": an
 * ability whose Effect the engine did not understand is declared with `useAbility`, then the
 * player applies what they read, from the effect vocabulary). Each becomes a general option of
 * its player, `{action: {type: 'resolveByHand', player, ability, effects: []}, byHand}`, that the
 * Play panel opens as the by-hand dialog (`src/ui/play/abilities/ByHandDialog.tsx`): the Effect
 * quoted, the units it may affect (the ability's unit and the Declare's picks, Core 5.2), the
 * effects picked filled in. The engine refuses a by-hand effect outside those units, or after
 * the ability's window closed (`engine/abilityUse.ts` `resolveByHand`).
 *
 * @module
 */

import { findAbility } from '../rules/abilities/catalog';
import type { Action, GameState } from '../rules/engine/state';
import { unitName } from './session/roster';

/** What the by-hand dialog shows of an ability waiting to be resolved. */
export interface ByHandInfo {
  /** The ability's id (as the `resolveByHand` action names it) and its name as printed. */
  ability: string;
  name: string;
  /** Its Declare and Effect, quoted. */
  declare: string | null;
  effect: string;
  /** The units a by-hand effect may name: the ability's own unit (`self`) and the Declare's picks (`target`). */
  units: { id: string; name: string; role: 'self' | 'target' }[];
}

/** One general option per ability waiting for its player's `resolveByHand`, oldest first. */
export function byHandOptions(s: GameState): { group: string; label: string; rule: string; action: Action; available: true; byHand: ByHandInfo }[] {
  const awaiting = s.abilities?.awaiting ?? [];
  return awaiting.map((w) => {
    const a = findAbility(s, w.player, w.unitId, w.ability);
    const units = w.targets.map((id) => ({ id, name: unitName(s, id), role: id === w.unitId ? ('self' as const) : ('target' as const) }));
    return {
      group: `byHand:${w.ability}`,
      label: `Resolve ${w.name} by hand`,
      rule: 'Core 5.2',
      action: { type: 'resolveByHand', player: w.player, ability: w.ability, effects: [] },
      available: true as const,
      byHand: { ability: w.ability, name: w.name, declare: a?.declare ?? null, effect: a?.effect ?? '', units },
    };
  });
}
