/**
 * A two-step pick for an ability whose choice is a pair (session 41, ui41; issue 34 item 5), pure (no React). Call to
 * Murder ("Pick a blessing from the 'Blessings of Khaine' ability that is active. That blessing is no longer active.
 * Then, pick a blessing that is not active. That blessing is now active.", sh40h's `{blessingPick40h: "swap"}`) is
 * offered by the game as one option per pair, `choice` "A>B" (`src/game/abilityChoices37.ts`: 42 groups
 * `ability:<id>|A>B`); the Play panel shows them as two short picks instead: the active blessing to end (A), then the
 * blessing to make active (B), which sends the very option of the pair "A>B" (the same `useAbility` action).
 *
 * @module
 */

import type { OptionEntry } from '../../../client/gameClient';

/** The separator of a swap's pair in a `choice` ("Hatred>Haste": Hatred ends, Haste becomes active). */
export const PAIR_SEPARATOR = '>';

/** The `choice` of an option's action (undefined: none). */
function choiceOf(e: OptionEntry): string | undefined {
  const c = (e.action as { choice?: unknown }).choice;
  return typeof c === 'string' ? c : undefined;
}

/**
 * The ability group a pair option belongs to (`ability:<id>`, the group before the game's `|<choice>`), when the
 * option is an ability's available option whose `choice` is one pair "A>B" (two non-empty parts); null otherwise.
 */
export function pairGroupOf(e: OptionEntry): string | null {
  if (!e.ability || !e.available) return null;
  const c = choiceOf(e);
  const i = e.group.indexOf('|');
  if (c === undefined || i < 0 || e.group.slice(i + 1) !== c) return null;
  const parts = c.split(PAIR_SEPARATOR);
  return parts.length === 2 && parts[0] !== '' && parts[1] !== '' ? e.group.slice(0, i) : null;
}

/** The two steps of a pair pick over the options of one ability (see {@link pairPick}). */
export interface PairPick {
  /** The first picks (A of "A>B"), in the order the options list them, each once. */
  readonly firsts: readonly string[];
  /** The second picks (B) offered once `first` is picked, in the options' order. */
  seconds(first: string): string[];
  /** The option to take for the pair (first, second): its action is the game's own; undefined when not offered. */
  entryFor(first: string, second: string): OptionEntry | undefined;
}

/**
 * The two-step pick of the pair options `entries` (those {@link pairGroupOf} answers for one group). `firstAllowed`
 * narrows the first step (Call to Murder: the player's active blessings, when the game tells them); when it would leave
 * none, every first pick is kept (the engine then decides, with its reason).
 */
export function pairPick(entries: readonly OptionEntry[], firstAllowed?: (first: string) => boolean): PairPick {
  const pairs: [string, string, OptionEntry][] = [];
  for (const e of entries) {
    const c = choiceOf(e);
    if (c === undefined || pairGroupOf(e) === null) continue;
    const [a, b] = c.split(PAIR_SEPARATOR);
    pairs.push([a, b, e]);
  }
  const all = [...new Set(pairs.map(([a]) => a))];
  const narrowed = firstAllowed ? all.filter(firstAllowed) : all;
  return {
    firsts: narrowed.length > 0 ? narrowed : all,
    seconds: (first) => pairs.filter(([a]) => a === first).map(([, b]) => b),
    entryFor: (first, second) => pairs.find(([a, b]) => a === first && b === second)?.[2],
  };
}
