/**
 * glTF/GLB parsing for `meshLoader.ts`: the file is rewritten into a self-contained, material-free
 * GLB (geometry buffers only), then read by three's GLTFLoader and flattened to triangles. Pure and
 * DOM-free: never fetches anything but the external buffers the caller's `loadResource` gives.
 */
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { collectTriangles } from './meshSceneGraph';
import { errorText, MeshLoadError, type ParseMeshOptions } from './meshTypes';

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

export async function parseGltf(bytes: Uint8Array, fileName: string, options: ParseMeshOptions): Promise<Float32Array> {
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
