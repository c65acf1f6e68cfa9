import { useThree } from '@react-three/fiber';
import { useLayoutEffect } from 'react';
import { Vector3 } from 'three';
import { tableToScene, type TablePoint } from './coords';
import { clearDirectFrame } from './DeferredPresent';

/**
 * What the page (outside the canvas) may ask of the live scene: where a table point is on screen,
 * a fresh PNG of the canvas, and a redraw. Filled by {@link SceneBridge} while the canvas is mounted.
 */
export interface SceneHandle {
  /** Client-pixel position of a table-space point under the current camera, or null when behind it. */
  project(p: TablePoint): [number, number] | null;
  /** Renders the current frame and returns the canvas as a PNG data URL (needs `preserveDrawingBuffer`). */
  capturePng(): string;
  /** The canvas element. */
  canvas(): HTMLCanvasElement;
  /** Asks for a redraw (render-on-demand). */
  invalidate(): void;
}

/** A mutable slot the page keeps; {@link SceneBridge} fills it. */
export interface SceneHandleRef {
  current: SceneHandle | null;
}

/** Props of {@link SceneBridge}. */
export interface SceneBridgeProps {
  /** Filled with the live {@link SceneHandle} (cleared on unmount). */
  handle: SceneHandleRef;
  /** Battlefield width, inches. */
  width: number;
  /** Battlefield depth, inches. */
  depth: number;
}

const _v = new Vector3();

/** Publishes a {@link SceneHandle} for the canvas it is mounted in. Draws nothing. */
export function SceneBridge({ handle, width, depth }: SceneBridgeProps) {
  const gl = useThree((s) => s.gl);
  const get = useThree((s) => s.get);
  useLayoutEffect(() => {
    handle.current = {
      project(p) {
        const { camera } = get();
        camera.updateMatrixWorld();
        tableToScene(p, width, depth, _v).project(camera);
        if (_v.z > 1 || _v.z < -1) return null;
        const r = gl.domElement.getBoundingClientRect();
        return [r.left + ((_v.x + 1) / 2) * r.width, r.top + ((1 - _v.y) / 2) * r.height];
      },
      capturePng() {
        const { scene, camera } = get();
        gl.render(scene, camera);
        const png = gl.domElement.toDataURL('image/png');
        // Frames shown off the WebGL canvas (software rasteriser): leave it transparent again.
        clearDirectFrame(gl);
        return png;
      },
      canvas: () => gl.domElement,
      invalidate: () => get().invalidate(),
    };
    return () => {
      handle.current = null;
    };
  }, [handle, gl, get, width, depth]);
  return null;
}
