import { inches2 } from '../format';
import type { PathMeasure } from '../tools/moveTool';

/** Props of {@link DragChip}. */
export interface DragChipProps {
  /** Pointer position, client pixels. */
  x: number;
  /** Pointer position, client pixels. */
  y: number;
  /** The engine's answer for the current pointer position, or null while it is on its way. */
  measure: PathMeasure | null;
}

/** A chip beside the pointer while dragging: the move's length, or why it is illegal (red). */
export function DragChip({ x, y, measure }: DragChipProps) {
  const tone = measure ? (measure.value === null ? 'bad' : 'ok') : 'pending';
  return (
    <div className={`drag-chip ${tone}`} style={{ left: x + 18, top: y + 14 }} data-testid="drag-chip">
      {measure ? (measure.value === null ? `✗ ${measure.reason ?? 'illegal'}` : `${inches2(measure.value)} move`) : '…'}
    </div>
  );
}
