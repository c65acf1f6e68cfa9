/**
 * The player's "reduce motion" wish (the browser's `prefers-reduced-motion: reduce`, set in the
 * operating system's accessibility settings): where it holds, what only moves for the eye is
 * instant instead of animated: a model placed lands at once (no drop and bounce), another
 * player's move is shown at its end (no glide along its path), the camera stops where the drag
 * leaves it (no damping glide), the sandbox dice tray shows its dice at rest, and the game's dice
 * go straight to the tray unless the player chose to throw them onto the table. Nothing the rules
 * decide depends on it: positions, faces and verdicts are the same either way.
 */
import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

/** The media query list, or null where there is none (node, a worker, an old browser). */
function mediaQuery(): MediaQueryList | null {
  try {
    return typeof matchMedia === 'function' ? matchMedia(QUERY) : null;
  } catch {
    return null;
  }
}

/** True when the browser asks for reduced motion now (false where it cannot say). */
export function prefersReducedMotion(): boolean {
  return mediaQuery()?.matches ?? false;
}

/** Calls `onChange` whenever the wish changes; returns the unsubscribe. */
export function onReducedMotionChange(onChange: () => void): () => void {
  const q = mediaQuery();
  if (!q) return () => undefined;
  q.addEventListener('change', onChange);
  return () => q.removeEventListener('change', onChange);
}

/** React hook: {@link prefersReducedMotion}, re-rendering when the wish changes. */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(onReducedMotionChange, prefersReducedMotion, () => false);
}
