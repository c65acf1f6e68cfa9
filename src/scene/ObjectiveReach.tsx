import { SceneLabel } from './SceneLabel';
import type { ObjectiveView } from './types';

/** Props of {@link ObjectiveReach}. Table space (inches, z up). */
export interface ObjectiveReachProps {
  /** The objectives drawn. */
  objectives: ObjectiveView[];
  /** Objective id -> territory -> least move to contest it, inches (null: unreachable); from the layout report. */
  reach: Readonly<Record<string, Readonly<Record<string, number | null>>>>;
  /** Contesting range from the marker's edge, inches (its ring). Default 3 (Core 32.1). */
  range?: number;
}

const fmt = (r: number | null) => (r === null ? '–' : `${Math.round(r * 10) / 10}"`);

/**
 * Objective reach (layout lab, LAYOUT.md): each objective's 3" contesting ring and a label with
 * the least move, climbing counted, a model needs from each territory to contest it.
 */
export function ObjectiveReach({ objectives, reach, range = 3 }: ObjectiveReachProps) {
  return (
    <group name="objective-reach">
      {objectives.map((o) => {
        const per = reach[o.id];
        if (!per) return null;
        const r = o.diameter / 2 + range;
        return (
          <group key={o.id}>
            <mesh position={[o.x, o.y, 0.05]} renderOrder={6} raycast={() => null}>
              <ringGeometry args={[r - 0.08, r, 96]} />
              <meshBasicMaterial color="#ffffff" transparent opacity={0.85} depthWrite={false} toneMapped={false} />
            </mesh>
            <SceneLabel position={[o.x, o.y, 1.2]} tone="info" testId={`layout-reach-${o.id}`}>
              {Object.entries(per)
                .map(([t, v]) => `${t} ${fmt(v)}`)
                .join(' · ')}
            </SceneLabel>
          </group>
        );
      })}
    </group>
  );
}
