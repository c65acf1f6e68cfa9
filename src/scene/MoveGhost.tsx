import { unitBaseGeometry, unitFigureGeometry } from './geometries';
import { SegmentMarker } from './SegmentMarker';
import { StraightPath } from './StraightPath';
import type { ModelView } from './types';

/** Props of {@link MoveGhost}. Table space (inches, z up). */
export interface MoveGhostProps {
  /** The dragged model, where it stands now (the start of the path). */
  model: ModelView;
  /** Where the pointer carries its centre, inches. */
  to: [number, number];
  /** Where it would stand there, inches (undefined: not known yet; its current elevation is used). */
  elevation?: number;
  /** Legality of the path so far: true, false, or null while the engine's answer is pending. */
  legal: boolean | null;
  /** The model's army colour. */
  color: string;
  /**
   * The path the move takes, plan-view inches from the start to `to` (the engine's shortest legal
   * path, drawn as the engine counts it). Default: the straight line.
   */
  path?: readonly (readonly [number, number])[];
}

const PATH_COLORS = { ok: '#5ee0ff', bad: '#ff5a4f', pending: '#c9d2dc' } as const;

/** A translucent copy of a dragged model at the pointer, and its path from the start (straight unless `path` is given). */
export function MoveGhost({ model, to, elevation, legal, color, path }: MoveGhostProps) {
  const f = model.footprint;
  const z = elevation ?? model.elevation;
  const top = Math.max(model.height, model.baseThickness + 0.05);
  const pathColor = legal === null ? PATH_COLORS.pending : legal ? PATH_COLORS.ok : PATH_COLORS.bad;
  return (
    <group name="move-ghost">
      {path && path.length > 2 ? (
        <SegmentMarker
          points={path.map(([x, y], i) => [x, y, (i === path.length - 1 ? z : model.elevation) + 0.06] as [number, number, number])}
          color={pathColor}
          lineWidth={2.5}
          dashed={legal === false}
          markerRadius={0.09}
        />
      ) : (
        // A straight path (the ghosts of a whole unit): moved, not rebuilt, at each drag step.
        <StraightPath
          from={path && path.length === 2 ? [path[0][0], path[0][1], model.elevation + 0.06] : [f.x, f.y, model.elevation + 0.06]}
          to={path && path.length === 2 ? [path[1][0], path[1][1], z + 0.06] : [to[0], to[1], z + 0.06]}
          color={pathColor}
          lineWidth={2.5}
          dashed={legal === false}
          markerRadius={0.09}
        />
      )}
      <group position={[to[0], to[1], z]} rotation={[0, 0, f.facingRad]}>
        <mesh geometry={unitBaseGeometry()} scale={[f.semiMajor, f.semiMinor, model.baseThickness]} raycast={() => null} renderOrder={8}>
          <meshStandardMaterial color={legal === false ? PATH_COLORS.bad : color} transparent opacity={0.55} depthWrite={false} />
        </mesh>
        <mesh
          geometry={unitFigureGeometry()}
          position={[0, 0, model.baseThickness]}
          scale={[f.semiMajor * 0.62, f.semiMinor * 0.62, top - model.baseThickness]}
          raycast={() => null}
          renderOrder={8}
        >
          <meshStandardMaterial color={legal === false ? PATH_COLORS.bad : color} transparent opacity={0.45} depthWrite={false} />
        </mesh>
      </group>
    </group>
  );
}
