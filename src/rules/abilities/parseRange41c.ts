/**
 * Session 41 (sh41c, issue 34) reader of the sentences that add to a weapon's Range characteristic (Core 16.0: a ranged
 * weapon's Range; the engine reads the modifier in `engine/range41c.ts`), called from `parseEffect.ts` on the same line
 * as the rune reader (`parseRunes41c.ts`, which asks it for the effect after "While you have N or more instances ...").
 * Read whole; anything else is left to the other readers (by hand). Lumineth Realm-lords (lrl-001):
 *
 * - "Add N" to the Range characteristic of this unit's W." (passive) → `{modify: "range", by: N, weapon: W}` (the
 *   effect of Guided by the Winds after its rune clause);
 * - "... while it is wholly within 12" of any friendly <warscroll> units." (passive; the name one of the army's
 *   warscrolls) → with `while: {within: 12, wholly: true, ofFriendlyNamed: [<warscroll>]}` (Scryhawks; session 39's
 *   condition, `near39.ts`);
 * - "For the rest of the turn, add N" to the Range characteristic of this unit's W but subtract M from hit rolls for
 *   this unit's shooting attacks." (no Declare, your shooting phase) → both for the rest of the turn, on this unit
 *   (Lofted Shots): `{modify: "range", by: N, weapon: W, duration: "turn"}` and `{modify: "hit", by: -M, attacks:
 *   "ranged", duration: "turn"}`.
 *
 * The named weapon is checked by the importer (`src/army/abilities.ts`, as every named weapon). Pure.
 *
 * @module
 */

import { plainRulesText } from './parseTiming';
import type { AbilityEffect } from './schema';
import type { EffectInput, ParsedEffect } from './parseEffect';

/** A weapon's name as the rules print it: capitalised words ("Starshard Bolts", "Auralan Bows"). */
const W = `([A-Z][A-Za-z'-]*(?: [A-Z][A-Za-z'-]*)*)`;
const ADD = new RegExp(`^Add (\\d+)" to the Range characteristic of this unit's ${W}(?: while it is wholly within (\\d+)" of any friendly ([A-Z][A-Za-z' -]+?) units)?\\.$`);
const LOFTED = new RegExp(`^For the rest of the turn, add (\\d+)" to the Range characteristic of this unit's ${W} but subtract (\\d) from hit rolls for this unit's shooting attacks\\.$`);

/** The Range sentences (module notes), or null. */
export function readRange41c(input: EffectInput): ParsedEffect | null {
  if (!/Range characteristic/.test(input.effect)) return null;
  const text = plainRulesText(input.effect);
  const noDeclare = input.declare === null || plainRulesText(input.declare) === '';
  if (!noDeclare) return null;
  const a = ADD.exec(text);
  if (a && input.timing.when === 'passive') {
    const e: AbilityEffect = { modify: 'range', by: Number(a[1]), weapon: a[2], targets: 'self' };
    if (a[3] === undefined) return { resolves: [e] };
    const name = (input.unitNames ?? []).find((n) => n.toLowerCase() === a[4].toLowerCase());
    if (name === undefined) return null;
    return { resolves: [{ ...e, while: { within: Number(a[3]), wholly: true, ofFriendlyNamed: [name] } }] };
  }
  const l = LOFTED.exec(text);
  if (l && input.timing.when === 'shooting' && input.timing.whose === 'your') {
    return {
      resolves: [
        { modify: 'range', by: Number(l[1]), weapon: l[2], targets: 'self', duration: 'turn' },
        { modify: 'hit', by: -Number(l[3]), attacks: 'ranged', targets: 'self', duration: 'turn' },
      ],
    };
  }
  return null;
}
