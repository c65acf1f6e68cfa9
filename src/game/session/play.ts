/**
 * Playing the engine's scripted policy (`src/rules/engine/policy.ts`) for one or both players
 * (GAME.md `play`): what lets a bot or a tournament tool finish a game headless.
 */
import type { Action, GameEvent, GameState, PlayerId, Policy } from '../../rules/engine';

/** Options of {@link playPolicy} (and of `GameSession.playScripted`). */
export interface PlayOptions {
  /** The players the policy plays (GAME.md `--player`: p1, p2 or both). */
  readonly players: readonly PlayerId[];
  /**
   * `end`: until the battle ends; `{rounds: N}` (N ≥ 1): until N battle rounds have ended (the
   * battle round number has gone up by N, Core 12.0: at the next round's priority roll) or the
   * battle ends.
   */
  readonly to: 'end' | { readonly rounds: number };
  /** Most actions played (a guard: a whole battle takes a few hundred to a few thousand). Default 20000. */
  readonly maxActions?: number;
}

/**
 * Why {@link playPolicy} stopped: `ended` (the battle is over), `rounds` (the rounds asked for were
 * played), `otherPlayer` (the player who must act next is not played by the policy), `limit`
 * (`maxActions` played), `stuck` (the policy found no action the engine accepts).
 */
export type PlayStop = 'ended' | 'rounds' | 'otherPlayer' | 'limit' | 'stuck';

/** Answer of {@link playPolicy}. */
export interface PlayOutcome {
  /** Actions played (each automatic step of the engine included: every action is the policy's). */
  played: number;
  stopped: PlayStop;
  /** The last action played and its events (none when nothing was played). */
  last: { action: Action; events: GameEvent[] } | null;
  /** With `stopped: 'stuck'`: the policy's words. */
  reason?: string;
}

/**
 * Plays `policy` from `start`: asks it for the next action, stops before an action of a player it
 * does not play, and hands every action played (with the policy's `reduce` result: the same
 * action, the same next state) to `apply`. Deterministic: the same state and options give the
 * same actions (the dice are the state's seeded dice). A fresh policy mid-phase may choose
 * differently from one that played the whole phase (it remembers the actions refused in the
 * phase), so playing in two calls need not give the game one call gives.
 * @param apply records one action; returns the state after it.
 */
export function playPolicy(start: GameState, policy: Policy, options: PlayOptions, apply: (action: Action, result: { state: GameState; events: readonly GameEvent[] }) => GameState): PlayOutcome {
  const max = options.maxActions ?? 20000;
  const untilRound = options.to === 'end' ? Infinity : start.round + options.to.rounds;
  let s = start;
  let played = 0;
  let last: PlayOutcome['last'] = null;
  for (;;) {
    if (s.stage === 'ended') return { played, stopped: 'ended', last };
    if (s.round >= untilRound) return { played, stopped: 'rounds', last };
    if (played >= max) return { played, stopped: 'limit', last };
    let next: ReturnType<Policy['next']>;
    try {
      next = policy.next(s);
    } catch (e) {
      return { played, stopped: 'stuck', last, reason: (e as Error).message };
    }
    if (!options.players.includes(next.action.player)) return { played, stopped: 'otherPlayer', last };
    s = apply(next.action, next.result);
    played++;
    last = { action: next.action, events: [...next.result.events] };
  }
}
