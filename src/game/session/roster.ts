/**
 * A unit's roster entry and name in a game state: the two look-ups every part of the session makes
 * (the summary, the options, the battle log, the dice steps, expected damage).
 */
import type { GameState } from '../../rules/engine';

/** A unit's roster entry: a unit of its army or one of its manifestations (Magic 7.0). */
export function rosterEntry(s: GameState, id: string) {
  const u = s.units[id];
  const r = u ? s.players[u.owner].roster : undefined;
  return r?.units.find((x) => x.id === id) ?? r?.manifestations?.find((x) => x.id === id);
}

/** A unit's name (its roster entry's), or its id when the state does not know it. */
export function unitName(s: GameState, id: string): string {
  const u = s.units[id];
  if (!u) return id;
  return rosterEntry(s, id)?.name ?? id;
}
