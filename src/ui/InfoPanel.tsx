import type { BattlefieldData } from '../scene/types';
import { Legend } from './Legend';

/** Props of {@link InfoPanel}. */
export interface InfoPanelProps {
  /** The battlefield shown. */
  data: BattlefieldData;
}

/** Title card: the app, the scenario's name, what is on the table and the colour key. */
export function InfoPanel({ data }: InfoPanelProps) {
  return (
    <div className="info panel">
      <div className="brand">Sightline</div>
      <h1 data-testid="scenario-name">{data.name}</h1>
      <div className="counts">
        {data.width}" × {data.depth}" · <span data-testid="terrain-count">{data.terrain.length}</span> terrain ·{' '}
        <span data-testid="model-count">{data.models.length}</span> models · {data.objectives.length} objectives
      </div>
      <Legend data={data} />
    </div>
  );
}
