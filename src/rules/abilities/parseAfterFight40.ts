/**
 * Session 40 (sh40b, issue 34): a reaction to "You declared a Fight ability for this unit" whose pick and roll come
 * after that Fight ability has been resolved (docs/abilities.md "Daughters of Khaine and Flesh-eater Courts, session
 * 40 (sh40b)"):
 *
 * - Off With Their Head! (fec, Royal Decapitator ×2): "Immediately after that Fight ability has been resolved, pick an
 *   enemy Infantry Hero in combat with this unit to be the target. Roll 2D6. If the roll exceeds the target's Health
 *   characteristic, it is automatically destroyed."
 *
 * The pick sentence is read as a Declare (`readDeclareText`: an enemy unit with the keywords, in combat with this unit)
 * and the rest as its Effect (`parseEffect`); only one enemy-unit pick (no count, no condition of its own) and one
 * `slay` effect on it (no condition) make the shape `{afterFightPick40: {pick, slay}, targets: "self", duration:
 * "phase"}`, played by `engine/afterFight40.ts` once the Fight ability has been resolved. Anything else: null.
 *
 * @module
 */

import type { AbilityEffect, AbilityPick, AbilityTiming } from './schema';

const FIGHT_TRIGGER = /^you declared a fight ability for this unit$/i;
const WHOLE = /^immediately after that fight ability has been resolved, (pick an enemy [^.]+? to be the target\.) (.+)$/i;

/** The pick fields this shape carries (the rest of a pick would be a condition the engine hook does not check). */
const PICK_KEYS = new Set(['kind', 'within', 'visible', 'keyword', 'anyKeyword', 'notKeyword']);

/** Parses a Declare and an Effect with the ability's timing and keywords (`parseEffect`). */
export type Parse = (declare: string, effect: string) => { resolves: AbilityEffect[] | null; picks?: AbilityPick[] };

/**
 * Off With Their Head!: the Effect read whole, or null (not this shape).
 * @param parse parses a Declare and an Effect with the ability's timing and keywords (`parseEffect`).
 */
export function readAfterFight40(timing: AbilityTiming, declare: string | null, effect: string, parse: Parse): AbilityEffect[] | null {
  if (timing.when !== 'reaction' || !FIGHT_TRIGGER.test((timing.reaction ?? '').trim()) || declare !== null) return null;
  const m = WHOLE.exec(effect.replace(/\s+/g, ' ').trim());
  if (!m) return null;
  const r = parse(m[1].replace(/^pick/, 'Pick'), m[2]);
  if (r.resolves === null || r.picks === undefined || r.picks.length !== 1 || r.resolves.length !== 1) return null;
  const pick = r.picks[0];
  if (pick.kind !== 'enemyUnit' || Object.keys(pick).some((k) => !PICK_KEYS.has(k))) return null;
  const e = r.resolves[0];
  if (!('slay' in e) || e.targets !== 'targets' || Object.keys(e).some((k) => !['slay', 'dice', 'health', 'times', 'targets'].includes(k))) return null;
  const { targets: _t, ...slay } = e;
  return [{ afterFightPick40: { pick: { ...pick }, slay }, targets: 'self', duration: 'phase' } as unknown as AbilityEffect];
}
