/**
 * Session 39 (sh39d): two sentences about this unit alone (docs/abilities.md "Attack history picks, session 39
 * (sh39d)"):
 *
 * | Sentence (real texts) | Effects |
 * |---|---|
 * | `No mortal damage is inflicted on this unit by Retreat abilities.` (Lightning Quick, sce-002; a passive) | `{retreatNoDamage: true, targets: "self"}` (session 38's effect, `engine/retreat38.ts`; Core 14.1's D3) |
 * | `If any enemy models were slain by this unit's attacks this turn, Heal (4) this unit.` (Mantle of the First Storm, sce-002; End of Any Turn) | `{heal: 4, targets: "self", if: {slewByAttacks: true, unit: "self"}}` |
 *
 * | `Inflict 1 mortal damage on the target. Then, add 5 to the target's control score until the start of your next turn.` (Cruel Commander, skv-001) | the sentence after "Then," read as a sentence of its own, when the only effect before it is one plain mortal damage (no roll, no condition): the effects apply in that order anyway |
 *
 * `slewByAttacks`: models of an enemy unit were slain (Core 18.0, 18.3) by this unit's attacks, shooting or combat, this
 * turn (`UnitState.turn.attacks39`, `engine/attackHistory39.ts`). The clause after the condition is read by the parser's
 * own clause reader and must carry no condition of its own; otherwise the sentence is not read (by hand).
 *
 * @module
 */

import { fail } from './parseDeclare';
import type { AbilityEffect } from './schema';

const NO_RETREAT_DAMAGE = /^no mortal damage is inflicted on this unit by retreat abilities\.?$/i;
const SLEW_IF = /^if any enemy models were slain by this unit's attacks this turn, (.+?)\.?$/i;

/** The sentence as effects, or null when it is neither shape. @throws NotUnderstood when the shape matches but does not read. */
export function readSelfSentence39(s: string, passive: boolean, readClause: (c: string) => AbilityEffect[]): AbilityEffect[] | null {
  const t = s.trim();
  if (NO_RETREAT_DAMAGE.test(t)) {
    if (!passive) fail(t);
    return [{ retreatNoDamage: true, targets: 'self' } as AbilityEffect];
  }
  const m = SLEW_IF.exec(t);
  if (!m) return null;
  if (passive) fail(t);
  const read = readClause(m[1]);
  if (read.length === 0 || read.some((e) => e.if !== undefined || e.while !== undefined)) fail(t);
  return read.map((e) => ({ ...e, if: { slewByAttacks: true, unit: 'self' } }) as AbilityEffect);
}

/**
 * "Then, <clause>." after one plain "Inflict X mortal damage on ..." (`before`: that effect alone, no roll gate, no
 * condition): the clause as a sentence of its own, or null (another reader, or by hand). A "Then," after a roll or a condition is left alone: whether it hangs on them
 * is for the readers of rolls (parseRolls.ts "Then, roll a dice").
 */
export function readThen39(s: string, before: readonly AbilityEffect[], readClause: (c: string) => AbilityEffect[]): AbilityEffect[] | null {
  const m = /^then, (?!roll\b)(.+?)\.?$/i.exec(s.trim());
  // Only after one plain mortal damage (keys `mortal`, `targets`: no roll gate `on`, no condition), the real texts' shape.
  if (!m || before.length !== 1 || !('mortal' in before[0]) || Object.keys(before[0]).some((k) => k !== 'mortal' && k !== 'targets')) return null;
  return readClause(m[1]);
}
