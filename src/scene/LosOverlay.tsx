import { SceneLabel } from './SceneLabel';
import { SegmentMarker } from './SegmentMarker';

type P3 = [number, number, number];

/** Props of {@link LosOverlay}. Table space (inches, z up). */
export interface LosOverlayProps {
  /** The verdict. */
  visible: boolean;
  /** When visible: the witness segment (a clear line from the observer to the target). */
  witness?: [P3, P3];
  /** When blocked: the straight line between the two models' top centres. */
  blockedLine?: [P3, P3];
  /** When blocked and known: where that line first touches each blocker. */
  hits?: P3[];
  /** Drawn faded (a newer verdict is on its way). Default false. */
  stale?: boolean;
  /** Hide the text chip (e.g. in the observer's-eye view). Default false. */
  hideLabel?: boolean;
  /** Radius of the witness's end balls, inches: small in the eye view, so the target end does not hide the target's head (issue 39). Default 0.14. */
  witnessMarkerRadius?: number;
}

/** Colours of the line-of-sight verdicts. */
export const LOS_COLORS = { visible: '#3ddc84', blocked: '#ff5a4f' } as const;

/** A line-of-sight verdict: the green witness when visible, the red straight line and its blockers when not. */
export function LosOverlay({ visible, witness, blockedLine, hits = [], stale = false, hideLabel = false, witnessMarkerRadius = 0.14 }: LosOverlayProps) {
  const opacity = stale ? 0.45 : 1;
  const seg = visible ? witness : blockedLine;
  const mid: P3 | null = seg ? [(seg[0][0] + seg[1][0]) / 2, (seg[0][1] + seg[1][1]) / 2, (seg[0][2] + seg[1][2]) / 2 + 0.45] : null;
  return (
    <group name="line-of-sight">
      {visible && witness && <SegmentMarker points={witness} color={LOS_COLORS.visible} lineWidth={3.5} markerRadius={witnessMarkerRadius} opacity={opacity} />}
      {!visible && blockedLine && <SegmentMarker points={blockedLine} color={LOS_COLORS.blocked} lineWidth={2.5} dashed markerRadius={0.1} opacity={0.85 * opacity} />}
      {!visible &&
        hits.map((p, i) => (
          <mesh key={i} position={p} renderOrder={22} raycast={() => null}>
            <octahedronGeometry args={[0.28, 0]} />
            <meshBasicMaterial color={LOS_COLORS.blocked} depthTest={false} toneMapped={false} />
          </mesh>
        ))}
      {mid && !hideLabel && (
        <SceneLabel position={mid} tone={stale ? 'muted' : visible ? 'ok' : 'bad'} testId="los-label">
          {visible ? 'Visible' : 'Blocked'}
        </SceneLabel>
      )}
    </group>
  );
}
