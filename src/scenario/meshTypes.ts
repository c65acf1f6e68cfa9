/**
 * The shapes shared by the mesh loading modules (`meshLoader.ts` and its parts): the triangle soup,
 * formats and axes, the error every loader throws, and the loader's options. Pure and DOM-free.
 */
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

/** The message of any thrown value, without three's `THREE.XLoader:` prefix. */
export function errorText(e: unknown): string {
  const msg = e instanceof Error ? e.message : String(e);
  return msg.replace(/^THREE\.\w+:\s*/, '');
}

/** A standalone ArrayBuffer holding exactly these bytes (copies only when needed). */
export function exactArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer) {
    return bytes.buffer;
  }
  return bytes.slice().buffer as ArrayBuffer;
}
