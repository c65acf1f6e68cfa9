/**
 * "Add 1 to casting rolls for this unit when it uses a Summon ability and add 1 to banishment rolls for this unit."
 * (Arcane Resonance, dok-001 Bloodwrack Medusa; issue 34, session 39, sh39a; docs/abilities.md "Auras of named
 * warscrolls and roll-gated choices, session 39 (sh39a)"): a passive's whole Effect →
 * `{modify: "cast", by, targets: "self", summon: true}` (**`summon`**, an extension: only the casting roll of a
 * Summon spell, Magic 7.0; `engine/magic.ts` `cast` asks with `{summon: true}`) and `{modify: "banish", by, targets:
 * "self"}` (the banishment roll, Magic 8.0; `engine/magic.ts` `banish`). Any other wording is not this reader's.
 * Pure; no three.
 *
 * @module
 */

import type { AbilityEffect } from './schema';

const SUMMON = /^add ([1-3]) to casting rolls for this unit when it uses a summon ability(?: and add ([1-3]) to banishment rolls for this unit)?\.?$/i;

/** The whole Effect of a passive as those modifiers, or null when it is not this shape. */
export function readSummonRolls39(effect: string, passive: boolean, declare: string | null): AbilityEffect[] | null {
  const m = SUMMON.exec(effect.trim());
  if (!m || !passive || declare !== null) return null;
  return [
    { modify: 'cast', by: Number(m[1]), targets: 'self', summon: true },
    ...(m[2] ? [{ modify: 'banish', by: Number(m[2]), targets: 'self' } as AbilityEffect] : []),
  ];
}
