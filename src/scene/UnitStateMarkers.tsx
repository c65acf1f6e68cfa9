import type { ReactElement } from 'react';
import { SceneLabel } from './SceneLabel';
import type { ModelView } from './types';

/** What {@link UnitStateMarkers} draws for one unit (from the game summary). */
export interface UnitStateMark {
  unitId: string;
  /** Health of each model. */
  health: number;
  /** Damage points on the wounded model. */
  damage: number;
  /** Slain models. */
  slain: number;
  /** The model that carries the damage points (drawn "damage / health"); the others "0 / health". */
  woundedModel: string | null;
  /** Words for what the unit did this turn / its state ("moved", "shot", "in combat"…); empty: none. */
  flags: string[];
}

/** Props of {@link UnitStateMarkers}. */
export interface UnitStateMarkersProps {
  /** The models on the table. */
  models: ModelView[];
  marks: UnitStateMark[];
}

/**
 * The game's state on the table: a chip over the unit's first model with what it did this turn,
 * whether it is in combat and its slain count (`mark-state-<unitId>`), and for a unit that has
 * taken damage or lost models a marker per alive model, "wounds taken / health"
 * (`mark-wounds-<modelId>`).
 */
export function UnitStateMarkers({ models, marks }: UnitStateMarkersProps) {
  const out: ReactElement[] = [];
  // One chip per model id (the table's list may hold a model twice for a moment while a replay
  // brings slain models back; a repeated key would confuse the chips' DOM roots).
  const byId = new Map(models.map((m) => [m.id, m]));
  const unique = [...byId.values()];
  for (const k of marks) {
    const mine = unique.filter((m) => m.unitId === k.unitId);
    if (mine.length === 0) continue;
    const hurt = k.damage > 0 || k.slain > 0;
    const words = [...k.flags, ...(k.slain > 0 ? [`${k.slain} slain`] : [])];
    if (!hurt && words.length === 0) continue;
    const m = mine[0];
    // One chip per unit (a stable DOM root while models are slain): what it did, then a marker
    // per alive model, "wounds taken / health".
    out.push(
      <SceneLabel key={`s-${k.unitId}`} position={[m.footprint.x, m.footprint.y, m.elevation + m.height + 0.9]} tone={k.flags.includes('in combat') ? 'bad' : 'info'} testId={`mark-state-${k.unitId}`}>
        <span data-wounds={hurt ? JSON.stringify(Object.fromEntries(mine.map((x) => [x.id, `${x.id === k.woundedModel ? k.damage : 0}/${k.health}`]))) : '{}'}>
          {[...words, ...(hurt ? mine.map((x) => `${x.id === k.woundedModel ? k.damage : 0}/${k.health}`) : [])].join(' · ')}
        </span>
      </SceneLabel>,
    );
  }
  return <group name="unit-state-markers">{out}</group>;
}
