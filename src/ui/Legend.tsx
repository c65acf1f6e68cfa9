import type { TerrainType } from '../geometry/world';
import { armyColor, OBJECTIVE_COLOR, TERRAIN_COLORS, TERRAIN_LABELS } from '../scene/palette';
import type { BattlefieldData } from '../scene/types';
import { titleCase } from './format';

/** Props of {@link Legend}. */
export interface LegendProps {
  /** The battlefield shown (armies and terrain types present). */
  data: BattlefieldData;
  /** Show the mouse help line. Default true. */
  showHelp?: boolean;
}

/** Colour key (armies with model counts, terrain types present, objectives) and mouse help. */
export function Legend({ data, showHelp = true }: LegendProps) {
  const types = (['obstacle', 'obscuring', 'area', 'placeOfPower', 'faction'] as TerrainType[]).filter((t) => data.terrain.some((f) => f.type === t));
  return (
    <div className="legend" data-testid="legend">
      <ul>
        {data.armies.map((a) => (
          <li key={a}>
            <i style={{ background: armyColor(a, data.armies) }} /> {titleCase(a)} <span className="muted">{data.models.filter((m) => m.army === a).length}</span>
          </li>
        ))}
        <li>
          <i style={{ background: OBJECTIVE_COLOR }} /> Objective
        </li>
        {types.map((t) => (
          <li key={t}>
            <i className="sq" style={{ background: TERRAIN_COLORS[t] }} /> {TERRAIN_LABELS[t]}
          </li>
        ))}
      </ul>
      {showHelp && <div className="hint">Drag to orbit, right-drag to pan, wheel to zoom (or W A S D, Q E). Click a model (shift: its unit) or a terrain piece; [ ] turn it, Del deletes, Ctrl+Z undoes. Tool keys beside each tool; Esc cancels.</div>}
    </div>
  );
}
