import { Canvas, useFrame, useThree } from '@react-three/fiber';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { BoxGeometry, Quaternion, type Group, type Mesh } from 'three';
import { DeferredPresent } from './DeferredPresent';
import { throwDice } from './physics/diceClient';
import { renderProfile } from './renderProfile';
import { useReducedMotion } from './reducedMotion';
import type { DiceRecording } from './physics/diceSim';
import { dieMaterials, faceCorrection, faceUp } from './physics/dieFaces';

/** Props of {@link DiceTray}. */
export interface DiceTrayProps {
  /**
   * The faces to show (1..6), one die each, as the engine rolled them. Physics only animates the
   * throw: each die comes to rest showing its face.
   */
  rolls: number[];
  /** Called once per throw when every die rests, with the faces read back from the dice as drawn. */
  onSettled?: (shown: number[]) => void;
  /** Seed of the throw's motion (change it to throw the same faces again). Default 1. */
  seed?: number;
  /** CSS class of the wrapper. */
  className?: string;
}

type Status = 'idle' | 'throwing' | 'rolling' | 'settled' | 'error';

interface Prepared {
  /** The throw it was prepared for (`seed|faces`): a stale one is never played. */
  key: string;
  recording: DiceRecording;
  /** Turn of each die's mesh inside its body (a cube symmetry). */
  corrections: Quaternion[];
}

const dieGeometry = new BoxGeometry(0.96, 0.96, 0.96);
const clampFace = (n: number) => Math.min(6, Math.max(1, Math.round(Number.isFinite(n) ? n : 1)));

/**
 * A 3D dice tray in its own small canvas: the throw is simulated with rapier in a worker (loaded
 * on the first throw), played back, and each die's mesh is turned inside its rigid body (a
 * symmetry of the cube, invisible during the roll) so that it settles showing the requested face.
 * The wrapper carries `data-status` (`idle`, `throwing`, `rolling`, `settled`, `error`) and, once
 * settled, `data-faces`: the faces read back from the drawn dice. With a software rasteriser its
 * frames are drawn off screen and shown once finished ({@link DeferredPresent}, multisampled as the
 * canvas is), so the throw's animation never holds the page.
 */
