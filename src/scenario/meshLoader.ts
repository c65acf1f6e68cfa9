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
import { Matrix4, Vector3 } from 'three';
import type { BufferAttribute, InstancedMesh, InterleavedBufferAttribute, Mesh, Object3D } from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { OBJLoader } from 'three/examples/jsm/loaders/OBJLoader.js';
import { STLLoader } from 'three/examples/jsm/loaders/STLLoader.js';

// ---------------------------------------------------------------------------------------------
// Public types
// ---------------------------------------------------------------------------------------------

/**
 * Geometry of a mesh file, nothing else (no materials, textures, normals, names).
 *
 * `positions` is a non-indexed triangle soup: 9 floats per triangle, `[x0,y0,z0, x1,y1,z1, x2,y2,z2]`,
 * so `positions.length / 9` is the triangle count. Coordinates are in the file's own units and
 * axes (glTF: Y up; STL/OBJ: whatever the author used, usually Z up), with every node transform of
 * the file's scene graph (and GPU-instancing transforms) already applied. Winding is the file's.
 */
export interface MeshTriangles {
  positions: Float32Array;
}

/** The file formats `parseMeshFile` understands, chosen from the file name's extension. */
export type MeshFormat = 'gltf' | 'stl' | 'obj';

/** Which file axis points up: `'y'` (glTF convention) or `'z'` (table convention, usual for STL/OBJ). */
export type UpAxis = 'y' | 'z';

/**
 * Error thrown for any mesh file that cannot be loaded: unknown extension, missing file,
 * truncated or corrupt data, unsupported compression, no triangles.
 * `message` always starts with the file name/path (`"<file>: <what went wrong>"`), and `file`
 * holds that name/path on its own. The underlying error, if any, is in `cause`.
 */
export class MeshLoadError extends Error {
  /** The file name or path as given by the caller. */
  readonly file: string;

  constructor(file: string, detail: string, options?: { cause?: unknown }) {
    super(`${file}: ${detail}`, options);
    this.name = 'MeshLoadError';
    this.file = file;
  }
}

/**
 * Options for `parseMeshFile`.
 */
export interface ParseMeshOptions {
  /**
   * Fetches a resource a `.gltf` file references by relative URI (an external `.bin` buffer),
   * exactly as written in the file (still percent-encoded, relative to the glTF file).
   * Only buffers that hold geometry are ever requested; images/textures never are.
   * When absent, a `.gltf` whose geometry lives in an external buffer fails with a `MeshLoadError`
   * naming the URI (`data:` URIs and GLB files need no loader).
   */
  loadResource?: (uri: string) => Promise<ArrayBuffer | Uint8Array>;
}

/** Axis-aligned bounds of a set of points: `min`/`max` are `[x, y, z]` in the points' own units. */
export interface MeshBounds {
  min: [number, number, number];
  max: [number, number, number];
}

/**
 * Placement of a mesh file on the table, as a scenario `mesh` piece gives it.
 */
export interface MeshToTableOptions {
  /** Which file axis is up: `'y'` for glTF (spec), `'z'` for STL/OBJ unless the author said otherwise. */
  upAxis: UpAxis;
  /** Where the file's origin lands on the table, `[x, y, z]` in inches. */
  position: [number, number, number];
  /** Rotation about the vertical (table z) axis, degrees, counter-clockwise seen from above. */
  rotationDeg: number;
  /**
   * Inches per file unit: a uniform factor, or `[sx, sy, sz]` along the TABLE axes x, y, z (applied
   * after the up-axis conversion, so `sz` always scales height). Must be finite and non-zero;
   * a negative factor mirrors (triangle winding is then swapped back so faces keep their side).
   */
  scale: number | [number, number, number];
}

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

/** A standalone ArrayBuffer holding exactly these bytes (copies only when needed). */
function exactArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer) {
    return bytes.buffer;
  }
  return bytes.slice().buffer as ArrayBuffer;
}

function errorText(e: unknown): string {
  const msg = e instanceof Error ? e.message : String(e);
  return msg.replace(/^THREE\.\w+:\s*/, '');
}

