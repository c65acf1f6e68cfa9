/**
 * Units that may Unbind (Magic 4.0) through an ability (issue 34, session 37): the core lets a WIZARD
 * unbind; these abilities let others, or change the roll:
 *
 * - (the passives "This unit can use Unbind abilities as if it had Wizard (1)" are perm37's `unbindAsWizard`,
 *   `magic.ts` `powerLevel`);
 * - reactions to "Opponent declared a Spell ability", used while the spell waits for its unbinding roll,
 *   read from their Effect when they are used (they stay by hand for the rest): "this unit can use the
 *   'Unbind' ability as if it had Wizard (1). Add 1 to the unbinding roll for that ability" (Spell-eaters,
 *   nh-001, its condition checked by `abilities/triggerConditions.ts`); "This unit uses the 'Unbind' ability
 *   but the unbinding roll is 3D6 instead of 2D6" (Screamin' Mandrakk, kb-001). The grant is kept on the
 *   waiting spell (`PendingSpell.unbindBy`), so it ends with it.
 *
 * @module
 */

import type { Ctx } from './core';
import type { GameState } from './state';
import type { Ability } from '../abilities/schema';

const AS_WIZARD = /can use the 'Unbind' ability as if it had Wizard \((\d)\)(?:\.\s*Add (\d) to the unbinding roll for that ability)?/i;
const MORE_DICE = /uses the 'Unbind' ability but the unbinding roll is (\d)D6 instead of 2D6/i;

/** After a reaction of `user` was used (`abilityUse.ts`): the Unbind it grants on the waiting spell, if its text grants one. */
export function noteUnbindGrant(c: Ctx, user: string | null, ability: Ability): void {
  const sp = c.s.pendingSpell;
  if (sp === null || user === null || ability.timing.when !== 'reaction') return;
  const text = ability.effect.replace(/\*\*|\^\^/g, '');
  const w = AS_WIZARD.exec(text);
  const d = MORE_DICE.exec(text);
  if (!w && !d) return;
  const grant = { wizard: w ? Number(w[1]) : 0, add: w?.[2] !== undefined ? Number(w[2]) : 0, dice: d ? Number(d[1]) : 2, ability: ability.name };
  c.s.pendingSpell = { ...sp, unbindBy: { ...(sp.unbindBy ?? {}), [user]: grant } };
  c.events.push({ type: 'unbindGranted', unitId: user, ...grant });
}

/** What a reaction to the waiting spell lets `unitId` do when it Unbinds now: its WIZARD level as if it had one, the roll's dice and modifier, the ability named. */
export function unbindGrant(s: GameState, unitId: string): { wizard: number; add: number; dice: number; abilities: string[] } {
  const g = s.pendingSpell?.unbindBy?.[unitId];
  if (g === undefined) return { wizard: 0, add: 0, dice: 2, abilities: [] };
  return { wizard: g.wizard, add: g.add, dice: g.dice, abilities: [g.ability] };
}
