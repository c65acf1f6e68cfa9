import { useFrame, useThree } from '@react-three/fiber';
import { Physics, RigidBody, RoundCuboidCollider, useAfterPhysicsStep, useRapier, type RapierRigidBody } from '@react-three/rapier';
import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Matrix4, Quaternion, Vector3, type Mesh } from 'three';
import { predictDiceRest } from '../physics/diceClient';
import { faceCorrection, faceUp } from '../physics/dieFaces';
import type { TerrainView } from '../types';
import { diceKind, type DiceKind } from './diceKinds';
import { dieGeometry, dieMaterial } from './dieAtlas';
import { RestClock, STEP_SECONDS, type RestPrediction } from './restPrediction';
import { TableColliders } from './TableColliders';
import type { TableDiceRequest } from './tableDiceStore';
import { DIE_INCHES, throwStarts, type DieStart } from './throwLayout';

/** Gravity of the throw, inches/s² (half of life's 386, so the eye can follow the dice). */
export const DICE_GRAVITY = 200;

/** What a throw reports when its dice rest. */
export interface ThrowRest {
  /** The faces read back from the drawn dice (their meshes' world orientation), per group. */
  faces: number[][];
  /** Dice whose face had to be turned at rest because the live world left the prediction (0 expected). */
  late: number;
  /** Physics steps until the dice rested. */
  steps: number;
}

/** Props of {@link TableDiceThrow}. Table space (inches, z up). */
export interface TableDiceThrowProps {
  /** The throw: its groups and the seed of its motion. */
  request: TableDiceRequest;
  /** Battlefield width, inches. */
  width: number;
  /** Battlefield depth, inches. */
  depth: number;
  /** The terrain the dice bounce off (the drawn triangles). */
  terrain: readonly TerrainView[];
  /** Called once, when every die rests. */
  onRest: (rest: ThrowRest) => void;
  /** Called when the throw cannot be played (physics failed); its dice belong in the tray. */
  onFail: (reason: string) => void;
  /** Called as the throw goes from predicting its rest to rolling, then to rest (optional). */
  onPhase?: (phase: ThrowPhase) => void;
  /**
   * Holds the dice where they are (the world does not step; the throw stays in its phase) until
   * false again: the test hook's `hold` (TableDice), for a test that must act while the dice roll
   * whatever the machine's speed. Default false.
   */
  held?: boolean;
}

/** Where a throw is: its rest being predicted (dice hidden), rolling, or at rest. */
export type ThrowPhase = 'predicting' | 'rolling' | 'rest';
type Phase = ThrowPhase;

interface Die {
  face: number;
  group: number;
  kind: DiceKind;
  start: DieStart;
  /** The start's velocities in world space (y up): table (x, y, z) is world (x, z, -y). */
  velocity: [number, number, number];
  spin: [number, number, number];
  quaternion: Quaternion;
}

const NO_RAYCAST = () => null;
const HALF = DIE_INCHES / 2;

/**
 * A throw of dice onto the battlefield: a `<Physics>` world of `@react-three/rapier` whose fixed
 * colliders are the table and its terrain ({@link TableColliders}) and whose bodies are the dice,
 * coloured by what they roll for. Before the dice are shown the world is snapshotted and played to
 * rest in the dice worker (`restPrediction.ts`); each die's mesh is turned inside its body (a
 * symmetry of the cube) so that the engine's face comes up. The world steps only while the dice
 * move (in fixed 1/60 s steps following the wall clock from the moment they are let go; it asks for
 * frames only then; at rest the dice sleep and the world pauses), and the dice
 * never take pointer events, so clicks and drags on the table go on while they roll.
 */
export function TableDiceThrow(props: TableDiceThrowProps) {
  const [phase, setPhase] = useState<Phase>('predicting');
  const onPhase = props.onPhase;
  useEffect(() => onPhase?.(phase), [phase, onPhase]);
  return (
    <Suspense fallback={null}>
      {/* Stepped in its own animation-frame loop (mounted only for the throw): a render-on-demand
          canvas may not have drawn for a while, and the first step must not catch up on that time. */}
      <Physics gravity={[0, -DICE_GRAVITY, 0]} timeStep={STEP_SECONDS} interpolate={false} paused={phase !== 'rolling' || !!props.held} colliders={false} updateLoop="independent">
        <TableColliders width={props.width} depth={props.depth} terrain={props.terrain} />
        <ThrowBodies {...props} phase={phase} setPhase={setPhase} />
      </Physics>
    </Suspense>
  );
}