// ---------------------------------------------------------------------------------------------
// Scene graph -> triangle soup
// ---------------------------------------------------------------------------------------------

/** Collects every triangle mesh under `root` with its world transform (and instance transforms) applied. */
function collectTriangles(root: Object3D, fileName: string): Float32Array {
  root.updateMatrixWorld(true);
  const chunks: Float32Array[] = [];
  const v = new Vector3();
  root.traverse((obj) => {
    const mesh = obj as Mesh;
    if (mesh.isMesh !== true) return; // Line, Points, cameras, groups
    const geometry = mesh.geometry;
    const pos = geometry.getAttribute('position') as BufferAttribute | InterleavedBufferAttribute | undefined;
    if (!pos) return;
    const index = geometry.index;
    const n = index ? index.count : pos.count;
    const triCount = Math.floor(n / 3);
    if (triCount === 0) return;

    const matrices: Matrix4[] = [];
    const inst = mesh as InstancedMesh;
    if (inst.isInstancedMesh === true) {
      const m = new Matrix4();
      for (let i = 0; i < inst.count; i++) {
        inst.getMatrixAt(i, m);
        matrices.push(mesh.matrixWorld.clone().multiply(m));
      }
    } else {
      matrices.push(mesh.matrixWorld);
    }

    for (const matrix of matrices) {
      const out = new Float32Array(triCount * 9);
      for (let k = 0; k < triCount * 3; k++) {
        const vi = index ? index.getX(k) : k;
        if (!(vi >= 0 && vi < pos.count)) {
          throw new MeshLoadError(
            fileName,
            `mesh "${mesh.name}" triangle ${Math.floor(k / 3)} uses vertex index ${vi}, out of range (the mesh has ${pos.count} vertices)`,
          );
        }
        v.fromBufferAttribute(pos, vi).applyMatrix4(matrix);
        out[k * 3] = v.x;
        out[k * 3 + 1] = v.y;
        out[k * 3 + 2] = v.z;
      }
      chunks.push(out);
    }
  });
  return concatFloat32(chunks);
}

