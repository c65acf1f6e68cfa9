/**
 * Session 39 (sh39d): a spell's or prayer's pick whose range names no unit: "Pick a visible enemy unit within 18" to be
 * the target, then make a casting roll of 2D6." (Tectonic Splintering, skv-001 Verminlord Warpseer). The range of a
 * spell or prayer is measured from the caster or chanter (Magic 2.0 / 3.0: "within N" of the caster"; the unit using
 * the ability, Core 28.2), so it reads as "within 18" of this unit". Only in a Declare with a casting or chanting roll
 * and only for the pick's last clause before "to be the target(s)"; any other Declare is left as it is.
 *
 * @module
 */

/** `d` (the Declare with its casting / chanting roll removed) with "within N" to be the target" read from the caster. */
export function rangeFromCaster39(d: string, castRoll: boolean): string {
  if (!castRoll) return d;
  return d.replace(/^(pick an? (?:visible )?(?:friendly |enemy )?[\w' -]*?unit) within (\d+)" (to be the targets?\.?)$/i, '$1 within $2" of this unit $3');
}
