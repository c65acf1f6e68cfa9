/**
 * The table view Play was left in (oblique or top-down), kept in the browser so a reload (an
 * online page rejoining, a resumed game) opens the same view (issue 35 item 5: "the camera view
 * resets on reload"). The sandbox keeps its view in its autosave (`files/`).
 */
import { useEffect } from 'react';
import type { CameraView } from '../../scene/types';

const KEY = 'sightline.play.camera';

/** The table view kept for Play ('oblique' when none or unreadable). */
export function keptPlayCamera(): 'oblique' | 'top' {
  try {
    return localStorage.getItem(KEY) === 'top' ? 'top' : 'oblique';
  } catch {
    return 'oblique';
  }
}

/** Keeps the table view while Play is on (the observer's eye is a moment of the line-of-sight tool, not kept). */
export function useKeepPlayCamera(active: boolean, view: CameraView): void {
  useEffect(() => {
    if (!active || view.mode === 'eye') return;
    try {
      localStorage.setItem(KEY, view.mode);
    } catch {
      // Not kept: the next visit opens oblique.
    }
  }, [active, view.mode]);
}
