import { useMemo } from 'react';
import { BufferAttribute, BufferGeometry, Shape, ShapeGeometry, Vector2 } from 'three';

/** Props of {@link TerritoryOverlay}. Table space (inches, z up). */
export interface TerritoryOverlayProps {
  /** The army owning the territory (shown in the hover card of nothing; kept for keys and debugging). */
  army: string;
  /** Plan-view polygon, inches. */
  polygon: [number, number][];
  /** Fill and outline colour (the army's colour). */
  color: string;
  /** Fill opacity. Default 0.2. */
  opacity?: number;
  /** Height above the mat, inches. Default 0.01. */
  lift?: number;
}

/** A territory drawn as a translucent tint over the mat with a crisp outline. */
export function TerritoryOverlay({ army, polygon, color, opacity = 0.2, lift = 0.01 }: TerritoryOverlayProps) {
  const fill = useMemo(() => new ShapeGeometry(new Shape(polygon.map(([x, y]) => new Vector2(x, y)))), [polygon]);
  const outline = useMemo(() => {
    const g = new BufferGeometry();
    g.setAttribute('position', new BufferAttribute(new Float32Array(polygon.flatMap(([x, y]) => [x, y, lift * 2])), 3));
    return g;
  }, [polygon, lift]);
  return (
    <group name={`territory-${army}`}>
      <mesh geometry={fill} position={[0, 0, lift]} receiveShadow renderOrder={2}>
        <meshStandardMaterial color={color} transparent opacity={opacity} depthWrite={false} roughness={1} />
      </mesh>
      <lineLoop geometry={outline} renderOrder={3}>
        <lineBasicMaterial color={color} transparent opacity={0.85} depthWrite={false} />
      </lineLoop>
    </group>
  );
}
