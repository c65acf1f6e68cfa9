import { useEffect, useRef } from 'react';
import type { ToolId } from '../tools/types';

/** What the page's keys do (see {@link useAppKeys}). */
export interface AppKeyHandlers {
  /** The sandbox editor's keys ([ ] turn, Delete / Backspace delete, Esc cancels its Move): true when it took the key. */
  editorKey: (key: string) => boolean;
  /** Play's undo (the panel's Undo), when a battle is on; else Ctrl+Z is `undo`. */
  playUndo: (() => void) | undefined;
  undo: () => void;
  redo: () => void;
  topDown: () => void;
  oblique: () => void;
  toggleGrid: () => void;
  toggleTerritories: () => void;
  toggleCombat: () => void;
  activate: (id: ToolId) => void;
  escape: () => void;
}

/**
 * The page's keyboard, off while typing in a field: Ctrl+Z undo (in Play, the game's undo: the
 * README's Ctrl+Z), Ctrl+Y / Ctrl+Shift+Z redo; the sandbox editor's keys first; T top-down, V
 * oblique, G grid, R territories, C combat ranges, M measure, L line of sight, X move, U ruler,
 * Esc back towards select. W A S D and Q E move the camera (scene/KeyboardCamera.tsx).
 */
export function useAppKeys(handlers: AppKeyHandlers): void {
  const h = useRef(handlers);
  h.current = handlers;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement || e.target instanceof HTMLSelectElement) return;
      const k = e.key.toLowerCase();
      const on = h.current;
      if (e.ctrlKey || e.metaKey) {
        if (k === 'z' && !e.shiftKey) {
          e.preventDefault();
          if (on.playUndo) on.playUndo();
          else on.undo();
        } else if (k === 'y' || (k === 'z' && e.shiftKey)) {
          e.preventDefault();
          on.redo();
        }
        return;
      }
      if (e.altKey) return;
      if (on.editorKey(e.key)) {
        e.preventDefault();
        return;
      }
      if (k === 't') on.topDown();
      else if (k === 'v') on.oblique();
      else if (k === 'g') on.toggleGrid();
      else if (k === 'r') on.toggleTerritories();
      else if (k === 'c') on.toggleCombat();
      else if (k === 'm') on.activate('measure');
      else if (k === 'l') on.activate('los');
      else if (k === 'x') on.activate('move');
      else if (k === 'u') on.activate('ruler');
      else if (k === 'escape') on.escape();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
