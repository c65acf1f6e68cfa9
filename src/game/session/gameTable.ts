/**
 * The game's table during a game: the table scenario at a state's positions (what the page draws
 * and the tools measure), and measuring queries answered on the game's own World, so the tools can
 * never disagree with the rules (SCENARIO.md queries).
 */
import type { GameState } from '../../rules/engine';
import type { World } from '../../geometry/world';
import { answerQuery } from '../../scenario/answer';
import type { Scenario } from '../../scenario/schema';
import { parseQueries, type ParseResult } from '../../scenario/validate';
import type { GameQueryAnswer } from './types';

/**
 * The game's table as a scenario (SCENARIO.md) with every model where state `s` has it (`positions`:
 * the board of that state, see `boardOf`)
 * (slain and off-table models left out): what the page draws and the tools measure during a game.
 */
export function tableAt(table: Scenario, s: GameState, positions: Record<string, [number, number]>): Scenario {
  const t = structuredClone(table);
  t.units = (t.units ?? [])
    .map((u) => ({ ...u, models: u.models.filter((m) => positions[m.id]).map((m) => ({ ...m, position: positions[m.id], ...(s.positions[m.id] ? { elevation: undefined } : {}) })) }))
    .filter((u) => u.models.length > 0);
  for (const u of t.units) for (const m of u.models) if (m.elevation === undefined) delete m.elevation;
  // Objectives placed during the battle (Spied Treasure): 40 mm markers.
  const added = s.ascension?.addedObjectives ?? [];
  if (added.length) t.objectives = [...(t.objectives ?? []), ...added.map((o) => ({ id: o.id, position: [o.at[0], o.at[1]] as [number, number], diameterMm: Math.round(o.diameterInches * 25.4 * 1000) / 1000 }))];
  return t;
}

/**
 * Validates one query against `t` (the game's table at a state's positions, validated) and answers it
 * on the game's `world` (already synced to that state).
 */
export function answerOnTable(world: World, t: ParseResult, q: unknown): GameQueryAnswer {
  if (!t.ok) return t;
  const v = parseQueries(t.scenario, [q]);
  if (!v.ok) return v;
  try {
    return { ok: true, answer: answerQuery(world, t.scenario, v.queries[0]) };
  } catch (e) {
    // A model shown but not on the game's table (a unit waiting to be deployed) is not measured.
    return { ok: false, problems: [`${(e as Error).message}`] };
  }
}
