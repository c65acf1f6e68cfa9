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
 * The game's state on the table: a chip per model of a unit that has taken damage or lost models
 * ("wounds taken / health", `data-testid=mark-wounds-<modelId>`, the wounded model's chip red), and
 * a chip over the unit's first model with what it did this turn and whether it is in combat
 * (`mark-state-<unitId>`, with the slain count).
 */
export function UnitStateMarkers({ models, marks }: UnitStateMarkersProps) {
  const out: ReactElement[] = [];
  for (const k of marks) {
    const mine = models.filter((m) => m.unitId === k.unitId);
    if (mine.length === 0) continue;
    if (k.damage > 0 || k.slain > 0) {
      for (const m of mine) {
        const d = m.id === k.woundedModel ? k.damage : 0;
        out.push(
          <SceneLabel key={`w-${m.id}`} position={[m.footprint.x, m.footprint.y, m.elevation + m.height + 0.25]} tone={d > 0 ? 'bad' : 'muted'} testId={`mark-wounds-${m.id}`}>
            {`${d}/${k.health}`}
          </SceneLabel>,
        );
      }
    }
    const words = [...k.flags, ...(k.slain > 0 ? [`${k.slain} slain`] : [])];
    if (words.length > 0) {
      const m = mine[0];
      out.push(
        <SceneLabel key={`s-${k.unitId}`} position={[m.footprint.x, m.footprint.y, m.elevation + m.height + 0.9]} tone={k.flags.includes('in combat') ? 'bad' : 'info'} testId={`mark-state-${k.unitId}`}>
          {words.join(' · ')}
        </SceneLabel>,
      );
    }
  }
  return <group name="unit-state-markers">{out}</group>;
}