export function DiceTray({ rolls, onSettled, seed = 1, className }: DiceTrayProps) {
  const faces = useMemo(() => rolls.map(clampFace), [rolls.join(',')]); // eslint-disable-line react-hooks/exhaustive-deps
  const [prepared, setPrepared] = useState<Prepared | null>(null);
  const [status, setStatus] = useState<Status>('idle');
  const [shown, setShown] = useState<number[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const settledRef = useRef(onSettled);
  settledRef.current = onSettled;
  const offscreen = renderProfile().offscreenFrames;

  useEffect(() => {
    setShown(null);
    setPrepared(null);
    setError(null);
    if (faces.length === 0) {
      setStatus('idle');
      return;
    }
    let live = true;
    setStatus('throwing');
    throwDice(faces.length, seed).then(
      (recording) => {
        if (!live) return;
        const last = (recording.frames - 1) * recording.count * 7;
        const corrections = faces.map((want, i) => {
          const o = last + i * 7;
          const rest = new Quaternion(recording.poses[o + 3], recording.poses[o + 4], recording.poses[o + 5], recording.poses[o + 6]);
          return faceCorrection(rest, want);
        });
        setPrepared({ key: `${seed}|${faces.join(',')}`, recording, corrections });
        setStatus('rolling');
      },
      (e: unknown) => {
        if (!live) return;
        setError((e as Error).message);
        setStatus('error');
      },
    );
    return () => {
      live = false;
    };
  }, [faces, seed]);

  const settled = useCallback((read: number[]) => {
    setShown(read);
    setStatus('settled');
    settledRef.current?.(read);
  }, []);

  const tray = prepared?.recording.tray ?? { width: 9, depth: 6 };
  return (
    <div className={className ?? 'dice-tray'} data-testid="dice-tray" data-status={status} data-faces={shown?.join(',') ?? ''} title={error ?? undefined}>
      <Canvas frameloop="demand" dpr={[1, 2]} gl={{ antialias: true, preserveDrawingBuffer: true }} camera={{ fov: 32, near: 0.5, far: 200, position: [0, 12, 8] }}>
        <color attach="background" args={['#15191f']} />
        <ambientLight intensity={0.9} />
        <directionalLight position={[3, 10, 4]} intensity={1.8} />
        {/* A software rasteriser: frames drawn off screen, so no animation frame waits for it. */}
        {offscreen && <DeferredPresent samples={4} />}
        <TrayFrame width={tray.width} depth={tray.depth} />
        {prepared && prepared.key === `${seed}|${faces.join(',')}` && <Playback key={prepared.key} prepared={prepared} onSettled={settled} />}
      </Canvas>
    </div>
  );
}

/** The tray's felt and rim, and a camera that frames it. */
function TrayFrame({ width, depth }: { width: number; depth: number }) {
  const camera = useThree((s) => s.camera);
  const size = useThree((s) => s.size);
  const invalidate = useThree((s) => s.invalidate);
  useLayoutEffect(() => {
    const aspect = size.width > 0 && size.height > 0 ? size.width / size.height : 1.6;
    const fit = Math.max(depth + 2, (width + 2) / aspect) / 2 / Math.tan((32 * Math.PI) / 360);
    camera.position.set(0, fit * 0.93, fit * 0.42);
    camera.lookAt(0, 0, 0.3);
    camera.updateMatrixWorld();
    invalidate();
  }, [camera, size.width, size.height, width, depth, invalidate]);
  const rim = 0.35;
  return (
    <group>
      <mesh rotation={[-Math.PI / 2, 0, 0]}>
        <planeGeometry args={[width, depth]} />
        <meshStandardMaterial color="#24513a" roughness={0.95} />
      </mesh>
      {[
        [0, -depth / 2 - rim / 2, width + 2 * rim, rim],
        [0, depth / 2 + rim / 2, width + 2 * rim, rim],
        [-width / 2 - rim / 2, 0, rim, depth],
        [width / 2 + rim / 2, 0, rim, depth],
      ].map(([x, z, w, d], i) => (
        <mesh key={i} position={[x, 0.3, z]}>
          <boxGeometry args={[w, 0.6, d]} />
          <meshStandardMaterial color="#5b3b23" roughness={0.7} />
        </mesh>
      ))}
    </group>
  );
}

/**
 * Plays a recorded throw; reads the faces up from the drawn dice at the end. Where the player asked
 * for reduced motion (`prefers-reduced-motion`) the dice are shown at rest at once (the recording's
 * last frame: the same faces).
 */
function Playback({ prepared, onSettled }: { prepared: Prepared; onSettled: (faces: number[]) => void }) {
  const { recording, corrections } = prepared;
  const reduced = useReducedMotion();
  const bodies = useRef<(Group | null)[]>([]);
  const meshes = useRef<(Mesh | null)[]>([]);
  const start = useRef<number | null>(null);
  const done = useRef(false);
  const materials = useMemo(() => dieMaterials(), []);
  const invalidate = useThree((s) => s.invalidate);
  useLayoutEffect(() => invalidate(), [invalidate]);

  const pose = (frame: number) => {
    const base = frame * recording.count * 7;
    const p = recording.poses;
    for (let i = 0; i < recording.count; i++) {
      const b = bodies.current[i];
      if (!b) continue;
      const o = base + i * 7;
      b.position.set(p[o], p[o + 1], p[o + 2]);
      b.quaternion.set(p[o + 3], p[o + 4], p[o + 5], p[o + 6]);
    }
  };

  useFrame((state) => {
    if (done.current) return;
    const now = state.clock.getElapsedTime();
    if (start.current === null) start.current = now;
    const frame = reduced ? recording.frames - 1 : Math.min(recording.frames - 1, Math.floor((now - start.current) / recording.dt));
    pose(frame);
    if (frame < recording.frames - 1) {
      state.invalidate();
      return;
    }
    done.current = true;
    const q = new Quaternion();
    const read = meshes.current.slice(0, recording.count).map((m) => {
      if (!m) return 0;
      m.updateWorldMatrix(true, false);
      return faceUp(m.getWorldQuaternion(q));
    });
    requestAnimationFrame(() => onSettled(read));
  });

  return (
    <group>
      {corrections.map((c, i) => (
        <group key={i} ref={(g) => void (bodies.current[i] = g)}>
          <mesh ref={(m) => void (meshes.current[i] = m)} geometry={dieGeometry} material={materials} quaternion={c} />
        </group>
      ))}
    </group>
  );
}
