/**
 * A move an ability grants under the Normal Move's rule of combat (issue 34, session 40, sh40c):
 *
 *   "Each target can immediately move D3". The targets cannot move into combat during any part of that move."
 *   (Guided by Lightning, sce-002)
 *
 * → `{move: "normal", inches: "D3", targets: "targets"}`: the distance rolled for each target when the ability
 * resolves, then `{type: "move", kind: "ability", paths}` checked as a Normal Move's path is (`moves.ts` `makeMove`
 * kind `normal`: Core 15.0, and Core 14.1's "cannot move into combat during any part of that move" — no path into an
 * enemy combat range, no end in combat; FLY ignores the ranges while moving as in a Normal Move, Core 15.4). The
 * move is the ability's, not a MOVE ability, so a unit set up this turn may make it (Core 24.0 forbids MOVE
 * abilities). The subject of both sentences must agree ("each target" / "the targets", "the target" / "it" / "the
 * target", "this unit" / "it" / "this unit"); anything else is left to the other readers.
 *
 * Pure; called by `parseEffect.ts` for each sentence.
 *
 * @module
 */

import { fail } from './parseDeclare';
import type { AbilityEffect } from './schema';

const MOVE = /^(each target|the target|this unit) can immediately move (D3|D6|\d+)"\.?$/i;
const RULE = /^(the targets|the target|this unit|it) cannot move into combat during any part of that move\.?$/i;
const AGREE: Readonly<Record<string, readonly string[]>> = { 'each target': ['the targets'], 'the target': ['the target', 'it'], 'this unit': ['this unit', 'it'] };

/** `ss[i]` and the rule after it as a `normal` move, or null when they are not this shape. */
export function readNoCombatMove40(ss: readonly string[], i: number, ctx: { hasTargets: boolean; passive: boolean }): { effects: AbilityEffect[]; used: number } | null {
  const m = MOVE.exec(ss[i].trim());
  const r = RULE.exec((ss[i + 1] ?? '').trim());
  if (!m || !r) return null;
  const who = m[1].toLowerCase();
  if (!AGREE[who].includes(r[1].toLowerCase())) return null;
  if (ctx.passive || (who !== 'this unit' && !ctx.hasTargets)) fail(ss[i]);
  const inches = /^\d+$/.test(m[2]) ? Number(m[2]) : m[2].toUpperCase();
  return { effects: [{ move: 'normal', inches, targets: who === 'this unit' ? 'self' : 'targets' } as AbilityEffect], used: 2 };
}