function concatFloat32(chunks: Float32Array[]): Float32Array {
  if (chunks.length === 1) return chunks[0];
  let total = 0;
  for (const c of chunks) total += c.length;
  const out = new Float32Array(total);
  let o = 0;
  for (const c of chunks) {
    out.set(c, o);
    o += c.length;
  }
  return out;
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

// ---------------------------------------------------------------------------------------------
// glTF / GLB
// ---------------------------------------------------------------------------------------------

const GLB_MAGIC = 0x46546c67; // "glTF"
const CHUNK_JSON = 0x4e4f534a;
const CHUNK_BIN = 0x004e4942;

/** Compression extensions we refuse, with a human name. */
const COMPRESSION_EXTENSIONS: Record<string, string> = {
  KHR_draco_mesh_compression: 'Draco mesh compression',
  EXT_meshopt_compression: 'meshopt compression',
  KHR_meshopt_compression: 'meshopt compression',
};

/** Geometry-relevant extensions three's GLTFLoader implements and that survive the rewrite. */
const KEPT_EXTENSIONS = new Set(['KHR_mesh_quantization', 'EXT_mesh_gpu_instancing']);

/** Extensions that only affect appearance (or metadata), irrelevant once materials/textures/lights are dropped. */
function isAppearanceExtension(name: string): boolean {
  return (
    /^[A-Z0-9]+_(materials|texture|lights|techniques)_/.test(name) ||
    name === 'KHR_xmp' ||
    name === 'KHR_xmp_json_ld' ||
    name === 'KHR_animation_pointer' ||
    name === 'MSFT_texture_dds' ||
    name === 'MSFT_packing_normalRoughnessMetallic' ||
    name === 'MSFT_packing_occlusionRoughnessMetallic'
  );
}

type Json = Record<string, unknown>;

function isObject(x: unknown): x is Json {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

function arr(x: unknown): unknown[] {
  return Array.isArray(x) ? x : [];
}

async function parseGltf(bytes: Uint8Array, fileName: string, options: ParseMeshOptions): Promise<Float32Array> {
  const { json, bin } = readGltfContainer(bytes, fileName);
  const glb = await toGeometryOnlyGlb(json, bin, fileName, options);
  const gltf = await new GLTFLoader().parseAsync(glb, '');
  if (!gltf.scene) throw new MeshLoadError(fileName, 'the glTF default scene could not be built');
  return collectTriangles(gltf.scene, fileName);
}

/** Splits a .glb into JSON + BIN chunk, or decodes a .gltf JSON text. Validates the container. */
function readGltfContainer(bytes: Uint8Array, fileName: string): { json: Json; bin: Uint8Array | null } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const isGlb = bytes.length >= 4 && view.getUint32(0, true) === GLB_MAGIC;
  let jsonBytes: Uint8Array;
  let bin: Uint8Array | null = null;
  if (isGlb) {
    if (bytes.length < 12) throw new MeshLoadError(fileName, 'truncated GLB: the 12-byte header is incomplete');
    const version = view.getUint32(4, true);
    if (version !== 2) throw new MeshLoadError(fileName, `unsupported GLB container version ${version} (only glTF 2.0 is supported)`);
    const length = view.getUint32(8, true);
    if (length > bytes.length) {
      throw new MeshLoadError(fileName, `truncated GLB: the header declares ${length} bytes but the file has ${bytes.length}`);
    }
    let off = 12;
    let first = true;
    let json: Uint8Array | null = null;
    while (off < length) {
      if (off + 8 > length) throw new MeshLoadError(fileName, `corrupt GLB: incomplete chunk header at byte ${off}`);
      const chunkLength = view.getUint32(off, true);
      const chunkType = view.getUint32(off + 4, true);
      const start = off + 8;
      if (start + chunkLength > length) {
        throw new MeshLoadError(fileName, `corrupt GLB: chunk at byte ${off} (${chunkLength} bytes) runs past the end of the file`);
      }
      if (first && chunkType !== CHUNK_JSON) throw new MeshLoadError(fileName, 'corrupt GLB: the first chunk is not JSON');
      if (chunkType === CHUNK_JSON && first) json = bytes.subarray(start, start + chunkLength);
      else if (chunkType === CHUNK_BIN && bin === null) bin = bytes.subarray(start, start + chunkLength);
      first = false;
      off = start + chunkLength;
    }
    if (json === null) throw new MeshLoadError(fileName, 'corrupt GLB: no JSON chunk');
    jsonBytes = json;
  } else {
    jsonBytes = bytes;
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(jsonBytes);
  } catch (e) {
    throw new MeshLoadError(fileName, `corrupt glTF: the JSON ${isGlb ? 'chunk' : 'file'} is not valid UTF-8`, { cause: e });
  }
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    throw new MeshLoadError(
      fileName,
      isGlb ? `corrupt GLB: the JSON chunk does not parse (${errorText(e)})` : `not a glTF/GLB file: neither GLB binary nor valid JSON (${errorText(e)})`,
      { cause: e },
    );
  }
  if (!isObject(json)) throw new MeshLoadError(fileName, 'corrupt glTF: the JSON is not an object');
  return { json, bin };
}

const COMPONENT_BYTES: Record<number, number> = { 5120: 1, 5121: 1, 5122: 2, 5123: 2, 5125: 4, 5126: 4 };
const TYPE_COMPONENTS: Record<string, number> = { SCALAR: 1, VEC2: 2, VEC3: 3, VEC4: 4, MAT2: 4, MAT3: 9, MAT4: 16 };

