/**
 * The page's words for a game (issue 35, item 1: names, never ids): every text the Play page
 * composes or receives from the game worker (notes, the live drag label, dice steps, refusals)
 * goes through {@link pageWords} before it is shown, so a unit, a model, a spell or a command is
 * named as the roster and the rules name it, and the rules inventory's internal references
 * (`A-G28`) are dropped.
 */
import type { GameSummary } from '../../client/gameClient';
import { pageDictionary, playerWords } from '../../game/playerWords';

const cache = new WeakMap<GameSummary, (text: string) => string>();
const plain = (text: string) => playerWords(text, new Map());

/**
 * `text` → the same text with the game's ids in words, for the game in `summary` (one dictionary
 * per summary, kept while the summary lives). Without a summary, only the internal references go.
 */
export function pageWords(summary: GameSummary | null | undefined): (text: string) => string {
  if (!summary) return plain;
  let w = cache.get(summary);
  if (!w) {
    const d = pageDictionary(summary.units, summary.board?.removed ?? []);
    w = (text: string) => playerWords(text, d);
    cache.set(summary, w);
  }
  return w;
}
