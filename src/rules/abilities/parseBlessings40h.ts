/**
 * Session 40 (sh40h) reader called by `parseEffect.ts` (one import, one dispatch): the two Daughters of Khaine
 * abilities that only read and set the blessings of the "Blessings of Khaine" battle trait (docs/abilities.md
 * "Daughters of Khaine blessings, session 40 (sh40h)"; engine `engine/blessings40h.ts`). Read whole, word for word
 * (any other wording is left to the other readers, by hand):
 *
 * - Call to Murder (no Declare, not passive): "Pick a blessing from the 'Blessings of Khaine' ability that is active.
 *   That blessing is no longer active. Then, pick a blessing that is not active. That blessing is now active." and,
 *   if present, only the designer's note "When you use this ability, you are not using the 'Blessings of Khaine'
 *   ability." (so the use is not counted as one of Blessings of Khaine) → `{blessingPick40h: "swap"}` and a `choice`
 *   pick of the "A>B" pairs.
 * - Fanatical Blademaster (a Declare read by `readDeclareText`, one unit pick): "Roll a dice. On a N+, pick a blessing
 *   from the 'Blessings of Khaine' ability that is not active. The effect of that blessing applies to the target until
 *   the start of your next turn as if it were active. If you have used the 'Blessings of Khaine' ability K or more
 *   times this battle, you can pick 2 blessings instead of 1." → `{blessingPick40h: "grant", targets: "targets",
 *   duration: "nextTurnStart", if: {roll: "N+"}, twoAfterUses: {ability: "Blessings of Khaine", times: K}}` and a
 *   `choice` pick of one blessing or two.
 *
 * Pure.
 *
 * @module
 */

import { blessingChoices40h } from './blessings40h';
import type { AbilityEffect, AbilityPick, AbilityTiming } from './schema';

type Input = { readonly declare: string | null; readonly effect: string; readonly timing: AbilityTiming; readonly knownKeywords: Iterable<string>; readonly unitNames?: readonly string[] };

const Q = `['"\u2018\u2019\u201c\u201d]`;
const BOK = `the ${Q}Blessings of Khaine${Q} ability`;
const SWAP = new RegExp(`^Pick a blessing from ${BOK} that is active\\. That blessing is no longer active\\. Then, pick a blessing that is not active\\. That blessing is now active\\.(?: Designer${Q}s Note: When you use this ability, you are not using ${BOK}\\.)?$`);
const GRANT = new RegExp(`^Roll a dice\\. On a ([2-6])\\+, pick a blessing from ${BOK} that is not active\\. The effect of that blessing applies to the target until the start of your next turn as if it were active\\.(?: If you have used ${BOK} (\\d+) or more times this battle, you can pick 2 blessings instead of 1\\.)?$`);

function flat(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * Call to Murder / Fanatical Blademaster read whole, or null. `declarePicks` reads the Declare (`readDeclareText`; it
 * throws when not understood, and then this returns null).
 */
export function readBlessings40h(input: Input, declarePicks: (declare: string | null) => AbilityPick[]): { resolves: AbilityEffect[]; picks: AbilityPick[] } | null {
  if (input.timing.when === 'passive' || !/blessing/i.test(input.effect)) return null;
  const text = flat(input.effect);
  if (input.declare === null && SWAP.test(text)) return { resolves: [{ blessingPick40h: 'swap' }], picks: [{ kind: 'choice', choices: blessingChoices40h('swap', false) }] };
  const g = GRANT.exec(text);
  if (g === null || input.declare === null) return null;
  let picks: AbilityPick[];
  try {
    picks = declarePicks(input.declare);
  } catch {
    return null;
  }
  // One unit pick, "the target" (a plain friendly / enemy unit pick, not "each").
  if (picks.length !== 1 || (picks[0].kind !== 'friendlyUnit' && picks[0].kind !== 'enemyUnit') || (picks[0].count ?? 1) !== 1 || picks[0].each === true) return null;
  const times = g[2] === undefined ? undefined : Number(g[2]);
  const effect: AbilityEffect = { blessingPick40h: 'grant', targets: 'targets', duration: 'nextTurnStart', if: { roll: `${g[1]}+` as never }, ...(times !== undefined ? { twoAfterUses: { ability: 'Blessings of Khaine', times } } : {}) };
  return { resolves: [effect], picks: [...picks, { kind: 'choice', choices: blessingChoices40h('grant', times !== undefined) }] };
}
