import { useThree } from '@react-three/fiber';
import { useLayoutEffect, useMemo, useRef } from 'react';
import { Matrix4, Quaternion, Vector3, type InstancedMesh } from 'three';
import { faceNormal, faceUp } from '../physics/dieFaces';
import { diceKind } from './diceKinds';
import { dieGeometry, dieMaterial } from './dieAtlas';
import type { TableDiceRequest } from './tableDiceStore';
import { DIE_INCHES, traySlots } from './throwLayout';

/** One row of the tray: a finished throw. */
export type ShelfRow = TableDiceRequest & { seq: number };

/** Props of {@link DiceShelf}. Table space (inches, z up). */
export interface DiceShelfProps {
  /** The last throws, newest first (the tray shows `TRAY_ROWS` of them). */
  rows: readonly ShelfRow[];
  /** Battlefield width, inches. */
  width: number;
  /** Called after the rows are drawn, with each row's faces read back from the drawn dice, per group. */
  onShown?: (faces: Map<number, number[][]>) => void;
}

const NO_RAYCAST = () => null;
const UP = new Vector3(0, 0, 1);

/**
 * The dice tray on the table's edge: off the south edge, one row per throw (the newest nearest the
 * table), the dice of each roll together in their colour, each showing its face. Drawn with one
 * instanced mesh per colour (a draw call per colour, whatever the dice), never picked.
 */
export function DiceShelf({ rows, width, onShown }: DiceShelfProps) {
  const slots = useMemo(() => traySlots(rows.map((r) => r.groups), width), [rows, width]);
  // Dice by colour: for each, the instances (row, group, slot).
  const byKind = useMemo(() => {
    const m = new Map<string, { color: string; pips: string; dice: { row: number; group: number; x: number; y: number; z: number; face: number }[] }>();
    slots.forEach((row, r) =>
      row.forEach((s) => {
        const k = diceKind(rows[r].groups[s.group].purpose);
        const key = `${k.color}|${k.pips}`;
        if (!m.has(key)) m.set(key, { color: k.color, pips: k.pips, dice: [] });
        m.get(key)!.dice.push({ row: r, group: s.group, x: s.x, y: s.y, z: s.z, face: s.face });
      }),
    );
    return [...m.entries()];
  }, [slots, rows]);
  const meshes = useRef(new Map<string, InstancedMesh | null>());
  const invalidate = useThree((s) => s.invalidate);
  const shown = useRef(onShown);
  shown.current = onShown;

  useLayoutEffect(() => {
    const m = new Matrix4();
    const q = new Quaternion();
    const p = new Vector3();
    const one = new Vector3(1, 1, 1);
    for (const [key, k] of byKind) {
      const mesh = meshes.current.get(key);
      if (!mesh) continue;
      k.dice.forEach((d, i) => {
        // Face `d.face` turned to table up (+z), then a small turn about z so rows look thrown.
        q.setFromUnitVectors(faceNormal(d.face), UP);
        m.compose(p.set(d.x, d.y, d.z), q, one);
        mesh.setMatrixAt(i, m);
      });
      mesh.instanceMatrix.needsUpdate = true;
      mesh.computeBoundingSphere();
    }
    invalidate();
    // Read back what is drawn: each instance's world orientation, its face up.
    const faces = new Map<number, number[][]>(rows.map((r) => [r.seq, r.groups.map(() => [] as number[])]));
    const world = new Quaternion();
    const parent = new Quaternion();
    for (const [key, k] of byKind) {
      const mesh = meshes.current.get(key);
      if (!mesh) continue;
      mesh.updateWorldMatrix(true, false);
      mesh.getWorldQuaternion(parent);
      k.dice.forEach((d, i) => {
        mesh.getMatrixAt(i, m);
        m.decompose(p, q, new Vector3());
        faces.get(rows[d.row].seq)![d.group].push(faceUp(world.copy(parent).multiply(q)));
      });
    }
    shown.current?.(faces);
  }, [byKind, rows, invalidate]);

  return (
    <group name="dice-tray">
      {byKind.map(([key, k]) => (
        <instancedMesh
          key={`${key}-${k.dice.length}`}
          ref={(x: InstancedMesh | null) => void meshes.current.set(key, x)}
          args={[dieGeometry(DIE_INCHES), dieMaterial(k), k.dice.length]}
          raycast={NO_RAYCAST}
          frustumCulled={false}
        />
      ))}
    </group>
  );
}
