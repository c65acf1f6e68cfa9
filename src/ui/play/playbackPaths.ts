import type { Point2 } from '../tools/types';

/**
 * The paths another player's accepted actions move models along, for the table to play them
 * (online play, `MovePlayback`): a move's paths (`move`), a pile-in's (`fight` with `pileIn`), and
 * a set-up's (`deployUnit` in the deployment phase, `setUpReserve`): each model from where it is
 * shown to its position, a one-point path (a straight glide; an undeployed model is shown where
 * the automatic set-up would put it). Plan-view inches, keyed by model id; a later action's path
 * of a model replaces an earlier one's. Actions of any other kind move nothing.
 */
export function playbackPaths(actions: readonly unknown[]): Record<string, Point2[]> {
  const paths: Record<string, Point2[]> = {};
  for (const a of actions as { type?: string; paths?: Record<string, Point2[]>; pileIn?: { paths?: Record<string, Point2[]> }; positions?: Record<string, Point2> }[]) {
    const p = a.type === 'move' ? a.paths : a.type === 'fight' ? a.pileIn?.paths : undefined;
    for (const [id, path] of Object.entries(p ?? {})) if (Array.isArray(path) && path.length) paths[id] = path;
    if (a.type === 'deployUnit' || a.type === 'setUpReserve')
      for (const [id, at] of Object.entries(a.positions ?? {})) if (Array.isArray(at) && at.length === 2) paths[id] = [at];
  }
  return paths;
}