function ThrowBodies({ request, width, depth, onRest, onFail, phase, setPhase }: TableDiceThrowProps & { phase: Phase; setPhase: (p: Phase) => void }) {
  const dice = useMemo<Die[]>(() => {
    const starts = throwStarts(request.groups, width, depth, { seed: request.seed });
    let k = 0;
    return request.groups.flatMap((g, gi) =>
      g.faces.map((face) => {
        const start = starts[k++];
        const [vx, vy, vz] = start.velocity;
        const [sx, sy, sz] = start.spin;
        return { face, group: gi, kind: diceKind(g.purpose), start, velocity: [vx, vz, -vy], spin: [sx, sz, -sy], quaternion: new Quaternion(...start.quaternion) };
      }),
    );
  }, [request, width, depth]);
  const [corrections, setCorrections] = useState<Quaternion[] | null>(null);
  const bodies = useRef<(RapierRigidBody | null)[]>([]);
  const meshes = useRef<(Mesh | null)[]>([]);
  const { world } = useRapier();
  const invalidate = useThree((s) => s.invalidate);
  const clock = useRef(new RestClock());
  const phaseRef = useRef(phase);
  phaseRef.current = phase;
  const reported = useRef(false);
  const done = useRef({ onRest, onFail });
  done.current = { onRest, onFail };

  // The dice exist in the world: snapshot it (once Physics has set its parameters, a frame later)
  // and let the worker play it to rest; then turn each die's mesh and let the dice roll.
  useEffect(() => {
    let live = true;
    const raf = requestAnimationFrame(() => {
      const handles = bodies.current.map((b) => b?.handle ?? -1);
      if (handles.some((h) => h < 0)) {
        done.current.onFail('the dice were not created');
        return;
      }
      predictDiceRest(world.takeSnapshot(), handles, DICE_GRAVITY).then(
        (p: RestPrediction) => {
          if (!live) return;
          setCorrections(dice.map((d, i) => faceCorrection(new Quaternion().fromArray(p.rotations, i * 4), d.face)));
          setPhase('rolling');
          invalidate();
        },
        (e: unknown) => live && done.current.onFail((e as Error).message),
      );
    });
    return () => {
      live = false;
      cancelAnimationFrame(raf);
    };
  }, [world, dice, setPhase, invalidate]);

  // Rest: the same clock as the worker's; the dice are put to sleep (nothing moves any more).
  useAfterPhysicsStep(() => {
    if (phaseRef.current !== 'rolling') return;
    const bs = bodies.current as RapierRigidBody[];
    if (!clock.current.step(bs)) return;
    for (const b of bs) b.sleep();
    phaseRef.current = 'rest';
    setPhase('rest');
    invalidate();
  });

  // At rest: the drawn dice take their bodies' last pose, and their faces are read back.
  useFrame(() => {
    if (phase !== 'rest' || reported.current) return;
    reported.current = true;
    let late = 0;
    const faces = request.groups.map(() => [] as number[]);
    dice.forEach((d, i) => {
      const mesh = meshes.current[i];
      const body = bodies.current[i];
      if (!mesh || !body) return;
      syncToBody(mesh, body);
      let shown = faceUp(mesh.getWorldQuaternion(_q));
      if (shown !== d.face) {
        // The live world left the prediction: turn the die now (counted, reported).
        const r = body.rotation();
        mesh.quaternion.copy(faceCorrection(new Quaternion(r.x, r.y, r.z, r.w), d.face));
        mesh.updateMatrixWorld();
        shown = faceUp(mesh.getWorldQuaternion(_q));
        late++;
      }
      faces[d.group].push(shown);
    });
    const steps = clock.current.steps;
    invalidate();
    requestAnimationFrame(() => done.current.onRest({ faces, late, steps }));
  });

  return (
    <group name="dice-throw">
      {dice.map((d, i) => (
        <RigidBody
          key={i}
          ref={(b: RapierRigidBody | null) => void (bodies.current[i] = b)}
          colliders={false}
          position={d.start.position}
          quaternion={d.quaternion}
          linearVelocity={d.velocity}
          angularVelocity={d.spin}
          ccd
          linearDamping={0.1}
          angularDamping={0.3}
        >
          <RoundCuboidCollider args={[HALF * 0.85, HALF * 0.85, HALF * 0.85, HALF * 0.15]} friction={0.6} restitution={0.3} />
          <mesh
            ref={(m: Mesh | null) => void (meshes.current[i] = m)}
            geometry={dieGeometry(DIE_INCHES)}
            material={dieMaterial(d.kind)}
            quaternion={corrections?.[i] ?? IDENTITY}
            visible={corrections !== null}
            raycast={NO_RAYCAST}
            name={`die-${i}`}
          />
        </RigidBody>
      ))}
    </group>
  );
}

const IDENTITY = new Quaternion();
const _q = new Quaternion();
const _m = new Matrix4();
const _inv = new Matrix4();
const _p = new Vector3();
const _s = new Vector3();
const ONE = new Vector3(1, 1, 1);

/** Puts the die's body object (the mesh's parent) at the body's pose (world), and updates the mesh. */
function syncToBody(mesh: Mesh, body: RapierRigidBody): void {
  const g = mesh.parent;
  const parent = g?.parent;
  if (!g || !parent) return;
  parent.updateWorldMatrix(true, false);
  const t = body.translation();
  const r = body.rotation();
  _m.compose(_p.set(t.x, t.y, t.z), _q.set(r.x, r.y, r.z, r.w), ONE).premultiply(_inv.copy(parent.matrixWorld).invert());
  _m.decompose(g.position, g.quaternion, _s);
  g.updateMatrixWorld(true);
}
