import { useFrame } from '@react-three/fiber';
import { useRef } from 'react';

/** Props of {@link ReadySignal}. */
export interface ReadySignalProps {
  /** Called once, on the next animation frame after the first frame that rendered the scene. */
  onReady: () => void;
}

/**
 * Fires `onReady` after the scene has actually been drawn once (not merely mounted): the first
 * `useFrame` call marks a render in progress, and the next animation frame follows its paint.
 */
export function ReadySignal({ onReady }: ReadySignalProps) {
  const fired = useRef(false);
  useFrame(() => {
    if (fired.current) return;
    fired.current = true;
    requestAnimationFrame(() => onReady());
  });
  return null;
}
