/**
 * Autosave of the battlefield in IndexedDB (database `sightline`): the engine's current scenario
 * (`getScenario()`, every edit applied) and the view settings under `state/last`, and the mesh
 * files the scenario names under `meshes/<src>` (written only when a new battlefield is loaded, so
 * a move costs one small write). Restored on start (see `src/ui/files/startup.ts`).
 */
import type { MeshBytes } from '../scenarioSource';
import { KeyValueDb } from './idb';

/** The camera presets a view can be restored to. */
export type CameraPreset = 'oblique' | 'top';

/** View settings saved with the battlefield. */
export interface ViewSettings {
  showGrid: boolean;
  showTerritories: boolean;
  camera: CameraPreset;
}

/** The view of a fresh page. */
export const DEFAULT_VIEW_SETTINGS: ViewSettings = { showGrid: false, showTerritories: true, camera: 'oblique' };

/** What `state/last` holds. */
export interface SavedBattlefield {
  /** Format version of this record. */
  format: 1;
  /** SCENARIO.md JSON, as the engine's `getScenario()` returned it. */
  scenario: unknown;
  /** Where the battlefield first came from (shown in messages). */
  label: string;
  /** Display name when the scenario has none. */
  fallbackName: string;
  view: ViewSettings;
  /** `Date.now()` of the write. */
  savedAt: number;
  /** The page's edit counter when it was written (tests wait for it). */
  version: number;
}

const db = new KeyValueDb('sightline', 1, ['state', 'meshes']);
const STATE = 'state';
const MESHES = 'meshes';
const LAST = 'last';

function isView(v: unknown): v is ViewSettings {
  const o = v as ViewSettings | null;
  return !!o && typeof o.showGrid === 'boolean' && typeof o.showTerritories === 'boolean' && (o.camera === 'oblique' || o.camera === 'top');
}

/** The saved battlefield and its mesh files, or null when nothing (usable) is saved. */
export async function readSaved(): Promise<{ saved: SavedBattlefield; meshes: MeshBytes } | null> {
  const saved = await db.get<SavedBattlefield>(STATE, LAST);
  if (!saved || saved.format !== 1 || typeof saved.scenario !== 'object' || saved.scenario === null) return null;
  if (!isView(saved.view)) saved.view = { ...DEFAULT_VIEW_SETTINGS };
  const meshes: MeshBytes = {};
  for (const [k, v] of await db.entries<ArrayBuffer>(MESHES)) meshes[k] = v;
  return { saved, meshes };
}

/** Forgets the saved battlefield. */
export function clearSaved(): Promise<void> {
  return db.clear(STATE, MESHES);
}

interface Job {
  saved: SavedBattlefield;
  meshes?: MeshBytes;
}

/**
 * Serialises autosave writes: at most one in flight, and only the newest pending state is written
 * next (latest wins; mesh files of a skipped write are carried over). Failures are reported once
 * to the console and never thrown at the page.
 */
export class Autosaver {
  private pending: Job | null = null;
  private running = false;
  private waiters: (() => void)[] = [];
  private warned = false;
  /** Writes completed. */
  writes = 0;
  /** `version` of the last state written, or -1. */
  savedVersion = -1;
  /** The last write error, if any. */
  lastError: string | null = null;

  /**
   * Queues a write of `saved` (and, when given, replaces the stored mesh files with `meshes`).
   * Resolves once this state, or a newer one, is on disk (or failed).
   */
  save(saved: SavedBattlefield, meshes?: MeshBytes): Promise<void> {
    const carried = meshes ?? this.pending?.meshes;
    this.pending = { saved, meshes: carried };
    const p = new Promise<void>((resolve) => this.waiters.push(resolve));
    void this.pump();
    return p;
  }

  private async pump(): Promise<void> {
    if (this.running) return;
    this.running = true;
    while (this.pending) {
      const job = this.pending;
      this.pending = null;
      const waiters = this.waiters;
      this.waiters = [];
      try {
        if (job.meshes) {
          const bytes: Record<string, ArrayBuffer> = {};
          for (const [k, v] of Object.entries(job.meshes)) bytes[k] = v;
          await db.replace(MESHES, bytes, [{ store: STATE, key: LAST, value: job.saved }]);
        } else {
          await db.put(STATE, LAST, job.saved);
        }
        this.writes++;
        this.savedVersion = job.saved.version;
        this.lastError = null;
      } catch (e) {
        this.lastError = (e as Error).message;
        if (!this.warned) console.warn('Sightline: autosave failed (the battlefield will not be restored on reload):', e);
        this.warned = true;
      }
      for (const w of waiters) w();
    }
    this.running = false;
  }
}
