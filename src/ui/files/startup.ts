/**
 * What the page opens on start, in order: a share link in the URL hash (`#share=...`), a
 * `?scenario=` URL, the autosaved battlefield (IndexedDB), else the bundled default. The App's
 * `source` prop defaults to {@link startupSource}. Also keeps the mesh files of the battlefield on
 * the table ({@link currentFiles}), which layout edits reload with.
 */
import { DEFAULT_VIEW_SETTINGS, readSaved, type ViewSettings } from '../persist/autosave';
import { fetchScenario, ScenarioFetchError, scenarioParam, type MeshBytes, type ScenarioSource } from '../scenarioSource';
import { resolveMeshes } from './meshes';
import { decodeShare, shareTokenFromHash } from './share';

/** Where the first battlefield came from. */
export type StartupOrigin = 'share' | 'param' | 'autosave' | 'default';

/** What {@link startupSource} found. */
export interface StartupInfo {
  origin: StartupOrigin;
  /** View settings to restore (autosave only). */
  view?: ViewSettings;
  /** A note for the user (e.g. why the autosave was not used). */
  note?: string;
}

/** The files of the battlefield on the table. */
export interface CurrentFiles {
  meshes: MeshBytes;
  label: string;
  fallbackName: string;
}

let info: StartupInfo | null = null;
let current: CurrentFiles = { meshes: {}, label: '', fallbackName: 'Untitled battlefield' };

/** How the page started (null until {@link startupSource} ran). */
export function startupInfo(): StartupInfo | null {
  return info;
}

/** The mesh files and label of the battlefield on the table. */
export function currentFiles(): CurrentFiles {
  return current;
}

/** Records the files of a battlefield that was just loaded. */
export function setCurrentFiles(files: CurrentFiles): void {
  current = files;
}

function remember(src: ScenarioSource, i: StartupInfo): ScenarioSource {
  info = i;
  current = { meshes: src.meshes, label: src.label, fallbackName: src.fallbackName };
  return src;
}

/** Loads a share token into a {@link ScenarioSource}. */
export async function shareSource(token: string): Promise<ScenarioSource> {
  let json: unknown;
  try {
    json = await decodeShare(token);
  } catch (e) {
    throw new ScenarioFetchError([`(share link): ${(e as Error).message}`]);
  }
  const { meshes, missing } = await resolveMeshes(json);
  if (missing.length) {
    throw new ScenarioFetchError(missing.map((m) => `${m.path}: the mesh "${m.src}" is not bundled with Sightline, so a share link cannot bring it`));
  }
  return { json, meshes, label: 'share link', fallbackName: 'Shared battlefield' };
}

/**
 * The page's first scenario (see the module comment). Never fails over to another source when a
 * share link or `?scenario=` is given: their problems are shown. A damaged autosave is skipped.
 */
export async function startupSource(): Promise<ScenarioSource> {
  const token = shareTokenFromHash();
  if (token) {
    info = { origin: 'share' };
    return remember(await shareSource(token), info);
  }
  const param = scenarioParam();
  if (param) {
    info = { origin: 'param' };
    return remember(await fetchScenario(param), info);
  }
  let note: string | undefined;
  try {
    const saved = await readSaved();
    if (saved) {
      const { meshes, missing } = await resolveMeshes(saved.saved.scenario, saved.meshes);
      if (!missing.length) {
        return remember(
          { json: saved.saved.scenario, meshes, label: saved.saved.label || 'autosave', fallbackName: saved.saved.fallbackName || 'Untitled battlefield' },
          { origin: 'autosave', view: { ...DEFAULT_VIEW_SETTINGS, ...saved.saved.view } },
        );
      }
      note = `The autosaved battlefield could not be restored (${missing.map((m) => m.src).join(', ')} missing); the default battlefield was opened.`;
    }
  } catch (e) {
    note = `The autosave could not be read (${(e as Error).message}); the default battlefield was opened.`;
  }
  if (note) console.warn(`Sightline: ${note}`);
  return remember(await fetchScenario(null), { origin: 'default', note });
}
