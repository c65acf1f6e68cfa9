/**
 * "The target can use 2 Fight abilities this turn. After the first is used, however, the target has
 * Strike-last for the rest of the turn." (issue 34, session 38, ab38c; effect `fightTwice`, read by
 * `abilities/parseFight38.ts`: Dance of Doom, Deliver Judgement).
 *
 * Core 5.3 ("A unit cannot use more than 1 CORE ability per phase", "the same ability more than once per
 * phase") is overridden for one more Fight (Core 29.0: the ability says the unit can): while a
 * `fightTwice` effect applies to a unit, `fight` (`attacks.ts`) accepts it a second time in the combat
 * phase, without counting the second Fight as its CORE ability again, and `fightCandidates` offers it
 * again in the alternation of picks (Core 13.1), after the units without STRIKE-LAST (Core 19.0),
 * because once its first Fight has been used the unit has STRIKE-LAST for the rest of the turn (an
 * effect `{strike: "last", duration: "turn"}` of the same ability, event `abilityEffect`). The second
 * Fight is checked like the first (in combat or charged). A third is refused as before (Core 5.3).
 *
 * @module
 */

import { effectsOn, type AppliedEffect } from '../abilities/passives';
import { abilityState, stampOf } from '../abilities/record';
import type { AbilityEffect } from '../abilities/schema';
import type { Ctx } from './core';

const TWICE = (e: AbilityEffect) => 'fightTwice' in e;

/** The `fightTwice` effect that applies to the unit now, or null. */
function twice(c: Ctx, unitId: string): AppliedEffect | null {
  return effectsOn(c.s, c.port, unitId, {}, TWICE)[0] ?? null;
}

/** How many Fight abilities the unit used in this combat phase. */
export function fightsUsed(c: Ctx, unitId: string): number {
  return (c.s.combat?.fought ?? []).filter((id) => id === unitId).length;
}

/** Can the unit use a Fight ability now as far as Core 5.3 goes (none used, or one and `fightTwice`)? */
export function mayFightAgain(c: Ctx, unitId: string): boolean {
  const n = fightsUsed(c, unitId);
  return n === 0 || (n === 1 && twice(c, unitId) !== null);
}

/**
 * After `fight` recorded the unit's Fight: on its first, with `fightTwice`, it has STRIKE-LAST for the rest
 * of the turn ("After the first is used, however, ...").
 */
export function afterFightUsed(c: Ctx, unitId: string): void {
  if (fightsUsed(c, unitId) !== 1) return;
  const t = twice(c, unitId);
  if (t === null) return;
  const effect = { strike: 'last', targets: 'self', duration: 'turn' } as AbilityEffect;
  const st = abilityState(c.s);
  st.active.push({ ability: t.ability, name: t.name, player: t.player, unitId, effect, units: [unitId], order: t.order, at: stampOf(c.s) });
  c.events.push({ type: 'abilityEffect', player: t.player, unitId, ability: t.ability, name: t.name, rule: t.rule, effect, units: [unitId], duration: 'turn', afterFirstFight: true });
}
