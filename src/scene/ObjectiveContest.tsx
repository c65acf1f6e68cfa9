import type { ObjectiveView } from './types';

/** Props of {@link ObjectiveContest}. Table space (inches, z up). */
export interface ObjectiveContestProps {
  /** The objectives. */
  objectives: ObjectiveView[];
  /** Objective id -> colours of the armies contesting it (from the engine's `contests` answers). */
  contestedBy: ReadonlyMap<string, string[]>;
}

/**
 * Who contests each objective (Core 32.1): one glowing ring per contesting army around the
 * marker, nested when several armies contest it.
 */
export function ObjectiveContest({ objectives, contestedBy }: ObjectiveContestProps) {
  return (
    <group name="objective-contest">
      {objectives.map((o) => {
        const colors = contestedBy.get(o.id) ?? [];
        return colors.map((c, k) => {
          const r = o.diameter / 2 + 0.18 + k * 0.22;
          return (
            <mesh key={`${o.id}-${k}`} position={[o.x, o.y, 0.1]} renderOrder={6} raycast={() => null}>
              <ringGeometry args={[r, r + 0.16, 64]} />
              <meshBasicMaterial color={c} transparent opacity={0.95} depthWrite={false} toneMapped={false} />
            </mesh>
          );
        });
      })}
    </group>
  );
}
