/**
 * The page's ready signal for browser tests and tools: `document.body.dataset.ready` becomes
 * `'true'` once the scene has been drawn (`'error'` when loading failed), and
 * `window.__sightline` describes what is on the table.
 */

/** What `window.__sightline` holds once the scene is ready. */
export interface SightlineInfo {
  /** The scenario's display name. */
  scenarioName: string;
  /** Models drawn. */
  modelCount: number;
  /** Terrain features drawn. */
  terrainCount: number;
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
