/**
 * The picks of an ability whose options carry a choice, as short steps (session 41, ui41; issue 34 item 5), pure (no
 * React). The game lists one option per choice (`src/game/abilityChoices37.ts`: groups `ability:<id>|<choice>`, the
 * action's `choice`): Call to Murder's 42 pairs ("Hatred>Haste": "Pick a blessing ... that is active. That blessing
 * is no longer active. Then, pick a blessing that is not active. That blessing is now active.", sh40h's
 * `{blessingPick40h: "swap"}`), Fanatical Blademaster's 7 blessings and 21 twos ("Haste", "Haste+Hatred"), session
 * 37's and 39's named effects ("Pick 1 of the following effects"). The Play panel shows one entry per ability
 * instead: the first pick (for Call to Murder the active blessing to end), then, when the choice has two parts, the
 * second (the blessing to make active; for "A+B" optional), then the option of that choice, whose action is the
 * game's own.
 *
 * A choice has two parts when it splits at `>` (both parts required, in that order) or at `+` (either order; the first
 * alone is a choice too) into two words without spaces ("Hatred>Haste"); any other choice is one part, whatever it holds.
 *
 * @module
 */

import type { OptionEntry } from '../../../client/gameClient';

/** The separator of a swap's pair in a `choice` ("Hatred>Haste": Hatred ends, Haste becomes active). */
export const PAIR_SEPARATOR = '>';
/** The separator of two picks of one kind in a `choice` ("Haste+Hatred"). */
export const BOTH_SEPARATOR = '+';

/** The `choice` of an option's action (undefined: none). */
export function choiceOf(e: OptionEntry): string | undefined {
  const c = (e.action as { choice?: unknown }).choice;
  return typeof c === 'string' ? c : undefined;
}

/**
 * The ability group an option of one choice belongs to (`ability:<id>`, the group before the game's `|<choice>`), for
 * an ability's available option whose group ends with its action's `choice`; null otherwise.
 */
export function choiceGroupOf(e: OptionEntry): string | null {
  if (!e.ability || !e.available) return null;
  const c = choiceOf(e);
  const i = e.group.indexOf('|');
  return c === undefined || i < 0 || e.group.slice(i + 1) !== c ? null : e.group.slice(0, i);
}

/** A choice in its parts: `[first]`, or `[first, second]` with whether the second is required (`>`) or not (`+`). */
export function choiceParts(choice: string): { first: string; second?: string; required?: boolean } {
  for (const [sep, required] of [[PAIR_SEPARATOR, true], [BOTH_SEPARATOR, false]] as const) {
    const parts = choice.split(sep);
    if (parts.length === 2 && parts.every((p) => /^\S+$/.test(p))) return { first: parts[0], second: parts[1], required };
  }
  return { first: choice };
}

/** The group of a pair option ("A>B", both parts required), as {@link choiceGroupOf}; null for any other. */
export function pairGroupOf(e: OptionEntry): string | null {
  const g = choiceGroupOf(e);
  return g !== null && choiceParts(choiceOf(e)!).required === true ? g : null;
}

/** The steps of one ability's choices (see {@link choiceSteps}). */
export interface ChoiceSteps {
  /** The first picks, in the options' order, each once. */
  readonly firsts: readonly string[];
  /** The second picks offered once `first` is picked, in the options' order (none: the first alone is the choice). */
  seconds(first: string): string[];
  /** Whether `first` alone is a choice (a second pick is then optional). */
  alone(first: string): boolean;
  /** The choice of the picks (`first`, and `second` when given), undefined when no option has it. */
  choice(first: string, second?: string): string | undefined;
  /** The options of a choice (one per unit its Declare can pick, or one). */
  entriesOf(choice: string): OptionEntry[];
}

/**
 * The steps of the choice options `entries` of one ability (those {@link choiceGroupOf} answers for one group).
 * `firstAllowed` narrows the first step (Call to Murder: the player's active blessings, when the game tells them) and
 * `secondAllowed` the second (the blessings not active); when one would leave none, every pick of that step is kept (the
 * engine then decides, with its reason).
 */
export function choiceSteps(entries: readonly OptionEntry[], firstAllowed?: (first: string) => boolean, secondAllowed?: (second: string) => boolean): ChoiceSteps {
  const rows = entries.flatMap((e) => {
    const c = choiceOf(e);
    if (c === undefined || choiceGroupOf(e) === null) return [];
    const p = choiceParts(c);
    // "A+B" is also B then A (two picks of one kind, in either order); "A>B" only in its order.
    return p.second !== undefined && !p.required ? [{ c, ...p, e }, { c, first: p.second, second: p.first, required: false, e }] : [{ c, ...p, e }];
  });
  const all = [...new Set(rows.map((r) => r.first))];
  const narrowed = firstAllowed ? all.filter(firstAllowed) : all;
  const order = (x: string) => all.indexOf(x);
  return {
    firsts: narrowed.length > 0 ? narrowed : all,
    seconds: (first) => {
      const all2 = [...new Set(rows.filter((r) => r.first === first && r.second !== undefined).map((r) => r.second!))].sort((x, y) => order(x) - order(y));
      const ok = secondAllowed ? all2.filter(secondAllowed) : all2;
      return ok.length > 0 ? ok : all2;
    },
    alone: (first) => rows.some((r) => r.first === first && r.second === undefined),
    choice: (first, second) => rows.find((r) => r.first === first && r.second === second)?.c,
    entriesOf: (choice) => [...new Set(rows.filter((r) => r.c === choice).map((r) => r.e))],
  };
}

/** The two steps of a pair pick over the options of one ability (Call to Murder; see {@link pairPick}). */
export interface PairPick {
  /** The first picks (A of "A>B"), in the order the options list them, each once. */
  readonly firsts: readonly string[];
  /** The second picks (B) offered once `first` is picked, in the options' order. */
  seconds(first: string): string[];
  /** The option to take for the pair (first, second): its action is the game's own; undefined when not offered. */
  entryFor(first: string, second: string): OptionEntry | undefined;
}

/** The pair options of `entries` ("A>B") as two steps: {@link choiceSteps} of the pairs only. */
export function pairPick(entries: readonly OptionEntry[], firstAllowed?: (first: string) => boolean): PairPick {
  const steps = choiceSteps(entries.filter((e) => pairGroupOf(e) !== null), firstAllowed);
  return {
    firsts: steps.firsts,
    seconds: steps.seconds,
    entryFor: (first, second) => {
      const c = steps.choice(first, second);
      return c === undefined ? undefined : steps.entriesOf(c)[0];
    },
  };
}
