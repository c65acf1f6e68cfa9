/**
 * Moves an ability grants, with the rule of the move written after it (issue 34, session 38, ab38c). Two or
 * three sentences read together:
 *
 * - "If this unit is in combat, it can move 2D6". It can pass through models in enemy units but must end that
 *   move in combat." (Relentless as the Driving Current, lrl) → `{move: "free", inches: "2D6", through:
 *   "enemyModels", end: "inCombat", targets: "self", if: {inCombat: true, unit: "self"}}`;
 * - "The target can move up to 3". It can move into combat. If it was in combat at the start of the move, it
 *   must end that move in combat." (Mighty Destroyers, ij) → `{move: "free", inches: 3, end:
 *   "inCombatIfStarted", targets: "targets"}`;
 * - "This unit can move D6". It can pass through the combat ranges of enemy units and can end that move in
 *   combat." → `end: "any"`; "... but must end that move in combat." → `end: "inCombat"`.
 *
 * `free` (an extension of the `move` kinds, schema.ts): a move under Core 15.0 alone (distance, no model passed
 * through unless `through` says so, the battlefield's edge, coherency, not ending on a model), whose path may
 * cross enemy units' combat ranges because the text says so, and whose end is checked against `end`
 * (`engine/abilityMove38.ts`). A sentence after them that depends on the move ("Then, pick an enemy unit that
 * this unit passed across during that move") is not read: the ability stays by hand.
 *
 * And "For the rest of the turn, each time this unit makes a pile-in move, add 3" to the distance it can move."
 * (Unerring Hunters, nh) → `{modify: "pileIn", by: 3, targets: "self", duration: "turn"}` (`readPileInBonus`):
 * Core 15.3's 3" is the base the engine adds it to (`engine/abilityMove38.ts` `pileInInches`).
 *
 * Pure; called by `parseEffect.ts` for each sentence before its other readers.
 *
 * @module
 */

import { fail } from './parseDeclare';
import type { AbilityEffect } from './schema';

const MOVE = /^(if this unit is in combat, )?(this unit|it|the target) can move (?:up to )?(\d+|D3|D6|2D6)"$/i;
const THROUGH_MODELS = /^it can pass through models in enemy units but must end that move in combat\.?$/i;
const RANGES = /^it can pass through the combat ranges of enemy units (but must|and can) end that move in combat\.?$/i;
const INTO = /^it can move into combat\.?$/i;
const STARTED = /^if it was in combat at the start of the move, it must end that move in combat\.?$/i;

/** `ss[i]` and what follows as a `free` move, or null when `ss[i]` is not such a move or its next sentence is no rule of this family. */
export function readFreeMove(ss: readonly string[], i: number, ctx: { hasTargets: boolean; passive: boolean }): { effects: AbilityEffect[]; used: number } | null {
  const m = MOVE.exec(ss[i].trim().replace(/\.$/, ''));
  if (!m) return null;
  const next = (ss[i + 1] ?? '').trim();
  let rule: { end: 'inCombat' | 'any' | 'inCombatIfStarted'; through?: 'enemyModels'; used: number } | null = null;
  let r: RegExpExecArray | null;
  if (THROUGH_MODELS.test(next)) rule = { end: 'inCombat', through: 'enemyModels', used: 2 };
  else if ((r = RANGES.exec(next))) rule = { end: /^but/i.test(r[1]) ? 'inCombat' : 'any', used: 2 };
  else if (INTO.test(next)) rule = STARTED.test((ss[i + 2] ?? '').trim()) ? { end: 'inCombatIfStarted', used: 3 } : { end: 'any', used: 2 };
  if (rule === null) return null;
  if (ctx.passive) fail(ss[i]);
  const who = m[2].toLowerCase();
  if (who === 'the target' && !ctx.hasTargets) fail(ss[i]);
  if (who === 'it' && m[1] === undefined) fail(ss[i]); // a bare "it" only after "If this unit is in combat,"
  const inches = /^\d+$/.test(m[3]) ? Number(m[3]) : m[3].toUpperCase();
  const effect = {
    move: 'free',
    inches,
    ...(rule.through ? { through: rule.through } : {}),
    end: rule.end,
    targets: who === 'the target' ? 'targets' : 'self',
    ...(m[1] !== undefined ? { if: { inCombat: true, unit: 'self' } } : {}),
  } as AbilityEffect;
  return { effects: [effect], used: rule.used };
}

const PILE_IN = /^(for the rest of the turn, )?each time this unit makes a pile-in move, add (\d+)" to the distance it can move\.?$/i;

/** "[For the rest of the turn, ]each time this unit makes a pile-in move, add N" to the distance it can move." → its effect, or null. */
export function readPileInBonus(sentence: string, passive: boolean): AbilityEffect | null {
  const m = PILE_IN.exec(sentence.trim());
  if (!m) return null;
  // A passive lasts while it applies (Core 5.4); an activated ability needs its duration (Core 28.1).
  if ((m[1] === undefined) !== passive) fail(sentence);
  return { modify: 'pileIn', by: Number(m[2]), targets: 'self', ...(passive ? {} : { duration: 'turn' }) } as AbilityEffect;
}
