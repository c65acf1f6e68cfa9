import { useLayoutEffect, useRef } from 'react';
import type { DirectionalLight } from 'three';

/** Props of {@link Lights}. */
export interface LightsProps {
  /** Half the larger table dimension plus margin, inches: sizes the shadow camera. Default 36. */
  extent?: number;
  /** Shadow map size in texels. Default 2048. */
  shadowMapSize?: number;
}

/**
 * Soft tabletop lighting in SCENE space (y up): a sky/ground hemisphere, a warm key light from
 * the south-west casting shadows over the whole table, and a cool rim light from the north.
 */
export function Lights({ extent = 36, shadowMapSize = 2048 }: LightsProps) {
  const key = useRef<DirectionalLight>(null);
  useLayoutEffect(() => {
    const l = key.current;
    if (!l) return;
    const cam = l.shadow.camera;
    cam.left = -extent;
    cam.right = extent;
    cam.top = extent;
    cam.bottom = -extent;
    cam.near = 1;
    cam.far = 200;
    cam.updateProjectionMatrix();
    l.target.position.set(0, 0, 0);
    l.target.updateMatrixWorld();
  }, [extent]);
  return (
    <>
      <hemisphereLight args={['#dfe8ff', '#3b3226', 1.1]} />
      <ambientLight intensity={0.25} />
      <directionalLight
        ref={key}
        position={[-32, 62, 38]}
        intensity={2.3}
        color="#fff3e0"
        castShadow
        shadow-mapSize={[shadowMapSize, shadowMapSize]}
        shadow-bias={-0.0004}
        shadow-normalBias={0.03}
      />
      <directionalLight position={[30, 30, -45]} intensity={0.55} color="#b9ccff" />
    </>
  );
}
