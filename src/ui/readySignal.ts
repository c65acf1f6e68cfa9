/**
 * The page's ready signal for browser tests and tools: `document.body.dataset.ready` becomes
 * `'true'` once the scene has been drawn AND the engine worker holds the scenario (`'error'` when
 * loading failed), and `window.__sightline` describes what is on the table and exposes the tools
 * (`window.__sightline.tools`, a test hook: drive and read the tools, project table points to
 * screen pixels so a test can click them).
 */
import type { EngineStatus } from './engine/engine';
import type { MoveHistory } from './tools/moveHistory';
import type { PickTarget, ToolId } from './tools/types';

/** The tools' test hook. Everything it reads is what the page shows (engine answers). */
export interface SightlineTools {
  /** The active tool. */
  active(): ToolId;
  /** Activates a tool (as its toolbar button does). */
  activate(id: ToolId): void;
  /** Picks a thing with the active tool (as a click does; `unit` picks are shift-clicks). */
  pick(target: PickTarget): void;
  /** A JSON copy of every tool's state machine. */
  state(): Record<string, unknown>;
  /** Client-pixel position of a table point under the live camera, or null. */
  project(p: [number, number, number]): [number, number] | null;
  /** The table-space top centre of a model as drawn, or null. */
  modelTop(id: string): [number, number, number] | null;
  /** The plan-view centre of a model as drawn, or null. */
  modelCentre(id: string): [number, number] | null;
  /** The undo/redo stack of moves. */
  history(): MoveHistory;
  /** The edits applied so far (bumps after each move, undo and redo once the page shows it). */
  version(): number;
  /** The engine's status. */
  engine(): EngineStatus;
  /** Kills the engine worker as a crash would; resolves once a new worker holds the restored scenario. */
  simulateEngineCrash(): Promise<void>;
  /** The text written on the last exported proof, or null. */
  lastProof(): { headline: string; details: string[]; bytes: number } | null;
  /** The camera asked for now: `eye` with its eye point and look-at point (table space, inches), or the table view's mode. */
  camera(): { mode: 'eye'; eye: [number, number, number]; target: [number, number, number] } | { mode: 'oblique' | 'top' };
}

/** What `window.__sightline` holds once the page is ready. */
export interface SightlineInfo {
  /** The scenario's display name. */
  scenarioName: string;
  /** Models drawn. */
  modelCount: number;
  /** Terrain features drawn. */
  terrainCount: number;
  /** The tools' test hook. */
  tools?: SightlineTools;
  /** The Play mode's test hook (src/ui/play/usePlay.tsx), in Play mode only. */
  play?: import('./play/usePlay').PlayHook;
}

declare global {
  interface Window {
    __sightline?: SightlineInfo;
  }
}

/** Publishes the ready signal. */
export function publishReady(info: SightlineInfo): void {
  window.__sightline = info;
  document.body.dataset.ready = 'true';
}

/** Publishes a loading failure (tests stop waiting and report the problems on the page). */
export function publishError(problems: string[]): void {
  document.body.dataset.ready = 'error';
  document.body.dataset.problems = problems.join('\n');
}
