/**
 * Where the page's scenario comes from and how its files are fetched: the bundled default
 * (`assets/scenarios/default.json`), or the URL named by the page's `?scenario=` parameter
 * (resolved against the page, e.g. `?scenario=/fixtures/tools.json` or
 * `?scenario=https://example.org/battle.json`). Fetching is I/O only: the JSON is parsed, never
 * validated or measured here (the engine worker does that).
 */
import defaultScenarioUrl from '../../assets/scenarios/default.json?url';
import { bundledAssetPath, foldPath, isBundledSrc, resolveRelative } from '../scenario/bundled';
import { BUNDLED_MESHES } from './assetUrls';

/** Repository path of the default scenario (mesh `src` paths are relative to it). */
export const DEFAULT_SCENARIO_PATH = 'assets/scenarios/default.json';

/** Mesh files keyed exactly by the `src` the scenario names (raw bytes). */
export type MeshBytes = Record<string, ArrayBuffer>;

/** A fetched scenario: its parsed JSON (not yet validated) and the bytes of every mesh it names. */
export interface ScenarioSource {
  /** The parsed JSON, to be validated by the engine. */
  json: unknown;
  /** Mesh files keyed by `src`. */
  meshes: MeshBytes;
  /** Where it came from (shown when the file has no name). */
  label: string;
  /** Display name when the file has none. */
  fallbackName: string;
}

/** A scenario that could not be fetched or parsed: every problem, each led by a path. */
export class ScenarioFetchError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'ScenarioFetchError';
  }
}

/** The `?scenario=` parameter of a page URL, or null when absent or empty. */
export function scenarioParam(search: string = window.location.search): string | null {
  const v = new URLSearchParams(search).get('scenario');
  return v && v.trim() ? v.trim() : null;
}

/** Every mesh `src` a scenario JSON names (terrain pieces and model meshes), without validating it. */
export function meshSources(json: unknown): string[] {
  const out = new Set<string>();
  const s = json as { terrain?: { pieces?: { src?: unknown }[] }[]; units?: { models?: { mesh?: { src?: unknown } }[] }[] } | null;
  if (!s || typeof s !== 'object') return [];
  for (const t of Array.isArray(s.terrain) ? s.terrain : []) {
    for (const p of Array.isArray(t?.pieces) ? t.pieces : []) if (typeof p?.src === 'string') out.add(p.src);
  }
  for (const u of Array.isArray(s.units) ? s.units : []) {
    for (const m of Array.isArray(u?.models) ? u.models : []) if (typeof m?.mesh?.src === 'string') out.add(m.mesh.src);
  }
  return [...out];
}

async function fetchBytes(url: string, what: string): Promise<ArrayBuffer> {
  let res: Response;
  try {
    res = await fetch(url);
  } catch (e) {
    throw new Error(`${what}: could not fetch ${url} (${(e as Error).message})`);
  }
  if (!res.ok) throw new Error(`${what}: HTTP ${res.status} fetching ${url}`);
  return res.arrayBuffer();
}

/**
 * Resolves a mesh `src` of a scenario served at `scenarioUrl`: `bundled:<path>` (Sightline's own
 * asset, wherever the scenario lies; throws when no such asset is bundled), a file bundled with the app whose
 * repository path matches (the scenario URL's path taken as a repository path), else the URL
 * relative to the scenario.
 */
export function meshUrl(src: string, scenarioUrl: URL, scenarioRepoPath: string | null): string {
  if (/^(https?|data|blob):/i.test(src)) return src;
  if (isBundledSrc(src)) {
    let asset: string | null = null;
    try {
      asset = bundledAssetPath(src);
    } catch {
      /* a malformed name: not bundled */
    }
    const url = asset ? BUNDLED_MESHES.get(asset) : undefined;
    if (url) return url;
    throw new Error(`${src}: no such mesh is bundled with this version of Sightline`);
  }
  if (scenarioRepoPath) {
    const bundled = BUNDLED_MESHES.get(resolveRelative(src, scenarioRepoPath));
    if (bundled) return bundled;
  }
  const viaUrl = BUNDLED_MESHES.get(foldPath(new URL(src, scenarioUrl).pathname.replace(/^\/+/, '')));
  return viaUrl ?? new URL(src, scenarioUrl).href;
}

/**
 * Fetches the page's scenario: the `?scenario=` URL when given, else the bundled default, with the
 * bytes of every mesh it names (so the engine worker never needs to resolve paths itself).
 * @throws ScenarioFetchError when the file or a mesh cannot be fetched, or the file is not JSON.
 */
export async function fetchScenario(param: string | null = scenarioParam()): Promise<ScenarioSource> {
  const fromParam = param !== null;
  const url = new URL(fromParam ? param : defaultScenarioUrl, document.baseURI);
  const repoPath = fromParam ? null : DEFAULT_SCENARIO_PATH;
  const label = fromParam ? param : DEFAULT_SCENARIO_PATH;
  let text: string;
  try {
    text = new TextDecoder().decode(await fetchBytes(url.href, '(file)'));
  } catch (e) {
    throw new ScenarioFetchError([(e as Error).message]);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new ScenarioFetchError([`(file): ${label} is not valid JSON: ${(e as Error).message}`]);
  }
  const meshes: MeshBytes = {};
  const problems: string[] = [];
  await Promise.all(
    meshSources(json).map(async (src) => {
      try {
        meshes[src] = await fetchBytes(meshUrl(src, url, repoPath), src);
      } catch (e) {
        problems.push(`(mesh) ${(e as Error).message}`);
      }
    }),
  );
  if (problems.length) throw new ScenarioFetchError(problems.sort());
  const base = label.split('/').pop() ?? label;
  return { json, meshes, label, fallbackName: fromParam ? base.replace(/\.json$/i, '') : 'Default battlefield' };
}
