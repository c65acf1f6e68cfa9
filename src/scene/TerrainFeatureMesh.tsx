import type { ThreeEvent } from '@react-three/fiber';
import { useMemo } from 'react';
import { DoubleSide } from 'three';
import { keptTerrainEdges, keptTerrainGeometry } from './keptTerrainGeometry';
import { SELECT_COLOR } from './palette';
import type { TerrainView } from './types';

/** Props of {@link TerrainFeatureMesh}. Table space (inches, z up). */
export interface TerrainFeatureMeshProps {
  /** The feature: its merged table-space triangle soup and type. */
  feature: TerrainView;
  /** Override of the type colour. Default: {@link TERRAIN_COLORS}[feature.type]. */
  color?: string;
  /** Draw crease edges (angle > `edgeThresholdDeg`) in a darker line. Default true. */
  edges?: boolean;
  /** Crease angle for edges, degrees. Default 35. */
  edgeThresholdDeg?: number;
  /** Highlight as hovered. Default false. */
  hovered?: boolean;
  /** A strong highlight colour (picked by a tool, or blocking a line of sight), or null. Default null. */
  highlight?: string | null;
  /** Pointer moved over the feature (client coordinates). */
  onHover?: (id: string | null, clientX: number, clientY: number) => void;
  /** The feature was clicked. */
  onClick?: (id: string) => void;
  /**
   * Shading model: `standard` (physically based) or `lambert` (diffuse only; nearly the same look
   * on rough scenery, much cheaper per pixel on a software rasteriser). Default `standard`.
   */
  shading?: 'standard' | 'lambert';
}

/**
 * A terrain feature rendered from its triangle soup: flat-shaded (normals computed per face),
 * coloured by terrain type and darkened towards its foot so height reads at a glance.
 */
export function TerrainFeatureMesh({ feature, color, edges = true, edgeThresholdDeg = 35, hovered = false, highlight = null, onHover, onClick, shading = 'standard' }: TerrainFeatureMeshProps) {
  // Kept for the page across remounts (keptTerrainGeometry.ts): never disposed here.
  const geometry = useMemo(() => keptTerrainGeometry(feature, color), [feature, color]);
  const edgeGeometry = useMemo(() => (edges ? keptTerrainEdges(feature, color, edgeThresholdDeg) : null), [feature, color, edges, edgeThresholdDeg]);

  const emissive = highlight ?? (hovered ? SELECT_COLOR : '#000000');
  const emissiveIntensity = highlight ? 0.55 : hovered ? 0.18 : 0;
  const move = onHover
    ? (e: ThreeEvent<PointerEvent>) => {
        e.stopPropagation();
        onHover(feature.id, e.nativeEvent.clientX, e.nativeEvent.clientY);
      }
    : undefined;
  return (
    <group name={`terrain-${feature.id}`}>
      <mesh
        geometry={geometry}
        castShadow
        receiveShadow
        onPointerMove={move}
        onPointerOut={onHover ? () => onHover(null, 0, 0) : undefined}
        onClick={onClick ? (e) => { e.stopPropagation(); onClick(feature.id); } : undefined}
      >
        {shading === 'lambert' ? (
          <meshLambertMaterial vertexColors side={DoubleSide} emissive={emissive} emissiveIntensity={emissiveIntensity} />
        ) : (
          <meshStandardMaterial vertexColors side={DoubleSide} roughness={0.88} metalness={0.02} emissive={emissive} emissiveIntensity={emissiveIntensity} />
        )}
      </mesh>
      {edgeGeometry && (
        <lineSegments geometry={edgeGeometry} raycast={() => null}>
          <lineBasicMaterial color={highlight ?? '#1d1a16'} transparent opacity={highlight ? 0.9 : 0.35} />
        </lineSegments>
      )}
    </group>
  );
}
