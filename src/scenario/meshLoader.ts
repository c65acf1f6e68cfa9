/**
 * Geometry-only loading of terrain mesh files (glTF/GLB, STL, OBJ) and inline scenario meshes.
 *
 * This module is pure and DOM-free: it imports nothing from Node and touches no `document`,
 * `Image`, `fetch` or file system, so the same code runs headless in Node (the adjudicator, tests)
 * and in a browser page or Web Worker. Reading files from disk lives in `meshLoaderNode.ts`.
 *
 * Pipeline: `parseMeshFile` (file bytes -> triangle soup in the file's own units and axes) then
 * `meshToTable` (-> table space: inches, x along width, y along depth, z up; SCENARIO.md).
 */
import type { BufferAttribute } from 'three';
import { OBJLoader } from 'three/examples/jsm/loaders/OBJLoader.js';
import { STLLoader } from 'three/examples/jsm/loaders/STLLoader.js';
import { parseGltf } from './meshGltf';
import { collectTriangles } from './meshSceneGraph';
import { errorText, exactArrayBuffer, MeshLoadError, type MeshFormat, type ParseMeshOptions, type UpAxis, type MeshTriangles } from './meshTypes';

export { MeshLoadError } from './meshTypes';
export type { MeshBounds, MeshFormat, MeshToTableOptions, MeshTriangles, ParseMeshOptions, UpAxis } from './meshTypes';
export { inlineMeshToPositions, meshBounds, meshToTable } from './meshPlacement';

// ---------------------------------------------------------------------------------------------
// File name helpers
// ---------------------------------------------------------------------------------------------

/**
 * The mesh format implied by a file name or URL's extension (case-insensitive):
 * `.glb`/`.gltf` -> `'gltf'`, `.stl` -> `'stl'`, `.obj` -> `'obj'`; anything else -> `null`.
 * A `?query`/`#hash` suffix is ignored for URLs (names containing `://`).
 */
