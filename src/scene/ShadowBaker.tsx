import { useThree } from '@react-three/fiber';
import { useLayoutEffect } from 'react';
import type { BufferAttribute, Camera, DirectionalLight, InstancedMesh, Object3D, Scene, WebGLRenderer } from 'three';

/** Props of {@link ShadowBaker}. */
export interface ShadowBakerProps {
  /** Bake the shadow map (true) or let three redraw it every frame (false). Default true. */
  enabled?: boolean;
}

/**
 * Numbers that change whenever the shadow map would: for every visible shadow-casting object its
 * id, geometry, instance matrices and world matrix; for every shadow-casting light its world
 * matrix, shadow projection and map size. Written into `out` from index 0; returns the length and
 * whether anything differed from what `out` held.
 */
export function shadowSignature(scene: Object3D, out: number[]): { length: number; changed: boolean } {
  let n = 0;
  let changed = false;
  const put = (v: number) => {
    if (out[n] !== v) {
      out[n] = v;
      changed = true;
    }
    n++;
  };
  const matrix = (e: ArrayLike<number>) => {
    for (let i = 0; i < 16; i++) put(e[i]);
  };
  scene.traverseVisible((o) => {
    if (!o.castShadow) return;
    put(o.id);
    matrix(o.matrixWorld.elements);
    const light = o as DirectionalLight;
    if (light.isLight) {
      if (light.shadow) {
        matrix(light.shadow.camera.projectionMatrix.elements);
        put(light.shadow.mapSize.x);
        put(light.shadow.mapSize.y);
      }
      return;
    }
    const mesh = o as InstancedMesh;
    if (mesh.geometry) {
      put(mesh.geometry.id);
      put((mesh.geometry.attributes.position as BufferAttribute | undefined)?.version ?? -1);
    }
    if (mesh.isInstancedMesh) {
      put(mesh.count);
      put(mesh.instanceMatrix.version);
    }
  });
  if (out.length !== n) {
    out.length = n;
    changed = true;
  }
  return { length: n, changed };
}

/**
 * Draws the shadow map only when something that casts shadows changed (moved, appeared,
 * disappeared, was re-instanced), not on every frame: the key light is fixed, so orbiting the
 * camera never needs new shadows. Checked just before each render (after the world matrices are
 * updated, before three draws the shadow map), by comparing {@link shadowSignature}: a few
 * microseconds for the few dozen casters of a battlefield, against a full shadow pass over every
 * model. Draws nothing.
 */
export function ShadowBaker({ enabled = true }: ShadowBakerProps) {
  const gl = useThree((s) => s.gl);
  const scene = useThree((s) => s.scene);
  const invalidate = useThree((s) => s.invalidate);
  useLayoutEffect(() => {
    if (!enabled) return;
    const shadowMap = gl.shadowMap;
    const before = scene.onBeforeRender;
    const last: number[] = [];
    shadowMap.autoUpdate = false;
    shadowMap.needsUpdate = true;
    scene.onBeforeRender = function onBeforeRender(this: Scene, renderer: WebGLRenderer, s: Scene, camera: Camera, ...rest: unknown[]) {
      if (shadowSignature(s, last).changed) shadowMap.needsUpdate = true;
      (before as (...a: unknown[]) => void).call(this, renderer, s, camera, ...rest);
    } as Scene['onBeforeRender'];
    invalidate();
    return () => {
      scene.onBeforeRender = before;
      shadowMap.autoUpdate = true;
      invalidate();
    };
  }, [gl, scene, invalidate, enabled]);
  return null;
}
