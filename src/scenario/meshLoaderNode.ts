/**
 * Node-only companion of `meshLoader.ts`: reads mesh files from disk. Kept separate so that
 * `meshLoader.ts` imports nothing from Node and runs in a browser or Web Worker.
 */
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { MeshLoadError, meshFormatOf, parseMeshFile, type MeshTriangles } from './meshLoader';

/**
 * Reads a mesh file (`.glb`, `.gltf`, `.stl`, `.obj`) from disk and parses it with `parseMeshFile`.
 * A `.gltf` file's external buffers (`"uri": "model.bin"`) are read relative to the file's folder;
 * images/textures are never read (a missing `Textures/colormap.png` does not matter).
 *
 * @param path file path, absolute or relative to the process's working directory (callers resolve
 *   scenario-relative `mesh.src` against the scenario file's folder first).
 * @returns the triangles in the file's own units and axes (see `MeshTriangles`).
 * @throws MeshLoadError whose message starts with `path`: unknown extension (checked before
 *   reading), file not found / unreadable / a directory, or any `parseMeshFile` error (corrupt or
 *   truncated data, unsupported compression, missing external buffer, no triangles).
 */
export async function loadMeshFileNode(path: string): Promise<MeshTriangles> {
  if (meshFormatOf(path) === null) {
    throw new MeshLoadError(path, 'unknown mesh file extension (expected .glb, .gltf, .stl or .obj)');
  }
  let data: Buffer;
  try {
    data = await readFile(path);
  } catch (e) {
    throw new MeshLoadError(path, describeFsError(e), { cause: e });
  }
  const folder = dirname(path);
  return parseMeshFile(data, path, {
    loadResource: async (uri: string) => {
      let rel: string;
      try {
        rel = decodeURIComponent(uri);
      } catch {
        rel = uri;
      }
      const full = resolve(folder, rel);
      try {
        return await readFile(full);
      } catch (e) {
        throw new Error(`${full}: ${describeFsError(e)}`);
      }
    },
  });
}

function describeFsError(e: unknown): string {
  const code = (e as { code?: string } | null)?.code;
  if (code === 'ENOENT') return 'file not found';
  if (code === 'EISDIR') return 'is a directory, not a mesh file';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  return `cannot read file (${e instanceof Error ? e.message : String(e)})`;
}
