/**
 * Mesh files of a scenario opened from disk, a share link or the autosave: every `src` a scenario
 * names is looked up, in order, among the files the user picked or dropped with it (by file name),
 * the bytes already held for the current battlefield, and the Kenney pieces bundled with the app
 * (`bundled:kenney/castle/vault-gate.glb`, see `src/scenario/bundled.ts`; or, in older files,
 * relative to `assets/scenarios/` as the default scenario names them, `../kenney/castle/vault-gate.glb`). What is found nowhere is reported with its JSON path.
 */
import { bundledAssetPath, bundledSrcOf, foldPath, isBundledSrc, renameMeshSources, resolveRelative } from '../../scenario/bundled';
import { BUNDLED_MESHES } from '../assetUrls';
import { DEFAULT_SCENARIO_PATH, meshSources, type MeshBytes } from '../scenarioSource';

/** A mesh reference in a scenario: its JSON path (`terrain[2].pieces[0].src`) and `src`. */
export interface MeshRef {
  path: string;
  src: string;
}

/** Every mesh `src` of a scenario JSON with its JSON path (no validation). */
export function meshRefs(json: unknown): MeshRef[] {
  const out: MeshRef[] = [];
  const s = json as { terrain?: unknown; units?: unknown } | null;
  if (!s || typeof s !== 'object') return out;
  if (Array.isArray(s.terrain)) {
    s.terrain.forEach((t: { pieces?: unknown } | null, i: number) => {
      if (t && Array.isArray(t.pieces)) {
        t.pieces.forEach((p: { src?: unknown } | null, j: number) => {
          if (p && typeof p.src === 'string') out.push({ path: `terrain[${i}].pieces[${j}].src`, src: p.src });
        });
      }
    });
  }
  if (Array.isArray(s.units)) {
    s.units.forEach((u: { models?: unknown } | null, i: number) => {
      if (u && Array.isArray(u.models)) {
        u.models.forEach((m: { mesh?: { src?: unknown } } | null, j: number) => {
          if (m?.mesh && typeof m.mesh.src === 'string') out.push({ path: `units[${i}].models[${j}].mesh.src`, src: m.mesh.src });
        });
      }
    });
  }
  return out;
}

const baseName = (p: string) => p.slice(p.lastIndexOf('/') + 1).toLowerCase();

/**
 * The served URL of a bundled mesh a `src` names: relative to the default scenario's folder, else
 * as a repository path, else the only bundled file with that name. Null when none.
 */
export function bundledMeshUrl(src: string): string | null {
  if (/^(https?|data|blob):/i.test(src)) return null;
  const direct = bundledAssetOf(src);
  if (direct) return BUNDLED_MESHES.get(direct)!;
  if (isBundledSrc(src)) return null;
  const name = baseName(src);
  const same = [...BUNDLED_MESHES.entries()].filter(([k]) => baseName(k) === name);
  return same.length === 1 ? same[0][1] : null;
}

/**
 * The repository path of the bundled mesh a `src` names by path: `bundled:<path>` (issue 39), else
 * relative to the default scenario's folder (older files), else as a repository path. Null when
 * none (a malformed `bundled:` name included). Unlike {@link bundledMeshUrl}, never by file name alone.
 */
export function bundledAssetOf(src: string): string | null {
  if (isBundledSrc(src)) {
    let asset: string | null;
    try {
      asset = bundledAssetPath(src);
    } catch {
      return null;
    }
    return asset && BUNDLED_MESHES.has(asset) ? asset : null;
  }
  if (/^[a-z]+:/i.test(src)) return null;
  for (const p of [resolveRelative(src, DEFAULT_SCENARIO_PATH), foldPath(src)]) if (BUNDLED_MESHES.has(p)) return p;
  return null;
}

/**
 * A scenario JSON as the app writes it to a file or a link (Save, Share, a dispute): every mesh it
 * names by a path to a bundled mesh renamed `bundled:<path>`, so the file answers wherever it lands
 * (the page, `npm run adjudicate`, `npm run layout`, the server). Meshes of the user's own keep their `src`.
 */
export function portableScenario<T>(scenario: T): T {
  return renameMeshSources(scenario, (src) => {
    if (isBundledSrc(src)) return null;
    const asset = bundledAssetOf(src);
    return asset ? bundledSrcOf(asset) : null;
  });
}

/**
 * How a game carries each mesh of the table it starts on (GAME.md `start`, NETWORK.md create
 * options): a mesh shipped with Sightline by its bundled asset path (`src` → `assets/kenney/...`,
 * whether the table names it `bundled:kenney/...`, as saved files do since issue 39, or
 * `../kenney/...`, as the default scenario and the palette do), any other by its bytes from
 * `meshes` (keyed by `src`; a `src` with neither is left out, for the game to name as missing).
 */
export function gameMeshes(scenario: unknown, meshes: Readonly<Record<string, ArrayBuffer | ArrayBufferView>> = {}): { bundled: Record<string, string>; meshFiles: Record<string, ArrayBuffer | ArrayBufferView> } {
  const bundled: Record<string, string> = {};
  const meshFiles: Record<string, ArrayBuffer | ArrayBufferView> = {};
  for (const src of meshSources(scenario)) {
    const asset = bundledAssetOf(src);
    if (asset) bundled[src] = asset;
    else if (meshes[src]) meshFiles[src] = meshes[src];
  }
  return { bundled, meshFiles };
}

const fetched = new Map<string, Promise<ArrayBuffer>>();

/** Fetches a bundled file once per page (the bytes are copied on every use by the workers anyway). */
function fetchOnce(url: string): Promise<ArrayBuffer> {
  let p = fetched.get(url);
  if (!p) {
    p = fetch(url).then((r) => {
      if (!r.ok) throw new Error(`HTTP ${r.status} fetching ${url}`);
      return r.arrayBuffer();
    });
    p.catch(() => fetched.delete(url));
    fetched.set(url, p);
  }
  return p;
}

/**
 * The bytes of every mesh a scenario names.
 * @param known bytes keyed by `src` (the current battlefield's, the autosave's).
 * @param picked files chosen with the scenario, keyed by lower-case file name.
 * @returns the meshes found (keyed by `src`) and every reference found nowhere.
 */
export async function resolveMeshes(json: unknown, known: MeshBytes = {}, picked: ReadonlyMap<string, ArrayBuffer> = new Map()): Promise<{ meshes: MeshBytes; missing: MeshRef[] }> {
  const meshes: MeshBytes = {};
  const missing: MeshRef[] = [];
  const refs = meshRefs(json);
  await Promise.all(
    refs.map(async (r) => {
      if (meshes[r.src]) return;
      const fromPick = picked.get(baseName(r.src));
      if (fromPick) return void (meshes[r.src] = fromPick);
      if (known[r.src]) return void (meshes[r.src] = known[r.src]);
      const url = bundledMeshUrl(r.src);
      if (url) {
        try {
          meshes[r.src] = await fetchOnce(url);
          return;
        } catch {
          /* reported below */
        }
      }
      missing.push(r);
    }),
  );
  // Report each missing src once per reference, in file order.
  const order = new Map(refs.map((r, i) => [r.path, i]));
  missing.sort((a, b) => order.get(a.path)! - order.get(b.path)!);
  return { meshes, missing: missing.filter((m) => !meshes[m.src]) };
}
