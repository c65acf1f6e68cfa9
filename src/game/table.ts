/**
 * The table a game is played on: a scenario (`shared/contract/SCENARIO.md`, the one table format)
 * and the mesh files it names, carried so that a saved game is self-contained (GAME.md: `act`,
 * `state` and `options` work from any folder, even when the scenario's mesh files are gone).
 *
 * A mesh file is carried as a **bundled-asset id** (`{"bundled": "assets/kenney/castle/vault-gate.glb"}`,
 * a file shipped with Sightline) or as its **triangles** (`{"positions": "<base64>"}`: the parsed
 * triangle soup, 9 little-endian float32 per triangle, in the file's own units and axes, exactly
 * what `parseMeshFile` gave), so any format the loader reads (glTF with external buffers
 * included) travels the same way and loads without parsing.
 *
 * @module
 */
import { z } from 'zod';
import { parseMeshFile, type MeshTriangles } from '../scenario/meshLoader';
import { resolveRelative } from '../scenario/bundled';
import type { LoadedMeshes } from '../scenario/build';

/** How a saved game carries one mesh file (see the module notes). */
export const MeshRefSchema = z.union([
  z.strictObject({ bundled: z.string().regex(/^assets\/[A-Za-z0-9_./-]+\.(glb|gltf|stl|obj)$/, 'a bundled asset is a path under assets/ ending in .glb, .gltf, .stl or .obj').refine((p) => !p.split('/').includes('..'), 'must not contain ".."') }),
  z.strictObject({ positions: z.string().max(200_000_000) }),
]);
/** One carried mesh file. */
export type MeshRef = z.infer<typeof MeshRefSchema>;

/** Reads a bundled asset's bytes by its repository path (`assets/kenney/...`). */
export type BundledMeshReader = (path: string) => Promise<ArrayBuffer | ArrayBufferView>;

/**
 * The repository path of a mesh `src` named by a scenario at repository path `from` (POSIX
 * folding of `.` and `..`, never above the root): `repoPathOf('../kenney/x.glb',
 * 'assets/scenarios/default.json')` is `assets/kenney/x.glb`. The same function as
 * `resolveRelative` (src/scenario/bundled.ts), under the name the game code uses.
 */
export const repoPathOf: (src: string, from: string) => string = resolveRelative;

/** Float32 triangles → base64 (little-endian), for {@link MeshRef} `positions`. */
export function positionsToBase64(positions: Float32Array): string {
  const bytes = new Uint8Array(positions.length * 4);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < positions.length; i++) view.setFloat32(i * 4, positions[i], true);
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
}

/**
 * base64 → Float32 triangles.
 * @throws Error when the text is not base64, not a whole number of triangles, or holds a non-finite number.
 */
export function base64ToPositions(text: string): Float32Array {
  let bin: string;
  try {
    bin = atob(text);
  } catch {
    throw new Error('not valid base64');
  }
  if (bin.length === 0 || bin.length % 36 !== 0) throw new Error(`${bin.length} bytes is not a whole number of triangles (36 bytes each)`);
  const view = new DataView(new ArrayBuffer(bin.length));
  for (let i = 0; i < bin.length; i++) view.setUint8(i, bin.charCodeAt(i));
  const out = new Float32Array(bin.length / 4);
  for (let i = 0; i < out.length; i++) {
    const v = view.getFloat32(i * 4, true);
    if (!Number.isFinite(v)) throw new Error(`coordinate ${i} is not a finite number`);
    out[i] = v;
  }
  return out;
}

/** Parsed bundled meshes, by path, for the life of the process (they never change). */
const bundledCache = new Map<string, Promise<MeshTriangles>>();

/**
 * A bundled asset's triangles (`parseMeshFile` of its bytes), read and parsed once per process
 * and shared by every game (read-only: the World takes placed copies).
 * @param path - the asset's repository path (`assets/kenney/...`).
 * @param readBundled - reads the asset's bytes.
 * @throws Error (rejects) when it cannot be read or parsed; a later call tries again.
 */
export function loadBundledMesh(path: string, readBundled: BundledMeshReader): Promise<MeshTriangles> {
  let pending = bundledCache.get(path);
  if (!pending) {
    pending = readBundled(path).then((bytes) => parseMeshFile(bytes, path));
    bundledCache.set(path, pending);
    pending.catch(() => bundledCache.delete(path));
  }
  return pending;
}

/**
 * The triangles of every carried mesh, keyed by the `src` the scenario names (ready for
 * `scenarioToWorldInputSync`).
 * @param meshes - `src` → {@link MeshRef}.
 * @param readBundled - reads a bundled asset (Node: from the checkout; a worker: fetched).
 * @returns the meshes, or every problem, each led by `meshes["src"]`.
 */
export async function loadCarriedMeshes(
  meshes: Readonly<Record<string, MeshRef>>,
  readBundled: BundledMeshReader,
): Promise<{ ok: true; meshes: Map<string, MeshTriangles> } | { ok: false; problems: string[] }> {
  const out = new Map<string, MeshTriangles>();
  const problems: string[] = [];
  for (const [src, ref] of Object.entries(meshes)) {
    const at = `meshes[${JSON.stringify(src)}]`;
    try {
      if ('positions' in ref) out.set(src, { positions: base64ToPositions(ref.positions) });
      else out.set(src, await loadBundledMesh(ref.bundled, readBundled));
    } catch (e) {
      problems.push(`${at}: ${(e as Error).message}`);
    }
  }
  return problems.length ? { ok: false, problems } : { ok: true, meshes: out };
}

/**
 * How to carry each mesh a table names: bundled when `bundledPathOf(src)` names a shipped asset,
 * else its parsed triangles.
 */
export function carryMeshes(loaded: LoadedMeshes, bundledPathOf: (src: string) => string | null): Record<string, MeshRef> {
  const out: Record<string, MeshRef> = {};
  for (const [src, tri] of loaded) {
    const bundled = bundledPathOf(src);
    out[src] = bundled ? { bundled } : { positions: positionsToBase64(tri.positions) };
  }
  return out;
}
