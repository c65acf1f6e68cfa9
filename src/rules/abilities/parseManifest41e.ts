/**
 * Manifestations' passives read whole (issue 34, session 41, sh41e; docs/abilities.md "Manifestations, session 41
 * (sh41e)"):
 *
 * - "Enemy units cannot use commands while they are within 3" of either part of this Manifestation." (Tendrils of
 *   Light and Shadow, the Geminids of Uhl-Gysh, fec-001) → `{noCommands: true, targets: "enemy", while: {within: 3,
 *   of: "self"}}`: the aura of Screams of the Penitent (parseTerrain38.ts) measured from the manifestation. A
 *   manifestation of N parts is imported as one unit of N models (army/mapArmy.ts, "has 2 parts"), and a distance
 *   to a unit is the distance to its closest model (Core 1.0), so "within 3" of either part" is "within 3" of this
 *   unit". Commands 1.2: a unit uses a command; this one cannot (`engine/core.ts` `payCommand` asks
 *   `commandsForbidden`). While the manifestation is not on the battlefield (not summoned, banished) its aura is
 *   not there (Magic 7.0; `passives.ts` only measures units present).
 *
 * Only the whole sentence in a passive with no Declare; "wholly within", another subject or any more text: by hand.
 *
 * Pure.
 *
 * @module
 */

import type { AbilityEffect, AbilityTiming } from './schema';
import { plainRulesText } from './parseTiming';

const TENDRILS = /^enemy units cannot use commands while they are within (\d{1,2})" of either part of this manifestation\.?$/i;

/** The effects of a manifestation passive of this module (module docs), or null when the text is not one. */
export function readManifest41e(input: { readonly timing: AbilityTiming; readonly declare: string | null; readonly effect: string }): AbilityEffect[] | null {
  const m = TENDRILS.exec(plainRulesText(input.effect).trim());
  if (!m || input.timing.when !== 'passive' || (input.declare ?? '').trim() !== '') return null;
  return [{ noCommands: true, targets: 'enemy', while: { within: Number(m[1]), of: 'self' } }];
}
