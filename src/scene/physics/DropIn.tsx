import { useFrame, useThree } from '@react-three/fiber';
import { useLayoutEffect, useRef } from 'react';
import type { Group, Mesh } from 'three';
import { unitBaseGeometry, unitFigureGeometry } from '../geometries';
import { useReducedMotion } from '../reducedMotion';
import type { ModelView } from '../types';

/** Props of {@link DropIn}. Table space (inches, z up). */
export interface DropInProps {
  /** The model as it will stand: `elevation` is the engine's answer (`modelPoses`). */
  model: ModelView;
  /** Its army colour. */
  color: string;
  /** Height it falls from, above where it lands, inches. Default 3. */
  fallHeight?: number;
  /** Called once, after it came to rest. */
  onLanded: () => void;
}

/** Gravity of the animation, inches/s² (slower than life, so the eye can follow). */
const G = 140;
/** Share of the speed kept at a bounce. */
const RESTITUTION = 0.28;
/** Bounces lower than this end the animation, inches. */
const REST = 0.03;

/**
 * A placed model dropping onto the spot the engine resolved (table or terrain top): a short
 * ballistic fall with a damped bounce, then `onLanded`. Purely visual: where it ends is
 * `model.elevation`, never something the animation computed. Keeps render-on-demand frames coming
 * while it moves. Where the player asked for reduced motion (`prefers-reduced-motion`) it lands in
 * its first frame: no fall, no bounce.
 */
export function DropIn({ model, color, fallHeight: askedFall = 3, onLanded }: DropInProps) {
  const fallHeight = useReducedMotion() ? 0 : askedFall;
  const group = useRef<Group>(null);
  const shadow = useRef<Mesh>(null);
  const state = useRef({ h: fallHeight, v: 0, done: false });
  const landed = useRef(onLanded);
  landed.current = onLanded;
  const f = model.footprint;
  const top = Math.max(model.height, model.baseThickness + 0.05);

  const invalidate = useThree((s) => s.invalidate);
  useLayoutEffect(() => {
    state.current = { h: fallHeight, v: 0, done: false };
    invalidate();
  }, [model.id, fallHeight, invalidate]);

  useFrame((s, delta) => {
    const st = state.current;
    if (st.done) return;
    // Wall-clock based (slow frames shorten the animation, never stretch it); capped for tab switches.
    const dt = Math.min(delta, 0.1);
    st.v -= G * dt;
    st.h += st.v * dt;
    if (st.h <= 0) {
      st.h = 0;
      st.v = -st.v * RESTITUTION;
      if ((st.v * st.v) / (2 * G) < REST) {
        st.done = true;
        st.v = 0;
      }
    }
    if (fallHeight === 0) {
      // Reduced motion: landed in the first frame (a bounce off the table would lift it again).
      st.h = 0;
      st.v = 0;
      st.done = true;
    }
    if (group.current) group.current.position.z = model.elevation + st.h;
    if (shadow.current) {
      const k = fallHeight > 0 ? 1 - Math.min(1, st.h / fallHeight) * 0.5 : 1;
      shadow.current.scale.set(f.semiMajor * k, f.semiMinor * k, 1);
    }
    if (st.done) requestAnimationFrame(() => landed.current());
    else s.invalidate();
  });

  return (
    <group name="drop-in">
      <mesh ref={shadow} position={[f.x, f.y, model.elevation + 0.01]} rotation={[0, 0, f.facingRad]} raycast={() => null} renderOrder={7}>
        <circleGeometry args={[1, 40]} />
        <meshBasicMaterial color="#000000" transparent opacity={0.3} depthWrite={false} />
      </mesh>
      <group ref={group} position={[f.x, f.y, model.elevation + fallHeight]} rotation={[0, 0, f.facingRad]}>
        <mesh geometry={unitBaseGeometry()} scale={[f.semiMajor, f.semiMinor, model.baseThickness]} raycast={() => null} castShadow>
          <meshStandardMaterial color={color} roughness={0.55} metalness={0.1} />
        </mesh>
        <mesh geometry={unitFigureGeometry()} position={[0, 0, model.baseThickness]} scale={[f.semiMajor * 0.62, f.semiMinor * 0.62, top - model.baseThickness]} raycast={() => null} castShadow>
          <meshStandardMaterial color={color} roughness={0.5} metalness={0.15} />
        </mesh>
      </group>
    </group>
  );
}