export function meshFormatOf(fileName: string): MeshFormat | null {
  let name = fileName;
  if (name.includes('://')) name = name.replace(/[?#].*$/, '');
  const m = /\.([A-Za-z0-9]+)$/.exec(name);
  switch (m ? m[1].toLowerCase() : '') {
    case 'glb':
    case 'gltf':
      return 'gltf';
    case 'stl':
      return 'stl';
    case 'obj':
      return 'obj';
    default:
      return null;
  }
}

/**
 * The up axis to assume for a file when the scenario does not say: `'y'` for glTF/GLB (the glTF
 * spec is Y-up), `'z'` for STL and OBJ (CAD/printing convention), `null` for unknown extensions.
 */
export function defaultUpAxis(fileName: string): UpAxis | null {
  const f = meshFormatOf(fileName);
  return f === null ? null : f === 'gltf' ? 'y' : 'z';
}

// ---------------------------------------------------------------------------------------------
// parseMeshFile
// ---------------------------------------------------------------------------------------------

/**
 * Parses a mesh file into a triangle soup, choosing the loader from `fileName`'s extension
 * (`.glb`/`.gltf` via three's GLTFLoader, `.stl` via STLLoader, `.obj` via OBJLoader).
 *
 * - Units and axes are the file's own (see `MeshTriangles`); use `meshToTable` to place it.
 * - glTF: the default scene (`scene`, else scene 0) is used, every node transform is applied,
 *   triangle strips/fans are expanded, points/lines are ignored, morph targets and skins stay in
 *   their rest pose, `EXT_mesh_gpu_instancing` instances are expanded. Before parsing, the glTF is
 *   rewritten into a self-contained, material-free GLB (images, textures, samplers, materials,
 *   animations and lights dropped; geometry buffers copied into one BIN chunk), so the loader never
 *   fetches anything and never needs `Image`/DOM: a missing `Textures/colormap.png` is irrelevant.
 *   The file extension only selects "glTF"; GLB vs JSON is detected from the bytes.
 * - STL: ASCII or binary. OBJ: text; `mtllib`/`usemtl` are ignored.
 *
 * @param data the whole file (an `ArrayBuffer`, or a view such as Node's `Buffer`).
 * @param fileName name, path or URL of the file: selects the format and prefixes every error.
 * @param options see `ParseMeshOptions` (external `.gltf` buffers).
 * @returns the triangles; always at least one, all coordinates finite.
 * @throws MeshLoadError (message starts with `fileName`) for an unknown extension, a truncated or
 *   corrupt file, Draco (`KHR_draco_mesh_compression`) or meshopt (`EXT_meshopt_compression`,
 *   `KHR_meshopt_compression`) compression, another unsupported required glTF extension, an
 *   unresolvable external buffer, or a file with no triangles.
 */
export async function parseMeshFile(
  data: ArrayBuffer | ArrayBufferView,
  fileName: string,
  options: ParseMeshOptions = {},
): Promise<MeshTriangles> {
  const format = meshFormatOf(fileName);
  if (format === null) {
    throw new MeshLoadError(fileName, 'unknown mesh file extension (expected .glb, .gltf, .stl or .obj)');
  }
  const bytes = toBytes(data);
  let positions: Float32Array;
  try {
    if (format === 'gltf') positions = await parseGltf(bytes, fileName, options);
    else if (format === 'stl') positions = parseStl(bytes, fileName);
    else positions = parseObj(bytes, fileName);
  } catch (e) {
    if (e instanceof MeshLoadError) throw e;
    const what = format === 'gltf' ? 'glTF' : format.toUpperCase();
    throw new MeshLoadError(fileName, `corrupt or unsupported ${what} file: ${errorText(e)}`, { cause: e });
  }
  if (positions.length === 0) throw new MeshLoadError(fileName, 'contains no triangles');
  for (let i = 0; i < positions.length; i++) {
    if (!Number.isFinite(positions[i])) {
      throw new MeshLoadError(fileName, `triangle ${Math.floor(i / 9)} has a non-finite coordinate (corrupt file)`);
    }
  }
  return { positions };
}

function toBytes(data: ArrayBuffer | ArrayBufferView): Uint8Array {
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  throw new TypeError('parseMeshFile: data must be an ArrayBuffer or an ArrayBuffer view');
}


// ---------------------------------------------------------------------------------------------
// STL / OBJ
// ---------------------------------------------------------------------------------------------

function startsWithSolid(bytes: Uint8Array): boolean {
  // Same test as STLLoader: "solid" within the first 5 bytes (allowing a BOM).
  const solid = [115, 111, 108, 105, 100];
  for (let off = 0; off < 5; off++) {
    let ok = off + solid.length <= bytes.length;
    for (let i = 0; ok && i < solid.length; i++) ok = bytes[off + i] === solid[i];
    if (ok) return true;
  }
  return false;
}

function parseStl(bytes: Uint8Array, fileName: string): Float32Array {
  const FACE_BYTES = 50;
  let binary: boolean;
  if (bytes.length >= 84) {
    const faces = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(80, true);
    const expected = 84 + faces * FACE_BYTES;
    binary = expected === bytes.length || !startsWithSolid(bytes);
    if (binary && expected > bytes.length) {
      throw new MeshLoadError(
        fileName,
        `truncated or corrupt binary STL: the header declares ${faces} triangles (${expected} bytes) but the file has ${bytes.length} bytes`,
      );
    }
  } else {
    binary = !startsWithSolid(bytes);
    if (binary) {
      throw new MeshLoadError(fileName, `not an STL file: ${bytes.length} bytes is too short for a binary STL and it does not start with "solid"`);
    }
  }
  const geometry = new STLLoader().parse(exactArrayBuffer(bytes));
  const pos = geometry.getAttribute('position') as BufferAttribute | undefined;
  if (!pos) return new Float32Array(0);
  // STLLoader returns a non-indexed soup with no transform.
  const arr = pos.array as Float32Array;
  return new Float32Array(arr.subarray(0, Math.floor(pos.count / 3) * 9));
}

function parseObj(bytes: Uint8Array, fileName: string): Float32Array {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch (e) {
    throw new MeshLoadError(fileName, 'not a text OBJ file (invalid UTF-8)', { cause: e });
  }
  if (text.includes('\u0000')) throw new MeshLoadError(fileName, 'not a text OBJ file (contains binary data)');
  const group = new OBJLoader().parse(text);
  return collectTriangles(group, fileName);
}
