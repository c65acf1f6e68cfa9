import { AdaptiveDpr } from '@react-three/drei';
import { useThree } from '@react-three/fiber';
import { useEffect } from 'react';

/**
 * Lower resolution while the camera moves: drei's `AdaptiveDpr` sets the canvas pixel ratio to
 * R3F's `performance.current` times the initial one, so when the orbit controls `regress()` (on
 * every camera change) the table is drawn at `performance.min` of its pixels, and at full
 * resolution again `performance.debounce` ms after the last change. With a software rasteriser a
 * frame costs roughly in proportion to its pixels, so orbiting stays responsive; a still camera
 * (screenshots, PNG proofs, reading the table) always gets the full picture.
 *
 * The canvas carries `data-regressed` while it is drawn at the lower resolution, for tools and
 * tests that must wait for the full picture.
 */
export function AdaptiveResolution() {
  const canvas = useThree((s) => s.gl.domElement);
  const current = useThree((s) => s.performance.current);
  useEffect(() => {
    canvas.toggleAttribute('data-regressed', current < 1);
  }, [canvas, current]);
  return <AdaptiveDpr />;
}
