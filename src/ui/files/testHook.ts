/**
 * `window.__sightlineFiles`: the test hook of the files, palette, autosave and dice features (and
 * of the perf script). Reads what the page shows; drives nothing a user could not.
 */

import type { EngineStats } from '../../client/engineClient';

/** What `window.__sightlineFiles` offers once the page is ready. */
export interface SightlineFilesHook {
  /** Where the first battlefield came from (`share`, `param`, `autosave`, `default`). */
  startup(): string | null;
  /** The page's edit counter (bumps after every move, placement and load, once drawn). */
  version(): number;
  /** True while an open, load or placement is running. */
  busy(): boolean;
  /** The engine's current scenario (`getScenario()`), every edit applied. */
  scenario(): Promise<unknown>;
  /** The engine worker's diagnostics (`EngineApi.stats`: version, jobs, its visibility helper thread). */
  engineStats(): Promise<EngineStats>;
  /** Autosave progress: writes done, the edit counter of the last state written, the last error. */
  autosave(): { writes: number; savedVersion: number; lastError: string | null };
  /** Opens the dice tray showing these faces (as the engine would give them). */
  rollDice(faces: number[], seed?: number): void;
  /** The faces asked for, and those read back from the resting dice (null while rolling). */
  dice(): { rolls: number[]; settled: number[] | null };
  /** The main renderer's counters for the last frame drawn. */
  renderInfo(): { calls: number; triangles: number; geometries: number; textures: number; programs: number } | null;
  /** Turns the camera around its target by `degrees` (about the vertical) and redraws. */
  orbit(degrees: number): void;
  /** Wraps the main renderer's `render` to time it; returns the durations (ms) since the last call and restarts. */
  renderTimes(): number[];
  /** The model volumes the line-of-sight overlay draws now (issue 39, `RuleVolumes`), by model id, read from the live scene: `blocking` the models whose contact with the drawn line is highlighted, `share` each one's highlighted and whole surface (square inches); null when none is drawn. */
  ruleVolumes(): { plain: string[]; blocking: string[]; share: { id: string; highlighted: number; whole: number }[] } | null;
  /** A PNG data URL of the main canvas (drawn now). */
  capture(): string | null;
}

declare global {
  interface Window {
    __sightlineFiles?: SightlineFilesHook;
  }
}

export {};
