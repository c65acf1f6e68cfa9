/**
 * A reaction to the Redeploy command that raises its roll (issue 34, session 40, sh40c; Commands 3.0):
 *
 *   Timing "Reaction: You declared the 'Redeploy' command for a friendly Gutrippaz unit wholly within 12" of this
 *   unit", Effect "If you roll a 1-3 when determining the distance that unit can move, you can use a value of 4
 *   instead." (Commanding View, kb; Lord of Assassins, skv, "friendly Eshin Infantry unit wholly within 13"")
 *
 * → `{redeployDeclaredAtLeast: 4}` (an extension of the vocabulary, schema.ts): "that unit" is the unit the
 * Redeploy command was declared for (the reaction's trigger; which units may be, by keyword and distance, is the
 * trigger's condition, checked by `triggerConditions.ts` when the reaction is offered and used). The engine
 * rolls the Redeploy D6 when the command is declared, before the reaction (`commands.ts`), so the reaction raises a
 * roll of 1 to N-1 to N on the move still to be made (`engine/redeploy40.ts`; "you can use": taking N is never
 * worse, as session 37's Outmanoeuvre reads it). Only this whole Effect, in a reaction to the Redeploy command the
 * ability's player declared; anything else is left to the other readers.
 *
 * Pure.
 *
 * @module
 */

import { plainRulesText } from './parseTiming';
import type { AbilityEffect, AbilityTiming } from './schema';

const EFFECT = /^if you roll a 1-([1-5]) when determining the distance that unit can move, you can use a value of ([2-6]) instead\.?$/i;
const TRIGGER = /^you declared the '?redeploy'? command for an? friendly [\w' -]+ unit (?:wholly )?within \d+" of this unit$/i;

/** The whole Effect of such a reaction (module docs) as its effect, or null. */
export function readRedeployReaction40(timing: AbilityTiming, declare: string | null, effect: string): AbilityEffect[] | null {
  if (timing.when !== 'reaction' || declare !== null || !TRIGGER.test(plainRulesText(timing.reaction ?? '').trim())) return null;
  const m = EFFECT.exec(plainRulesText(effect).trim());
  if (!m || Number(m[2]) !== Number(m[1]) + 1) return null;
  return [{ redeployDeclaredAtLeast: Number(m[2]) } as AbilityEffect];
}