/** Decodes a `data:` URI (base64 or percent-encoded) into bytes. */
function decodeDataUri(uri: string): Uint8Array {
  const comma = uri.indexOf(',');
  if (comma < 0) throw new Error('malformed data: URI');
  const header = uri.slice(5, comma);
  const payload = uri.slice(comma + 1);
  if (/;base64$/i.test(header)) {
    const s = atob(payload.replace(/\s+/g, ''));
    const out = new Uint8Array(s.length);
    for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
    return out;
  }
  const out: number[] = [];
  for (let i = 0; i < payload.length; i++) {
    const c = payload.charCodeAt(i);
    if (c === 37 /* % */ && /^[0-9a-fA-F]{2}$/.test(payload.slice(i + 1, i + 3))) {
      out.push(parseInt(payload.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      out.push(c & 0xff);
    }
  }
  return Uint8Array.from(out);
}

/**
 * Rewrites a glTF into a self-contained, geometry-only GLB for three's GLTFLoader:
 * no images/textures/samplers/materials/animations/lights, all geometry bufferViews copied into a
 * single BIN chunk (buffer 0, no URI), extension lists reduced to what still matters.
 * Refuses compression and unknown required extensions; validates buffer/accessor ranges.
 */
async function toGeometryOnlyGlb(json: Json, bin: Uint8Array | null, fileName: string, options: ParseMeshOptions): Promise<ArrayBuffer> {
  const asset = json.asset;
  const version = isObject(asset) ? String(asset.version ?? '') : '';
  if (!/^2(\.|$)/.test(version)) {
    throw new MeshLoadError(fileName, `unsupported glTF asset version "${version}" (only glTF 2.x is supported)`);
  }

  // 1. Compression: a clear, specific refusal.
  const mentioned = new Set<string>([...arr(json.extensionsUsed), ...arr(json.extensionsRequired)].map(String));
  for (const mesh of arr(json.meshes)) {
    for (const prim of isObject(mesh) ? arr(mesh.primitives) : []) {
      if (isObject(prim) && isObject(prim.extensions)) Object.keys(prim.extensions).forEach((k) => mentioned.add(k));
    }
  }
  for (const bv of arr(json.bufferViews)) {
    if (isObject(bv) && isObject(bv.extensions)) Object.keys(bv.extensions).forEach((k) => mentioned.add(k));
  }
  for (const name of mentioned) {
    const what = COMPRESSION_EXTENSIONS[name];
    if (what) {
      throw new MeshLoadError(
        fileName,
        `uses the glTF extension ${name} (${what}), which is not supported: re-export the model without mesh compression`,
      );
    }
  }
  // 2. Required extensions we cannot honour.
  for (const name of arr(json.extensionsRequired).map(String)) {
    if (!KEPT_EXTENSIONS.has(name) && !isAppearanceExtension(name)) {
      throw new MeshLoadError(fileName, `requires the glTF extension ${name}, which is not supported`);
    }
  }

  // 3. Scene.
  const scenes = arr(json.scenes);
  const sceneIndex = json.scene === undefined ? 0 : Number(json.scene);
  if (scenes.length === 0) throw new MeshLoadError(fileName, 'the glTF has no scene (nothing to place)');
  if (!Number.isInteger(sceneIndex) || sceneIndex < 0 || sceneIndex >= scenes.length) {
    throw new MeshLoadError(fileName, `the glTF default scene ${String(json.scene)} does not exist`);
  }

  // 4. Strip appearance; keep geometry and the scene graph.
  const out: Json = { ...json };
  for (const key of ['images', 'textures', 'samplers', 'materials', 'animations', 'extensions']) delete out[key];
  out.meshes = arr(json.meshes).map((mesh) => {
    if (!isObject(mesh)) return mesh;
    return {
      ...mesh,
      primitives: arr(mesh.primitives).map((prim) => {
        if (!isObject(prim)) return prim;
        const p: Json = { ...prim };
        delete p.material;
        delete p.extensions;
        return p;
      }),
    };
  });
  out.nodes = arr(json.nodes).map((node) => {
    if (!isObject(node) || !isObject(node.extensions)) return node;
    const n: Json = { ...node };
    const inst = node.extensions.EXT_mesh_gpu_instancing;
    if (inst !== undefined) n.extensions = { EXT_mesh_gpu_instancing: inst };
    else delete n.extensions;
    return n;
  });
  const used = arr(json.extensionsUsed).map(String).filter((n) => KEPT_EXTENSIONS.has(n));
  const required = arr(json.extensionsRequired).map(String).filter((n) => KEPT_EXTENSIONS.has(n));
  if (used.length) out.extensionsUsed = used;
  else delete out.extensionsUsed;
  if (required.length) out.extensionsRequired = required;
  else delete out.extensionsRequired;

  // 5. Repack the geometry bufferViews into one BIN chunk.
  const accessors = arr(json.accessors);
  const bufferViews = arr(json.bufferViews);
  const buffers = arr(json.buffers);
  const usedViews = new Set<number>();
  const needView = (idx: unknown, where: string): void => {
    if (idx === undefined) return;
    if (typeof idx !== 'number' || !Number.isInteger(idx) || idx < 0 || idx >= bufferViews.length) {
      throw new MeshLoadError(fileName, `corrupt glTF: ${where} references bufferView ${String(idx)}, which does not exist`);
    }
    usedViews.add(idx);
  };
  accessors.forEach((a, i) => {
    if (!isObject(a)) return;
    needView(a.bufferView, `accessor ${i}`);
    if (isObject(a.sparse)) {
      if (isObject(a.sparse.indices)) needView(a.sparse.indices.bufferView, `accessor ${i} sparse indices`);
      if (isObject(a.sparse.values)) needView(a.sparse.values.bufferView, `accessor ${i} sparse values`);
    }
  });

  const bufferCache = new Map<number, Uint8Array>();
  const getBuffer = async (bi: number): Promise<Uint8Array> => {
    const cached = bufferCache.get(bi);
    if (cached) return cached;
    const def = buffers[bi];
    if (!isObject(def)) throw new MeshLoadError(fileName, `corrupt glTF: buffer ${bi} does not exist`);
    let data: Uint8Array;
    if (def.uri === undefined) {
      if (bi !== 0 || bin === null) {
        throw new MeshLoadError(fileName, `corrupt glTF: buffer ${bi} has no uri and there is no GLB binary chunk for it`);
      }
      data = bin;
    } else {
      const uri = String(def.uri);
      if (/^data:/i.test(uri)) {
        try {
          data = decodeDataUri(uri);
        } catch (e) {
          throw new MeshLoadError(fileName, `corrupt glTF: buffer ${bi} has an undecodable data: URI (${errorText(e)})`, { cause: e });
        }
      } else if (options.loadResource) {
        let got: ArrayBuffer | Uint8Array;
        try {
          got = await options.loadResource(uri);
        } catch (e) {
          throw new MeshLoadError(fileName, `cannot read external buffer "${uri}": ${errorText(e)}`, { cause: e });
        }
        data = got instanceof Uint8Array ? got : new Uint8Array(got);
      } else {
        throw new MeshLoadError(
          fileName,
          `geometry is in the external buffer "${uri}", and no resource loader was given (use a .glb, embed the buffer, or pass options.loadResource)`,
        );
      }
    }
    const declared = Number(def.byteLength);
    if (Number.isFinite(declared) && data.length < declared) {
      throw new MeshLoadError(fileName, `truncated glTF: buffer ${bi} declares ${declared} bytes but only ${data.length} are present`);
    }
    bufferCache.set(bi, data);
    return data;
  };

  const sortedViews = [...usedViews].sort((a, b) => a - b);
  const pieces: { src: Uint8Array; offset: number }[] = [];
  const newViews: unknown[] = bufferViews.map(() => ({ buffer: 0, byteOffset: 0, byteLength: 0 }));
  let total = 0;
  for (const vi of sortedViews) {
    const bv = bufferViews[vi];
    if (!isObject(bv)) throw new MeshLoadError(fileName, `corrupt glTF: bufferView ${vi} is not an object`);
    const bi = Number(bv.buffer);
    if (!Number.isInteger(bi) || bi < 0 || bi >= buffers.length) {
      throw new MeshLoadError(fileName, `corrupt glTF: bufferView ${vi} references buffer ${String(bv.buffer)}, which does not exist`);
    }
    const data = await getBuffer(bi);
    const byteOffset = bv.byteOffset === undefined ? 0 : Number(bv.byteOffset);
    const byteLength = Number(bv.byteLength);
    if (!Number.isInteger(byteOffset) || !Number.isInteger(byteLength) || byteOffset < 0 || byteLength < 0 || byteOffset + byteLength > data.length) {
      throw new MeshLoadError(
        fileName,
        `truncated or corrupt glTF: bufferView ${vi} (bytes ${byteOffset}..${byteOffset + byteLength}) lies outside buffer ${bi} (${data.length} bytes)`,
      );
    }
    total = align4(total);
    pieces.push({ src: data.subarray(byteOffset, byteOffset + byteLength), offset: total });
    const nv: Json = { buffer: 0, byteOffset: total, byteLength };
    if (bv.byteStride !== undefined) nv.byteStride = bv.byteStride;
    if (bv.target !== undefined) nv.target = bv.target;
    newViews[vi] = nv;
    total += byteLength;
  }
  total = align4(total);

  // Accessor ranges: a friendlier error than a RangeError deep in the loader.
  accessors.forEach((a, i) => {
    if (!isObject(a) || a.bufferView === undefined) return;
    const comp = COMPONENT_BYTES[Number(a.componentType)];
    const ncomp = TYPE_COMPONENTS[String(a.type)];
    if (!comp || !ncomp) throw new MeshLoadError(fileName, `corrupt glTF: accessor ${i} has an invalid componentType/type`);
    const count = Number(a.count);
    if (!Number.isInteger(count) || count < 0) throw new MeshLoadError(fileName, `corrupt glTF: accessor ${i} has an invalid count`);
    if (count === 0 || String(a.type).startsWith('MAT')) return;
    const bv = bufferViews[Number(a.bufferView)] as Json;
    const elem = comp * ncomp;
    const stride = bv.byteStride === undefined ? elem : Number(bv.byteStride);
    const need = (a.byteOffset === undefined ? 0 : Number(a.byteOffset)) + stride * (count - 1) + elem;
    if (need > Number(bv.byteLength)) {
      throw new MeshLoadError(
        fileName,
        `corrupt glTF: accessor ${i} needs ${need} bytes but bufferView ${String(a.bufferView)} has ${String(bv.byteLength)}`,
      );
    }
  });

  if (sortedViews.length > 0) {
    out.bufferViews = newViews;
    out.buffers = [{ byteLength: total }];
  } else {
    delete out.bufferViews;
    delete out.buffers;
  }

  const body = new Uint8Array(total);
  for (const p of pieces) body.set(p.src, p.offset);
  return buildGlb(out, sortedViews.length > 0 ? body : null);
}

function align4(n: number): number {
  return (n + 3) & ~3;
}

/** Serialises a JSON object (+ optional BIN chunk) as a GLB 2.0 container. */
function buildGlb(json: Json, body: Uint8Array | null): ArrayBuffer {
  const jsonBytes = new TextEncoder().encode(JSON.stringify(json));
  const jsonLen = align4(jsonBytes.length);
  const binLen = body ? align4(body.length) : 0;
  const total = 12 + 8 + jsonLen + (body ? 8 + binLen : 0);
  const outBuf = new ArrayBuffer(total);
  const u8 = new Uint8Array(outBuf);
  const dv = new DataView(outBuf);
  dv.setUint32(0, GLB_MAGIC, true);
  dv.setUint32(4, 2, true);
  dv.setUint32(8, total, true);
  dv.setUint32(12, jsonLen, true);
  dv.setUint32(16, CHUNK_JSON, true);
  u8.set(jsonBytes, 20);
  u8.fill(0x20, 20 + jsonBytes.length, 20 + jsonLen); // pad JSON with spaces
  if (body) {
    const o = 20 + jsonLen;
    dv.setUint32(o, binLen, true);
    dv.setUint32(o + 4, CHUNK_BIN, true);
    u8.set(body, o + 8);
  }
  return outBuf;
}

// ---------------------------------------------------------------------------------------------
// Placement, bounds, inline meshes
// ---------------------------------------------------------------------------------------------

/** cos/sin of an angle in degrees, exact for multiples of 90. */
function cosSinDeg(deg: number): [number, number] {
  const r = ((deg % 360) + 360) % 360;
  if (r === 0) return [1, 0];
  if (r === 90) return [0, 1];
  if (r === 180) return [-1, 0];
  if (r === 270) return [0, -1];
  const rad = (deg * Math.PI) / 180;
  return [Math.cos(rad), Math.sin(rad)];
}

/**
 * Places a loaded mesh on the table: returns a new triangle soup (9 floats per triangle) in table
 * space, inches, x along the width, y along the depth, z up.
 *
 * Convention, in order:
 * 1. Axes. `upAxis: 'y'` (glTF files: the glTF spec is Y-up, +Z forward): a file point (x, y, z)
 *    becomes (x, -z, y), a proper rotation (handedness and winding kept). `upAxis: 'z'` (STL and
 *    OBJ unless said otherwise): (x, y, z) is taken as is.
 * 2. Units and scale. One file unit is taken as one inch times `scale` (so an STL in millimetres
 *    needs `scale = 1/25.4`); a per-axis `[sx, sy, sz]` scales along table x, y, z.
 * 3. Rotation about the vertical axis through the file origin by `rotationDeg`, counter-clockwise
 *    seen from above (90 maps +x to +y); exact for multiples of 90.
 * 4. Translation by `position`, so `position` is where the file's origin lands.
 *
 * With an odd number of negative scale factors the mesh is mirrored; vertices 1 and 2 of every
 * triangle are then swapped so each face keeps its outward side.
 *
 * @param tri triangles from `parseMeshFile` (or any 9-floats-per-triangle soup).
 * @param opts placement, see `MeshToTableOptions`.
 * @returns a new Float32Array of table-space positions; `tri` is not modified.
 * @throws RangeError when `tri.positions.length` is not a multiple of 9, or when `position`,
 *   `rotationDeg` or `scale` is not finite, `scale` has a zero factor, or `upAxis` is not 'y'/'z'.
 */
export function meshToTable(tri: MeshTriangles, opts: MeshToTableOptions): Float32Array {
  const src = tri.positions;
  if (src.length % 9 !== 0) throw new RangeError(`meshToTable: positions length ${src.length} is not a multiple of 9 (3 vertices x 3 coordinates)`);
  if (opts.upAxis !== 'y' && opts.upAxis !== 'z') throw new RangeError(`meshToTable: upAxis must be 'y' or 'z', got ${String(opts.upAxis)}`);
  const p = opts.position;
  if (!Array.isArray(p) || p.length !== 3 || !p.every(Number.isFinite)) {
    throw new RangeError('meshToTable: position must be [x, y, z], finite inches');
  }
  if (!Number.isFinite(opts.rotationDeg)) throw new RangeError('meshToTable: rotationDeg must be a finite number of degrees');
  const s: [number, number, number] = typeof opts.scale === 'number' ? [opts.scale, opts.scale, opts.scale] : opts.scale;
  if (!Array.isArray(s) || s.length !== 3 || !s.every((k) => Number.isFinite(k) && k !== 0)) {
    throw new RangeError('meshToTable: scale must be a finite non-zero number or [sx, sy, sz] of finite non-zero numbers');
  }
  const [c, sn] = cosSinDeg(opts.rotationDeg);
  const yUp = opts.upAxis === 'y';
  const mirror = s[0] * s[1] * s[2] < 0;
  const out = new Float32Array(src.length);
  for (let t = 0; t < src.length; t += 9) {
    for (let k = 0; k < 3; k++) {
      const i = t + k * 3;
      const fx = src[i];
      const fy = src[i + 1];
      const fz = src[i + 2];
      // 1. axes
      const ax = fx;
      const ay = yUp ? -fz : fy;
      const az = yUp ? fy : fz;
      // 2. scale
      const sx = ax * s[0];
      const sy = ay * s[1];
      const sz = az * s[2];
      // 3. rotate about z, 4. translate
      const ok = mirror && k > 0 ? t + (3 - k) * 3 : i; // swap vertices 1 and 2 when mirrored
      out[ok] = c * sx - sn * sy + p[0];
      out[ok + 1] = sn * sx + c * sy + p[1];
      out[ok + 2] = sz + p[2];
    }
  }
  return out;
}

/**
 * Axis-aligned bounds of a flat `[x, y, z, x, y, z, ...]` position array (any units/axes; the result
 * is in the same ones).
 * @throws RangeError when the array is empty, its length is not a multiple of 3, or a coordinate
 *   is not finite.
 */
export function meshBounds(positions: ArrayLike<number>): MeshBounds {
  const n = positions.length;
  if (n === 0 || n % 3 !== 0) throw new RangeError(`meshBounds: need a non-empty list of xyz triples, got length ${n}`);
  const min: [number, number, number] = [Infinity, Infinity, Infinity];
  const max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < n; i += 3) {
    for (let a = 0; a < 3; a++) {
      const v = positions[i + a];
      if (!Number.isFinite(v)) throw new RangeError(`meshBounds: coordinate ${i + a} (vertex ${i / 3}) is not finite`);
      if (v < min[a]) min[a] = v;
      if (v > max[a]) max[a] = v;
    }
  }
  return { min, max };
}

/**
 * Expands a scenario inline mesh (`{ "shape": "mesh", "vertices": [[x,y,z], ...], "triangles":
 * [[i,j,k], ...] }`) into a triangle soup, 9 floats per triangle, in the same coordinates as the
 * vertices (for a scenario, table inches with z up; no transform is applied).
 *
 * @param vertices `[x, y, z]` triples of finite numbers.
 * @param triangles `[i, j, k]` triples of integer indices into `vertices` (0-based).
 * @returns `Float32Array` of length `9 * triangles.length`.
 * @throws RangeError naming the offending entry: a vertex that is not 3 finite numbers
 *   (`vertices[4]: ...`), a triangle that is not 3 integers, an index out of range
 *   (`triangles[2][1]: vertex index 7 is out of range ...`), or an empty `triangles` list.
 */
export function inlineMeshToPositions(vertices: number[][], triangles: number[][]): Float32Array {
  if (!Array.isArray(vertices)) throw new RangeError('vertices: must be an array of [x, y, z]');
  if (!Array.isArray(triangles)) throw new RangeError('triangles: must be an array of [i, j, k]');
  vertices.forEach((v, i) => {
    if (!Array.isArray(v) || v.length !== 3 || !v.every((c) => typeof c === 'number' && Number.isFinite(c))) {
      throw new RangeError(`vertices[${i}]: must be [x, y, z] with 3 finite numbers`);
    }
  });
  if (triangles.length === 0) throw new RangeError('triangles: an inline mesh needs at least one triangle');
  const out = new Float32Array(triangles.length * 9);
  triangles.forEach((t, ti) => {
    if (!Array.isArray(t) || t.length !== 3) throw new RangeError(`triangles[${ti}]: must be [i, j, k] with 3 vertex indices`);
    for (let k = 0; k < 3; k++) {
      const idx = t[k];
      if (typeof idx !== 'number' || !Number.isInteger(idx)) {
        throw new RangeError(`triangles[${ti}][${k}]: vertex index ${String(idx)} is not an integer`);
      }
      if (idx < 0 || idx >= vertices.length) {
        throw new RangeError(
          `triangles[${ti}][${k}]: vertex index ${idx} is out of range (vertices has ${vertices.length} entries, valid 0..${vertices.length - 1})`,
        );
      }
      const v = vertices[idx];
      out[ti * 9 + k * 3] = v[0];
      out[ti * 9 + k * 3 + 1] = v[1];
      out[ti * 9 + k * 3 + 2] = v[2];
    }
  });
  return out;
}
