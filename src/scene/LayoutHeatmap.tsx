import { useThree, type ThreeEvent } from '@react-three/fiber';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { Color, type InstancedMesh, Matrix4, MeshBasicMaterial, PlaneGeometry, RingGeometry } from 'three';

/** Props of {@link LayoutHeatmap}. Table space (inches, z up). */
export interface LayoutHeatmapProps {
  /** The territory (for the group's name). */
  territory: string;
  /** Its standing spots, `[x, y, z, share]`: plan position, standing elevation and the share of the threat zone that sees it (the report's `heatmap`). */
  spots: readonly (readonly [number, number, number, number])[];
  /** Where the bases of the hiding capacity stand, `[x, y, z]` (the report's `hidingPlaces`). Default none. */
  hidingPlaces?: readonly (readonly [number, number, number])[];
  /** Grid spacing, inches: a spot's square is this wide, less a gap. */
  grid: number;
  /** Semi-axes of the class's base `[along x, along y]`, inches (the hiding places' outlines). Default a 32 mm round base. */
  baseSemiAxes?: readonly [number, number];
  /** Colour of a spot by its share, RGB 0..1. */
  colorOf: (share: number) => readonly [number, number, number];
  /** Height above the surface a spot stands on, inches. Default 0.06. */
  lift?: number;
  /** Opacity of the squares. Default 0.8. */
  opacity?: number;
  /** Called after the squares were drawn with how many there are (the panel shows it; tests read it). */
  onDrawn?: (territory: string, spots: number) => void;
  /** Called with a square's spot (`[x, y]`, inches) when it is clicked; without it the squares are never picked. Default none. */
  onPick?: (territory: string, x: number, y: number) => void;
}

const none = () => null;
const NO_PLACES: readonly (readonly [number, number, number])[] = [];
const ROUND_32MM: readonly [number, number] = [0.63, 0.63];
const _m = new Matrix4();
const _c = new Color();

/**
 * A territory's heatmap (layout lab, LAYOUT.md): one coloured square per standing spot, at the
 * elevation where a model of the class stands there (a spot on a ruin's floor floats on that
 * floor), coloured by the share of the enemies' threat zone that sees it; hidden spots (seen from
 * no spot of the threat zone) also get a white ring, and the bases of the hiding capacity a green
 * outline of the class's base. Instanced: three meshes however many spots. With `onPick` a click
 * on a square names its spot (the layout lab's proof for a spot); otherwise never picked (clicks go
 * to the table beneath).
 */
export function LayoutHeatmap({ territory, spots, hidingPlaces = NO_PLACES, grid, baseSemiAxes = ROUND_32MM, colorOf, lift = 0.06, opacity = 0.8, onDrawn, onPick }: LayoutHeatmapProps) {
  const square = useMemo(() => new PlaneGeometry(1, 1), []);
  const ring = useMemo(() => new RingGeometry(0.72, 1, 24), []);
  const mats = useMemo(
    () => ({
      square: new MeshBasicMaterial({ transparent: true, opacity, depthWrite: false, toneMapped: false }),
      hidden: new MeshBasicMaterial({ color: '#ffffff', transparent: true, opacity: 0.95, depthWrite: false, toneMapped: false }),
      hiding: new MeshBasicMaterial({ color: '#19c24a', transparent: true, opacity: 0.95, depthWrite: false, toneMapped: false }),
    }),
    [opacity],
  );
  useEffect(
    () => () => {
      square.dispose();
      ring.dispose();
      Object.values(mats).forEach((m) => m.dispose());
    },
    [square, ring, mats],
  );
  const hidden = useMemo(() => spots.filter((s) => s[3] <= 0), [spots]);
  const squares = useRef<InstancedMesh>(null);
  const rings = useRef<InstancedMesh>(null);
  const places = useRef<InstancedMesh>(null);
  const side = Math.max(0.1, grid * 0.86);
  // The canvas draws on demand: new colours (another measure, another report) ask for a frame.
  const invalidate = useThree((st) => st.invalidate);
  useLayoutEffect(() => {
    const sq = squares.current;
    if (sq) {
      spots.forEach(([x, y, z, share], i) => {
        sq.setMatrixAt(i, _m.makeScale(side, side, 1).setPosition(x, y, z + lift));
        const [r, g, b] = colorOf(share);
        sq.setColorAt(i, _c.setRGB(r, g, b));
      });
      sq.instanceMatrix.needsUpdate = true;
      if (sq.instanceColor) sq.instanceColor.needsUpdate = true;
      sq.computeBoundingSphere();
    }
    const rg = rings.current;
    if (rg) {
      const r = Math.min(side * 0.32, 0.6);
      hidden.forEach(([x, y, z], i) => rg.setMatrixAt(i, _m.makeScale(r, r, 1).setPosition(x, y, z + lift + 0.01)));
      rg.instanceMatrix.needsUpdate = true;
      rg.computeBoundingSphere();
    }
    const pl = places.current;
    if (pl) {
      hidingPlaces.forEach(([x, y, z], i) => pl.setMatrixAt(i, _m.makeScale(baseSemiAxes[0], baseSemiAxes[1], 1).setPosition(x, y, z + lift + 0.02)));
      pl.instanceMatrix.needsUpdate = true;
      pl.computeBoundingSphere();
    }
    onDrawn?.(territory, sq ? spots.length : 0);
    invalidate();
    return () => onDrawn?.(territory, 0);
  }, [spots, hidden, hidingPlaces, side, lift, colorOf, baseSemiAxes, territory, onDrawn, invalidate]);
  return (
    <group name={`layout-heatmap-${territory}`}>
      {spots.length > 0 && (
        <instancedMesh
          key={`s${spots.length}`}
          ref={squares}
          args={[square, mats.square, spots.length]}
          renderOrder={4}
          raycast={onPick ? undefined : none}
          frustumCulled={false}
          onClick={
            onPick &&
            ((e: ThreeEvent<MouseEvent>) => {
              const s = e.instanceId === undefined ? undefined : spots[e.instanceId];
              if (!s) return;
              e.stopPropagation();
              onPick(territory, s[0], s[1]);
            })
          }
        />
      )}
      {hidden.length > 0 && <instancedMesh key={`h${hidden.length}`} ref={rings} args={[ring, mats.hidden, hidden.length]} renderOrder={5} raycast={none} frustumCulled={false} />}
      {hidingPlaces.length > 0 && <instancedMesh key={`p${hidingPlaces.length}`} ref={places} args={[ring, mats.hiding, hidingPlaces.length]} renderOrder={5} raycast={none} frustumCulled={false} />}
    </group>
  );
}
