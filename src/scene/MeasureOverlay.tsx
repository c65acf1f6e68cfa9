import { SceneLabel } from './SceneLabel';
import { SegmentMarker } from './SegmentMarker';

type P3 = [number, number, number];

/** Props of {@link MeasureOverlay}. Table space (inches, z up). */
export interface MeasureOverlayProps {
  /** The closest points of the 3D distance answer. */
  points: [P3, P3];
  /** The closest points of the horizontal answer, drawn dashed at the lower end's height when they differ. */
  horizontalPoints?: [P3, P3];
  /** Label text at the segment's middle (e.g. `4.25"`). */
  label: string;
  /** Drawn faded (a newer answer is on its way). Default false. */
  stale?: boolean;
  /** Line colour. Default a bright cyan. */
  color?: string;
}

const differs = (a: [P3, P3], b: [P3, P3]) => a.some((p, i) => p.some((v, j) => Math.abs(v - b[i][j]) > 1e-6));

/** A measurement: the closest-points segment with end markers and its length, plus the horizontal one. */
export function MeasureOverlay({ points, horizontalPoints, label, stale = false, color = '#5ee0ff' }: MeasureOverlayProps) {
  const [a, b] = points;
  const mid: P3 = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2, (a[2] + b[2]) / 2 + 0.35];
  const opacity = stale ? 0.45 : 1;
  return (
    <group name="measure">
      <SegmentMarker points={points} color={color} opacity={opacity} />
      {horizontalPoints && differs(points, horizontalPoints) && (
        <SegmentMarker
          points={[
            [horizontalPoints[0][0], horizontalPoints[0][1], Math.min(horizontalPoints[0][2], horizontalPoints[1][2])],
            [horizontalPoints[1][0], horizontalPoints[1][1], Math.min(horizontalPoints[0][2], horizontalPoints[1][2])],
          ]}
          color={color}
          lineWidth={1.5}
          dashed
          markerRadius={0.07}
          opacity={0.6 * opacity}
        />
      )}
      <SceneLabel position={mid} tone={stale ? 'muted' : 'info'} testId="measure-label">
        {label}
      </SceneLabel>
    </group>
  );
}
