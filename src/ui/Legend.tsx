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
  /** Display names of armies by scenario army id (e.g. a game's army names); default: the id, title-cased. */
  armyNames?: Record<string, string>;
  /** Models drawn with the red "out of coherency" ring now: the key explains the ring (Core 15.1). Default 0 (not shown). */
  isolatedCount?: number;
  /** Colour of the "out of coherency" ring. Default `#ff3b30`. */
  isolatedColor?: string;
}

/**
 * Colour key (the armies on the table with their model counts, terrain types present, objectives,
 * the "out of coherency" ring when shown) and mouse help. Armies with no model on the table are not
 * listed (a game's armies replace the scenario's: issue 28, no "North 0 / South 0").
 */
export function Legend({ data, showHelp = true, armyNames = {}, isolatedCount = 0, isolatedColor = '#ff3b30' }: LegendProps) {
  const types = (['obstacle', 'obscuring', 'area', 'placeOfPower', 'faction'] as TerrainType[]).filter((t) => data.terrain.some((f) => f.type === t));
  const counts = new Map<string, number>();
  for (const m of data.models) counts.set(m.army, (counts.get(m.army) ?? 0) + 1);
  const armies = [...data.armies.filter((a) => counts.has(a)), ...[...counts.keys()].filter((a) => !data.armies.includes(a))];
  return (
    <div className="legend" data-testid="legend">
      <ul>
        {armies.map((a) => (
          <li key={a} data-testid={`legend-army-${a}`}>
            <i style={{ background: armyColor(a, data.armies) }} /> {armyNames[a] ?? titleCase(a)} <span className="muted">{counts.get(a)}</span>
          </li>
        ))}
        {isolatedCount > 0 && (
          <li data-testid="legend-isolated" title="A model ringed in red is out of coherency: it is not within the coherency range of enough models of its unit (Core 15.1). A move must end with the unit coherent.">
            <i className="ring" style={{ borderColor: isolatedColor }} /> Out of coherency (Core 15.1) <span className="muted">{isolatedCount}</span>
          </li>
        )}
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
