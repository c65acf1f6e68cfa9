import { MoveGhost } from '../../scene/MoveGhost';
import { SceneLabel } from '../../scene/SceneLabel';
import type { ModelView } from '../../scene/types';
import { inches2 } from '../format';
import { currentMeasure, type MoveState } from '../tools/moveTool';

/** Props of {@link MoveDragGhost}. */
export interface MoveDragGhostProps {
  /** The move tool's drag (dragging or dropping). */
  dragging: Extract<MoveState, { name: 'dragging' | 'dropping' }>;
  /** The model dragged, as drawn. */
  model: ModelView;
  /** The model's colour (its army's). */
  color: string;
}

/**
 * The move tool's ghost of the dragged model where the pointer is, with the engine's measure of
 * the move over it (inches, or "✗ illegal"), inside the scene.
 */
export function MoveDragGhost({ dragging, model, color }: MoveDragGhostProps) {
  const measure = currentMeasure(dragging);
  const elevation = dragging.measured?.elevation;
  return (
    <>
      <MoveGhost model={model} to={dragging.to} elevation={elevation} legal={measure ? measure.value !== null : null} color={color} />
      {measure && (
        <SceneLabel position={[dragging.to[0], dragging.to[1], (elevation ?? model.elevation) + model.height + 0.6]} tone={measure.value === null ? 'bad' : 'info'}>
          {measure.value === null ? '✗ illegal' : inches2(measure.value)}
        </SceneLabel>
      )}
    </>
  );
}
