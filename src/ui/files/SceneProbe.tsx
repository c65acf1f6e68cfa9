import { useThree, type RootState } from '@react-three/fiber';
import { useLayoutEffect } from 'react';

/** A slot filled with the live canvas's state getter (renderer, camera, controls, invalidate). */
export interface SceneProbeRef {
  current: (() => RootState) | null;
}

/** Publishes the canvas state it is mounted in to `probe` (for the test hook). Draws nothing. */
export function SceneProbe({ probe }: { probe: SceneProbeRef }) {
  const get = useThree((s) => s.get);
  useLayoutEffect(() => {
    probe.current = get;
    return () => {
      probe.current = null;
    };
  }, [get, probe]);
  return null;
}
