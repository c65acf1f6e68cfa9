import { CuboidCollider, TrimeshCollider } from '@react-three/rapier';
import { useMemo } from 'react';
import type { TerrainView } from '../types';
import { RIM_INCHES, tableRim } from './throwLayout';

/** Props of {@link TableColliders}. Table space (inches, z up), inside a `<Physics>` world. */
export interface TableCollidersProps {
  /** Battlefield width, inches. */
  width: number;
  /** Battlefield depth, inches. */
  depth: number;
  /** The terrain features: each collides as its own triangles (the mesh drawn on the table). */
  terrain: readonly TerrainView[];
}

/** Friction and bounce of the table and the terrain. */
const SURFACE = { friction: 0.7, restitution: 0.25 } as const;

/**
 * The fixed colliders of a throw: the table top (a 1" slab under z = 0), an invisible rim round it
 * so that no die leaves the table, and every terrain feature as a triangle mesh of the same
 * triangles that are drawn (`TerrainView.positions`).
 */
export function TableColliders({ width, depth, terrain }: TableCollidersProps) {
  const meshes = useMemo(
    () =>
      terrain.map((t) => ({
        id: t.id,
        vertices: t.positions,
        indices: Uint32Array.from({ length: t.positions.length / 3 }, (_, i) => i),
      })),
    [terrain],
  );
  return (
    <group name="dice-colliders">
      <CuboidCollider args={[width / 2, depth / 2, 0.5]} position={[width / 2, depth / 2, -0.5]} {...SURFACE} />
      {tableRim(width, depth).map(([x, y, hx, hy], i) => (
        <CuboidCollider key={i} args={[hx, hy, RIM_INCHES / 2]} position={[x, y, RIM_INCHES / 2]} {...SURFACE} />
      ))}
      {meshes.map((m) => (
        <TrimeshCollider key={m.id} args={[m.vertices, m.indices]} {...SURFACE} />
      ))}
    </group>
  );
}
