/**
 * The game's table as the page draws it (a scenario file): every unit of the game where the game
 * has it, with the bases, heights and facings of the game's own table. Pure (tested in Node:
 * `tests/game/setupBases.test.ts`).
 */
import type { GameState, GameSummary } from '../../client/gameClient';
import { DEFAULT_MODEL_HEIGHT_INCHES } from '../../rules/engine/roster';

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'army';

/** The scenario army id of a player's army. */
export function armyId(state: GameState, p: 'p1' | 'p2'): string {
  return `${p}-${slug(state.players[p].roster.faction ?? state.players[p].roster.name)}`;
}

type RosterModel = GameState['players']['p1']['roster']['units'][number]['models'][number];

/** What the game's drawn table says of a model beyond its plan position: its height and facing. */
export interface DrawnModel {
  position: [number, number];
  height: number;
  /** Degrees counter-clockwise from +x (an oval's long axis); absent: 0. */
  facing?: number;
}

/**
 * The scenario-file model object of a roster model: its base, height (the table's, else the
 * army's) and facing (the table's: the automatic set-up turns ovals towards the enemy, issue 35:
 * without it the page drew 120 x 92 mm ovals side-on, overlapping, where the game had them apart).
 */
function modelObject(m: RosterModel, position: [number, number], drawn?: Partial<DrawnModel>) {
  return {
    id: m.id,
    base: m.base.shape === 'round' ? { round: m.base.diameterMm } : { oval: [m.base.lengthMm, m.base.widthMm] },
    height: drawn?.height ?? m.heightInches ?? DEFAULT_MODEL_HEIGHT_INCHES,
    position,
    ...(drawn?.facing ? { facing: drawn.facing } : {}),
  };
}

/** Each model of a drawn table (a scenario's `units`): position, height and facing by model id. */
export function drawnModels(json: { units?: readonly { models: readonly { id: string; position: readonly number[]; height: number; facing?: number }[] }[] }): Record<string, DrawnModel> {
  const out: Record<string, DrawnModel> = {};
  for (const u of json.units ?? []) for (const m of u.models) out[m.id] = { position: [m.position[0], m.position[1]], height: m.height, ...(m.facing ? { facing: m.facing } : {}) };
  return out;
}

/**
 * The scenario-file model object of a roster model standing at `position` (null if unknown);
 * `facingDeg`: its base's facing on the table (a model coming back keeps it).
 */
export function scenarioModel(state: GameState, modelId: string, position: [number, number], facingDeg?: number): unknown {
  for (const p of ['p1', 'p2'] as const) {
    for (const u of state.players[p].roster.units) {
      const m = u.models.find((x) => x.id === modelId);
      if (m) return modelObject(m, position, facingDeg ? { facing: facingDeg } : undefined);
    }
  }
  return null;
}

/**
 * The default battlefield file with the game's units where they stand now (with the drawn table's
 * heights and facings, `drawn`). Units in reserve
 * (Core 24.1) are included at their set-up position (`placement`) although they are off the
 * table: the page takes them off at its first board sync and keeps them to bring back when their
 * player may set them up (see `applyBoard` in usePlay).
 */
export function gameScenario(base: unknown, state: GameState, summary: GameSummary, drawn: Record<string, DrawnModel> = {}): unknown {
  const json = structuredClone(base) as Record<string, unknown>;
  const units: unknown[] = [];
  for (const p of ['p1', 'p2'] as const) {
    for (const u of state.players[p].roster.units) {
      const inReserve = state.units[u.id]?.status === 'reserve';
      const at = (id: string) => summary.board.positions[id] ?? (inReserve ? drawn[id]?.position : undefined);
      const models = u.models.filter((m) => at(m.id)).map((m) => modelObject(m, at(m.id)!, drawn[m.id]));
      if (models.length) units.push({ id: u.id, army: armyId(state, p), name: u.name, keywords: u.warscroll.keywords, ...(u.warscroll.coherencyRange ? { coherencyRange: u.warscroll.coherencyRange } : {}), models });
    }
  }
  json.units = units;
  delete json.queries;
  json.name = `${String(json.name ?? 'Battle')} — ${state.players.p1.roster.name} vs ${state.players.p2.roster.name}`;
  return json;
}

