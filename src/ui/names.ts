/** Human names for picked things, and table-space helpers for drawing them (coordinates only). */
import { modelWords } from '../game/playerWords';
import type { BattlefieldData, ModelView } from '../scene/types';
import type { PickTarget, Point3 } from './tools/types';

/**
 * A model as a player names it (issue 35: names, never ids): "Liberators (model 3)", or the
 * unit's name for a unit of one model; the id only for a model of no unit.
 */
export function modelLabel(data: BattlefieldData, m: Pick<ModelView, 'id' | 'unitId'>): string {
  const u = data.units.find((uu) => uu.id === m.unitId);
  return u ? modelWords(u, m.id, u.modelIds) : m.id;
}

/** "Liberators (unit)", "Liberators (model 3)", "Objective obj-centre", "Archive Tower". */
export function pickName(data: BattlefieldData, t: PickTarget): string {
  switch (t.kind) {
    case 'model': {
      const m = data.models.find((mm) => mm.id === t.id);
      return m ? modelLabel(data, m) : t.id;
    }
    case 'unit': {
      const u = data.units.find((uu) => uu.id === t.id);
      return u ? `${u.name} (unit)` : t.id;
    }
    case 'objective':
      return `Objective ${t.id}`;
    case 'terrain':
      return data.terrain.find((f) => f.id === t.id)?.name ?? t.id;
  }
}

/** The models a pick stands for (a model, or every model of a unit); none for objectives and terrain. */
export function pickModels(data: BattlefieldData, t: PickTarget): ModelView[] {
  if (t.kind === 'model') return data.models.filter((m) => m.id === t.id);
  if (t.kind === 'unit') return data.models.filter((m) => m.unitId === t.id);
  return [];
}

/** The top centre of a model's volume: its base centre at elevation + height (Core 6.0 "the model's eye" for the camera). */
export function topCentre(m: ModelView): Point3 {
  return [m.footprint.x, m.footprint.y, m.elevation + m.height];
}

/** The centre of a model's volume, halfway up. */
export function midCentre(m: ModelView): Point3 {
  return [m.footprint.x, m.footprint.y, m.elevation + m.height / 2];
}

/**
 * The pair of models (one of each pick) to draw a line between: the engine's named models when it
 * gave them, else the pair whose centres are closest in plan view.
 */
export function modelPair(data: BattlefieldData, a: PickTarget, b: PickTarget, preferA?: string, preferB?: string): [ModelView, ModelView] | null {
  const as = pickModels(data, a);
  const bs = pickModels(data, b);
  const pa = preferA ? as.find((m) => m.id === preferA) : undefined;
  const pb = preferB ? bs.find((m) => m.id === preferB) : undefined;
  if (pa && pb) return [pa, pb];
  let best: [ModelView, ModelView] | null = null;
  let bestD = Infinity;
  for (const x of pa ? [pa] : as) {
    for (const y of pb ? [pb] : bs) {
      const d = Math.hypot(x.footprint.x - y.footprint.x, x.footprint.y - y.footprint.y);
      if (d < bestD) {
        bestD = d;
        best = [x, y];
      }
    }
  }
  return best;
}
