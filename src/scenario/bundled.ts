/**
 * Location-independent names for the meshes shipped with Sightline (issue 39; an extension of
 * SCENARIO.md, see docs/adjudicator.md "Files that answer where they land"). A mesh `src` of the form
 * `bundled:<path>` (`bundled:kenney/castle/archive-tower-base.glb`) names the asset
 * `assets/<path>` of Sightline itself, wherever the scenario file lies; the page, the CLI and the
 * server resolve it the same. Files the app writes (Save, share links, dispute files) name bundled
 * meshes this way; any other `src` is still a path relative to the scenario file.
 *
 * Older files name bundled meshes relative to `assets/scenarios/` (`../kenney/castle/x.glb`, as the
 * bundled default scenario does): {@link legacyBundledAsset} says which asset such a `src` meant, so
 * a file away from the repository still opens when no file lies at that relative path.
 *
 * Pure: no Node, no DOM.
 * @module
 */

/** The prefix of a bundled mesh `src`. */
export const BUNDLED_PREFIX = 'bundled:';

/** The folder (repository path) that bundled asset paths are relative to. */
export const BUNDLED_ROOT = 'assets/';

/** The repository folder of the bundled scenarios, which older files' relative paths start from. */
const LEGACY_SCENARIO_DIR = 'assets/scenarios';

const SAFE_PATH = /^[A-Za-z0-9_.\-/]+\.(glb|gltf|stl|obj)$/i;

/** True when `src` uses the `bundled:` form (whether or not the asset exists). */
export function isBundledSrc(src: string): boolean {
  return src.startsWith(BUNDLED_PREFIX);
}

/**
 * The repository path (`assets/kenney/castle/x.glb`) of a `bundled:` mesh `src`.
 * @returns null when `src` is not of the `bundled:` form.
 * @throws Error naming `src` when the form is used but the path is not a safe relative path to a
 *   mesh file (empty, absolute, with `..` or `.` segments, or another extension).
 */
export function bundledAssetPath(src: string): string | null {
  if (!isBundledSrc(src)) return null;
  const rest = src.slice(BUNDLED_PREFIX.length);
  const segs = rest.split('/');
  if (!SAFE_PATH.test(rest) || rest.startsWith('/') || segs.some((s) => s === '' || s === '.' || s === '..')) {
    throw new Error(`"${src}" is not a bundled mesh name (expected bundled:<folder>/<file>.glb, a path under Sightline's assets/ without "..")`);
  }
  return `${BUNDLED_ROOT}${rest}`;
}

/** The `bundled:` `src` of an asset's repository path (`assets/kenney/x.glb` → `bundled:kenney/x.glb`); null outside `assets/`. */
export function bundledSrcOf(assetPath: string): string | null {
  const p = foldPath(assetPath);
  return p.startsWith(BUNDLED_ROOT) && p.length > BUNDLED_ROOT.length ? `${BUNDLED_PREFIX}${p.slice(BUNDLED_ROOT.length)}` : null;
}

/**
 * The repository path an older file's relative `src` meant when it named a bundled mesh the way
 * the bundled scenarios do (relative to `assets/scenarios/`, e.g. `../kenney/castle/x.glb`), or a
 * repository path (`assets/kenney/...`). Null when it points outside `assets/` (then it is only a
 * file beside the scenario). Whether the asset exists is the caller's question.
 */
export function legacyBundledAsset(src: string): string | null {
  if (isBundledSrc(src) || /^[a-z]+:/i.test(src) || src.startsWith('/')) return null;
  const asRepoPath = foldPath(src);
  if (asRepoPath.startsWith(BUNDLED_ROOT) && !src.startsWith('.')) return asRepoPath;
  const p = resolveRelative(src, `${LEGACY_SCENARIO_DIR}/scenario.json`);
  return p.startsWith(BUNDLED_ROOT) && p !== LEGACY_SCENARIO_DIR ? p : null;
}

/**
 * The repository path of a mesh `src` named by a scenario at repository path `from`: relative to
 * its folder (an absolute `src` from the root), folded by {@link foldPath}:
 * `resolveRelative('../kenney/x.glb', 'assets/scenarios/default.json')` is `assets/kenney/x.glb`.
 * The one path resolution of the page, the game and the server.
 */
export function resolveRelative(src: string, from: string): string {
  if (src.startsWith('/')) return foldPath(src);
  const dir = from.includes('/') ? from.slice(0, from.lastIndexOf('/')) : '';
  return foldPath(`${dir}/${src}`);
}

/** POSIX folding of `.` and `..` segments, never above the root; no leading slash. */
export function foldPath(path: string): string {
  const out: string[] = [];
  for (const seg of path.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') out.pop();
    else out.push(seg);
  }
  return out.join('/');
}

/**
 * A copy of a scenario JSON with every mesh `src` (terrain pieces and model meshes) that `rename`
 * maps to a new name renamed; other values untouched (no validation). Used to write files whose
 * bundled meshes are named `bundled:...`.
 * @param rename returns the new `src`, or null to keep it.
 */
export function renameMeshSources<T>(scenario: T, rename: (src: string) => string | null): T {
  const s = scenario as { terrain?: unknown; units?: unknown } | null;
  if (!s || typeof s !== 'object') return scenario;
  const out: Record<string, unknown> = { ...(s as Record<string, unknown>) };
  if (Array.isArray(s.terrain)) {
    out.terrain = s.terrain.map((t: { pieces?: unknown } | null) =>
      t && Array.isArray(t.pieces)
        ? { ...t, pieces: t.pieces.map((p: { src?: unknown } | null) => (p && typeof p.src === 'string' ? { ...p, src: rename(p.src) ?? p.src } : p)) }
        : t,
    );
  }
  if (Array.isArray(s.units)) {
    out.units = s.units.map((u: { models?: unknown } | null) =>
      u && Array.isArray(u.models)
        ? {
            ...u,
            models: u.models.map((m: { mesh?: { src?: unknown } } | null) =>
              m?.mesh && typeof m.mesh.src === 'string' ? { ...m, mesh: { ...m.mesh, src: rename(m.mesh.src) ?? m.mesh.src } } : m,
            ),
          }
        : u,
    );
  }
  return out as T;
}
