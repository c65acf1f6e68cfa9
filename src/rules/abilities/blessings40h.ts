/**
 * Blessings of Khaine (issue 34, session 40, sh40h; docs/abilities.md "Daughters of Khaine blessings, session 40
 * (sh40h)"). The Daughters of Khaine battle trait "Blessings of Khaine": "Pick 1 of the following blessings that is not
 * active. That blessing is active. While a blessing is active, its effect applies to friendly Daughters of Khaine
 * units. The effects of more than 1 blessing can apply to a unit at the same time." The active blessings are game
 * state (`GameState.blessings`: player → blessing names, set by the effect `blessing40h`, `engine/blessings40h.ts`);
 * each blessing's effect is written here in the vocabulary of `schema.ts` (the same effects the parser reads from
 * the blessing's sentence said of one unit) and listed by `effectsOn` (`passives.ts`) for every friendly unit with
 * the DAUGHTERS OF KHAINE keyword while the blessing is active (Core 5.3: an ability's effects; several blessings add
 * up, as the trait says). Pure; no three.
 *
 * @module
 */

import type { GameState, PlayerId } from '../engine/state';
import type { AbilityEffect } from './schema';

/** The seven blessings of the battle trait, by name, as the trait names them (without "Blessing of"). */
export const BLESSINGS = ['Ruthlessness', 'Hatred', 'Haste', 'Zeal', 'Shadow', 'Cruelty', 'Clarity'] as const;
/** One blessing's name. */
export type Blessing = (typeof BLESSINGS)[number];

/** The faction keyword the blessings apply to ("friendly Daughters of Khaine units"). */
export const BLESSED_KEYWORD = 'DAUGHTERS OF KHAINE';

/**
 * Each blessing's effect on one friendly Daughters of Khaine unit (the text of the trait; what the parser reads from
 * the same sentence said of "this unit": `blessings40h.test.ts` checks each against `parseEffect`).
 * - Ruthlessness: "Add 1 to hit rolls for those units' combat attacks." (Core 17.0 step 1, melee attacks)
 * - Hatred: "Add 1 to wound rolls for those units' combat attacks." (Core 17.0 step 2)
 * - Haste: "Add 3" to those units' Move characteristic." (Core 14.0)
 * - Zeal: "If those units charged in the same turn, they have Ward (5+) for the rest of the turn." (Core 14.3, 18.0)
 * - Shadow: "Subtract 1 from hit rolls for shooting attacks that target those units." (Core 16.0, 17.0)
 * - Cruelty: "Those units can use Charge and/or Shoot abilities even if they have used a Retreat ability in the same
 *   turn." (Core 14.2 / 15.0: the two restrictions lifted)
 * - Clarity: "Add 1 to chanting rolls and casting rolls for those units." (Magic 1.0, 3.0)
 */
export const BLESSING_EFFECTS: Readonly<Record<Blessing, readonly AbilityEffect[]>> = {
  Ruthlessness: [{ modify: 'hit', by: 1, attacks: 'melee' }],
  Hatred: [{ modify: 'wound', by: 1, attacks: 'melee' }],
  Haste: [{ modify: 'move', by: 3 }],
  Zeal: [{ ward: 5, while: { charged: true } }],
  Shadow: [{ modify: 'hit', by: -1, attacks: 'ranged', incoming: true }],
  Cruelty: [{ mayChargeAfter: 'retreat' }, { mayShootAfter: 'retreat' }],
  Clarity: [{ modify: 'cast', by: 1 }, { modify: 'chant', by: 1 }],
} as Readonly<Record<Blessing, readonly AbilityEffect[]>>;

/** "Blessing of Hatred", "hatred" → "Hatred"; null when no blessing has that name. */
export function blessingNamed(text: string): Blessing | null {
  const t = text.trim().replace(/^blessing of\s+/i, '').toLowerCase();
  return BLESSINGS.find((b) => b.toLowerCase() === t) ?? null;
}

/** The blessings `player` has active now (none when the state has none). */
export function activeBlessings(s: GameState, player: PlayerId): readonly Blessing[] {
  return (s.blessings?.[player] ?? []) as readonly Blessing[];
}

/** One effect listed by `effectsOn` for a blessing (the fields `passives.ts`'s `AppliedEffect` needs). */
export interface BlessingEffect {
  readonly effect: AbilityEffect;
  readonly blessing: Blessing;
  readonly player: PlayerId;
}

/**
 * The effects of `owner`'s active blessings on one of its units, when that unit has the DAUGHTERS OF KHAINE keyword
 * (`hasKeyword`, the roster's keywords as the rules read them); `only` as in `effectsOn`. The `while` conditions are
 * left to the caller (Zeal's "charged").
 */
export function blessingEffectsOn(s: GameState, owner: PlayerId, hasKeyword: boolean, only?: (e: AbilityEffect) => boolean): BlessingEffect[] {
  const active = activeBlessings(s, owner);
  if (active.length === 0 || !hasKeyword) return [];
  const out: BlessingEffect[] = [];
  for (const b of active) for (const effect of BLESSING_EFFECTS[b]) if (only === undefined || only(effect)) out.push({ effect, blessing: b, player: owner });
  return out;
}

/** The choices of a `blessingPick40h` ability (the `choice` pick's list): "A>B" pairs for a swap, "B" and "B+C" for a grant. */
export function blessingChoices40h(kind: 'swap' | 'grant', two: boolean): string[] {
  const out: string[] = [];
  if (kind === 'swap') {
    for (const a of BLESSINGS) for (const b of BLESSINGS) if (a !== b) out.push(`${a}>${b}`);
    return out;
  }
  out.push(...BLESSINGS);
  if (two) for (let i = 0; i < BLESSINGS.length; i++) for (let j = i + 1; j < BLESSINGS.length; j++) out.push(`${BLESSINGS[i]}+${BLESSINGS[j]}`);
  return out;
}
