import { MAT_COLOR, TABLE_FRAME_COLOR } from './palette';

/** Props of {@link BattlefieldMat}. Table space (inches, z up). */
export interface BattlefieldMatProps {
  /** Battlefield width, inches (table x). */
  width: number;
  /** Battlefield depth, inches (table y). */
  depth: number;
  /** Mat colour. Default {@link MAT_COLOR}. */
  color?: string;
  /** Width of the wooden table rim around the mat, inches. Default 2. */
  rim?: number;
  /** Called when the mat is clicked (e.g. to clear a selection). */
  onClick?: () => void;
  /**
   * Shading model: `standard` (physically based) or `lambert` (diffuse only: the same look on a
   * mat this rough, at a fraction of the per-pixel cost, for software rasterisers). Default
   * `standard`.
   */
  shading?: 'standard' | 'lambert';
}

/**
 * The playing surface: a mat whose top is exactly z = 0, over [0, width] x [0, depth], sitting in
 * a darker wooden table with a rim, receiving shadows.
 */
export function BattlefieldMat({ width, depth, color = MAT_COLOR, rim = 2, onClick, shading = 'standard' }: BattlefieldMatProps) {
  const lambert = shading === 'lambert';
  const matThickness = 0.08;
  const tableThickness = 2.5;
  return (
    <group>
      <mesh position={[width / 2, depth / 2, -matThickness / 2]} receiveShadow onClick={onClick ? (e) => { e.stopPropagation(); onClick(); } : undefined}>
        <boxGeometry args={[width, depth, matThickness]} />
        {lambert ? <meshLambertMaterial color={color} /> : <meshStandardMaterial color={color} roughness={0.95} metalness={0} />}
      </mesh>
      <mesh position={[width / 2, depth / 2, -matThickness - tableThickness / 2]} receiveShadow castShadow>
        <boxGeometry args={[width + 2 * rim, depth + 2 * rim, tableThickness]} />
        {lambert ? <meshLambertMaterial color={TABLE_FRAME_COLOR} /> : <meshStandardMaterial color={TABLE_FRAME_COLOR} roughness={0.7} metalness={0.05} />}
      </mesh>
    </group>
  );
}
