/**
 * Bundled mesh files: every Kenney glTF binary under assets/kenney, mapped from its repository
 * path (`assets/kenney/castle/vault-gate.glb`) to the URL vite serves it at. Scenario `mesh.src`
 * paths are resolved relative to the scenario file, then looked up here.
 */
const GLB_URLS = import.meta.glob('../../assets/kenney/**/*.glb', { query: '?url', import: 'default', eager: true }) as Record<string, string>;

/** Repository path (no leading slash) -> served URL. */
export const BUNDLED_MESHES: ReadonlyMap<string, string> = new Map(
  Object.entries(GLB_URLS).map(([key, url]) => [normalizePath(key.replace(/^(\.\.\/)+/, '')), url]),
);

/** Normalises a POSIX path: removes `.` segments and folds `..` (never above the root). */
export function normalizePath(path: string): string {
  const out: string[] = [];
  for (const seg of path.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') out.pop();
    else out.push(seg);
  }
  return out.join('/');
}

/** Resolves `src` relative to the folder of the repository file `from` (e.g. a scenario path). */
export function resolveRelative(src: string, from: string): string {
  if (src.startsWith('/')) return normalizePath(src);
  const dir = from.includes('/') ? from.slice(0, from.lastIndexOf('/')) : '';
  return normalizePath(`${dir}/${src}`);
}

/**
 * The served URL of a mesh named by a scenario at repository path `scenarioPath`, or null when
 * no such file is bundled. Absolute URLs (http:, https:, data:, blob:) pass through unchanged.
 */
export function meshUrlFor(src: string, scenarioPath: string): string | null {
  if (/^(https?|data|blob):/i.test(src)) return src;
  return BUNDLED_MESHES.get(resolveRelative(src, scenarioPath)) ?? null;
}
