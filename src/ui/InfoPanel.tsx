import type { BattlefieldData } from '../scene/types';
import type { EngineStatus } from './engine/engine';
import { Legend } from './Legend';
import { EngineStatusPill } from './panels/EngineStatusPill';

/** Props of {@link InfoPanel}. */
export interface InfoPanelProps {
  /** The battlefield shown. */
  data: BattlefieldData;
  /** The engine worker's status, shown as a pill beside the brand. Default: not shown. */
  engineStatus?: EngineStatus;
  /** Army display names by scenario army id (see {@link Legend}). Default: none. */
  armyNames?: Record<string, string>;
  /** Models ringed as out of coherency now (see {@link Legend}). Default 0. */
  isolatedCount?: number;
  /** Colour of that ring. Default: the Legend's. */
  isolatedColor?: string;
}

/** Title card: the app, the scenario's name, what is on the table and the colour key. */
export function InfoPanel({ data, engineStatus, armyNames, isolatedCount, isolatedColor }: InfoPanelProps) {
  return (
    <div className="info panel">
      <div className="brand-row">
        <div className="brand">Sightline</div>
        {engineStatus && <EngineStatusPill status={engineStatus} />}
      </div>
      <h1 data-testid="scenario-name">{data.name}</h1>
      <div className="counts">
        {data.width}" × {data.depth}" · <span data-testid="terrain-count">{data.terrain.length}</span> terrain ·{' '}
        <span data-testid="model-count">{data.models.length}</span> models · {data.objectives.length} objectives
      </div>
      <Legend data={data} armyNames={armyNames} isolatedCount={isolatedCount} isolatedColor={isolatedColor} />
    </div>
  );
}
