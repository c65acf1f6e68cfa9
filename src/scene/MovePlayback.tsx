import { useEffect, useRef, useState } from 'react';
import { MoveGhost } from './MoveGhost';
import type { ModelView } from './types';

/** Props of {@link MovePlayback}. Table space (inches, z up). */
export interface MovePlaybackProps {
  /** The models that move, where they stand before the move. */
  models: ModelView[];
  /** Each model's path after its start, plan-view inches (the move action's paths: the last point is its end). */
  paths: Record<string, readonly (readonly [number, number])[]>;
  /** Colour of a model's army. */
  colorOf: (m: ModelView) => string;
  /** How long the move takes on screen, ms. Default 900. */
  durationMs?: number;
  /** Called once, when every model reached its end. */
  onDone: () => void;
}

/** The point `share` (0..1) of the way along a polyline, by length. */
export function alongPath(points: readonly (readonly [number, number])[], share: number): [number, number] {
  if (points.length === 1) return [points[0][0], points[0][1]];
  const lengths = points.slice(1).map((p, i) => Math.hypot(p[0] - points[i][0], p[1] - points[i][1]));
  const total = lengths.reduce((a, b) => a + b, 0);
  let left = Math.min(1, Math.max(0, share)) * total;
  for (let i = 0; i < lengths.length; i++) {
    if (left <= lengths[i] || i === lengths.length - 1) {
      const t = lengths[i] > 0 ? Math.min(1, left / lengths[i]) : 1;
      return [points[i][0] + (points[i + 1][0] - points[i][0]) * t, points[i][1] + (points[i + 1][1] - points[i][1]) * t];
    }
    left -= lengths[i];
  }
  const last = points[points.length - 1];
  return [last[0], last[1]];
}

/**
 * Another player's move played on the table (online play): each model's ghost travels its path
 * from where it stands to its end over `durationMs` (the drawn path as the move tool draws it), then
 * `onDone` (the page then moves the models there). Frames follow the page's animation frames.
 */
export function MovePlayback({ models, paths, colorOf, durationMs = 900, onDone }: MovePlaybackProps) {
  const [share, setShare] = useState(0);
  const done = useRef(false);
  const finish = useRef(onDone);
  finish.current = onDone;
  useEffect(() => {
    const start = performance.now();
    let raf = 0;
    const end = () => {
      if (done.current) return;
      done.current = true;
      finish.current();
    };
    const tick = () => {
      const s = Math.min(1, (performance.now() - start) / durationMs);
      setShare(s);
      if (s < 1) raf = requestAnimationFrame(tick);
      else end();
    };
    raf = requestAnimationFrame(tick);
    // A page whose animation frames are held (a hidden tab) still ends the move.
    const late = setTimeout(end, durationMs + 400);
    return () => {
      cancelAnimationFrame(raf);
      clearTimeout(late);
    };
  }, [durationMs]);
  return (
    <group name="move-playback">
      {models.map((m) => {
        const path = paths[m.id];
        if (!path?.length) return null;
        const full: [number, number][] = [[m.footprint.x, m.footprint.y], ...path.map((p) => [p[0], p[1]] as [number, number])];
        return <MoveGhost key={m.id} model={m} to={alongPath(full, share)} legal={true} color={colorOf(m)} path={full} />;
      })}
    </group>
  );
}
