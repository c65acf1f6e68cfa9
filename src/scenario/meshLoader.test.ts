import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  defaultUpAxis,
  inlineMeshToPositions,
  meshBounds,
  MeshLoadError,
  meshFormatOf,
  meshToTable,
  parseMeshFile,
  type MeshBounds,
} from './meshLoader';
import { loadMeshFileNode } from './meshLoaderNode';

const KENNEY = fileURLToPath(new URL('../../assets/kenney', import.meta.url));
const LOADER_SRC = fileURLToPath(new URL('./meshLoader.ts', import.meta.url));

const EXPECTED_MODELS: Record<string, string[]> = {
  castle: [
    'archive-tower-base.glb',
    'archive-tower-mid.glb',
    'archive-tower-top.glb',
    'command-flag.glb',
    'command-tower-base.glb',
    'command-tower-mid.glb',
    'command-tower-roof.glb',
    'command-tower-top.glb',
    'vault-gate.glb',
  ],
  fantasy: ['atelier-lantern.glb', 'atelier-watermill.glb', 'forge-chimney.glb', 'sanctum-fountain.glb', 'sanctum-tree.glb'],
  pirate: ['forge-tower.glb', 'vault-chest.glb'],
};
const ALL_MODELS = Object.entries(EXPECTED_MODELS).flatMap(([dir, files]) => files.map((f) => `${dir}/${f}`));

// ---------------------------------------------------------------------------------------------
// An independent GLB reader (no three.js): decodes POSITION and indices straight from the BIN
// chunk and applies translation-only node hierarchies. Refuses anything it cannot do exactly.
// ---------------------------------------------------------------------------------------------

type J = any; // eslint-disable-line @typescript-eslint/no-explicit-any

interface Independent {
  triangles: number;
  bounds: MeshBounds;
  /** Union of accessor min/max as written by the exporter, node translations applied. */
  accessorBounds: MeshBounds;
}

function readGlbIndependently(bytes: Uint8Array): Independent {
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  expect(dv.getUint32(0, true)).toBe(0x46546c67);
  const jsonLen = dv.getUint32(12, true);
  expect(dv.getUint32(16, true)).toBe(0x4e4f534a);
  const json: J = JSON.parse(new TextDecoder().decode(bytes.subarray(20, 20 + jsonLen)));
  const binStart = 20 + jsonLen + 8;
  expect(dv.getUint32(20 + jsonLen + 4, true)).toBe(0x004e4942);

  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  const amin = [Infinity, Infinity, Infinity];
  const amax = [-Infinity, -Infinity, -Infinity];
  let triangles = 0;

  const visit = (nodeIndex: number, offset: number[]): void => {
    const node = json.nodes[nodeIndex];
    expect(node.rotation ?? [0, 0, 0, 1]).toEqual([0, 0, 0, 1]);
    expect(node.scale ?? [1, 1, 1]).toEqual([1, 1, 1]);
    expect(node.matrix).toBeUndefined();
    const t = node.translation ?? [0, 0, 0];
    const o = [offset[0] + t[0], offset[1] + t[1], offset[2] + t[2]];
    if (node.mesh !== undefined) {
      for (const prim of json.meshes[node.mesh].primitives) {
        expect(prim.mode ?? 4).toBe(4);
        const pa = json.accessors[prim.attributes.POSITION];
        expect(pa.componentType).toBe(5126);
        expect(pa.type).toBe('VEC3');
        const pv = json.bufferViews[pa.bufferView];
        const stride = pv.byteStride ?? 12;
        const base = binStart + (pv.byteOffset ?? 0) + (pa.byteOffset ?? 0);
        const vertex = (i: number): number[] => [0, 1, 2].map((a) => dv.getFloat32(base + i * stride + a * 4, true) + o[a]);
        let idx: number[];
        if (prim.indices !== undefined) {
          const ia = json.accessors[prim.indices];
          const iv = json.bufferViews[ia.bufferView];
          const ib = binStart + (iv.byteOffset ?? 0) + (ia.byteOffset ?? 0);
          const size = { 5121: 1, 5123: 2, 5125: 4 }[ia.componentType as 5121 | 5123 | 5125];
          idx = Array.from({ length: ia.count }, (_, k) =>
            size === 1 ? dv.getUint8(ib + k) : size === 2 ? dv.getUint16(ib + 2 * k, true) : dv.getUint32(ib + 4 * k, true),
          );
        } else {
          idx = Array.from({ length: pa.count }, (_, k) => k);
        }
        triangles += Math.floor(idx.length / 3);
        for (const i of idx) {
          const v = vertex(i);
          for (let a = 0; a < 3; a++) {
            min[a] = Math.min(min[a], v[a]);
            max[a] = Math.max(max[a], v[a]);
          }
        }
        for (let a = 0; a < 3; a++) {
          amin[a] = Math.min(amin[a], pa.min[a] + o[a]);
          amax[a] = Math.max(amax[a], pa.max[a] + o[a]);
        }
      }
    }
    for (const c of node.children ?? []) visit(c, o);
  };
  for (const n of json.scenes[json.scene ?? 0].nodes) visit(n, [0, 0, 0]);
  return {
    triangles,
    bounds: { min: min as [number, number, number], max: max as [number, number, number] },
    accessorBounds: { min: amin as [number, number, number], max: amax as [number, number, number] },
  };
}

function expectBoundsClose(actual: MeshBounds, expected: MeshBounds, tol = 1e-5): void {
  for (let a = 0; a < 3; a++) {
    expect(Math.abs(actual.min[a] - expected.min[a]), `min[${a}] ${actual.min[a]} vs ${expected.min[a]}`).toBeLessThanOrEqual(tol);
    expect(Math.abs(actual.max[a] - expected.max[a]), `max[${a}] ${actual.max[a]} vs ${expected.max[a]}`).toBeLessThanOrEqual(tol);
  }
}

// ---------------------------------------------------------------------------------------------
// Tiny glTF builders for synthetic cases
// ---------------------------------------------------------------------------------------------

function f32bytes(values: number[]): Uint8Array {
  return new Uint8Array(new Float32Array(values).buffer);
}

/** A glTF (as a JSON object) with one mesh whose geometry is an embedded data: URI buffer. */
function gltfWithTriangles(opts: { positions: number[]; indices?: number[]; mode?: number; nodes?: J[]; extra?: J; embed?: boolean }): {
  json: J;
  bin: Uint8Array;
} {
  const pos = f32bytes(opts.positions);
  const idx = opts.indices ? new Uint8Array(new Uint16Array(opts.indices).buffer) : new Uint8Array(0);
  const idxOffset = pos.length;
  const bin = new Uint8Array(pos.length + ((idx.length + 3) & ~3));
  bin.set(pos, 0);
  bin.set(idx, idxOffset);
  const mins = [0, 1, 2].map((a) => Math.min(...opts.positions.filter((_, i) => i % 3 === a)));
  const maxs = [0, 1, 2].map((a) => Math.max(...opts.positions.filter((_, i) => i % 3 === a)));
  const json: J = {
    asset: { version: '2.0' },
    scene: 0,
    scenes: [{ nodes: [0] }],
    nodes: opts.nodes ?? [{ mesh: 0 }],
    meshes: [
      {
        primitives: [
          {
            attributes: { POSITION: 0 },
            ...(opts.indices ? { indices: 1 } : {}),
            ...(opts.mode !== undefined ? { mode: opts.mode } : {}),
          },
        ],
      },
    ],
    buffers: [
      opts.embed === false
        ? { byteLength: bin.length }
        : { byteLength: bin.length, uri: `data:application/octet-stream;base64,${Buffer.from(bin).toString('base64')}` },
    ],
    bufferViews: [
      { buffer: 0, byteOffset: 0, byteLength: pos.length },
      ...(opts.indices ? [{ buffer: 0, byteOffset: idxOffset, byteLength: idx.length }] : []),
    ],
    accessors: [
      { bufferView: 0, componentType: 5126, count: opts.positions.length / 3, type: 'VEC3', min: mins, max: maxs },
      ...(opts.indices ? [{ bufferView: 1, componentType: 5123, count: opts.indices.length, type: 'SCALAR' }] : []),
    ],
    ...(opts.extra ?? {}),
  };
  return { json, bin };
}

function makeGlb(json: J, bin: Uint8Array | null): Uint8Array {
  const jb = new TextEncoder().encode(JSON.stringify(json));
  const jl = (jb.length + 3) & ~3;
  const bl = bin ? (bin.length + 3) & ~3 : 0;
  const total = 20 + jl + (bin ? 8 + bl : 0);
  const out = new Uint8Array(total);
  const dv = new DataView(out.buffer);
  dv.setUint32(0, 0x46546c67, true);
  dv.setUint32(4, 2, true);
  dv.setUint32(8, total, true);
  dv.setUint32(12, jl, true);
  dv.setUint32(16, 0x4e4f534a, true);
  out.set(jb, 20);
  out.fill(0x20, 20 + jb.length, 20 + jl);
  if (bin) {
    dv.setUint32(20 + jl, bl, true);
    dv.setUint32(24 + jl, 0x004e4942, true);
    out.set(bin, 28 + jl);
  }
  return out;
}

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);

function triangleNormalZ(p: Float32Array, t: number): number {
  const o = t * 9;
  const ux = p[o + 3] - p[o];
  const uy = p[o + 4] - p[o + 1];
  const vx = p[o + 6] - p[o];
  const vy = p[o + 7] - p[o + 1];
  return ux * vy - uy * vx;
}

// ---------------------------------------------------------------------------------------------

describe('Kenney CC0 assets', () => {
  it('are all copied with their textures and licence', () => {
    expect(existsSync(join(KENNEY, 'LICENSE.md'))).toBe(true);
    expect(readFileSync(join(KENNEY, 'LICENSE.md'), 'utf8')).toContain('CC0');
    for (const [dir, files] of Object.entries(EXPECTED_MODELS)) {
      expect(existsSync(join(KENNEY, dir, 'Textures', 'colormap.png'))).toBe(true);
      const glbs = readdirSync(join(KENNEY, dir)).filter((f) => f.endsWith('.glb')).sort();
      expect(glbs).toEqual([...files].sort());
    }
  });

  describe.each(ALL_MODELS)('%s', (rel) => {
    it('loads headless, with the independently decoded triangle count and bounds', async () => {
      const path = join(KENNEY, rel);
      const tri = await loadMeshFileNode(path);
      const ref = readGlbIndependently(new Uint8Array(await readFile(path)));
      expect(ref.triangles).toBeGreaterThan(0);
      expect(tri.positions.length).toBe(ref.triangles * 9);
      const b = meshBounds(tri.positions);
      expectBoundsClose(b, ref.bounds, 1e-6);
      // The exporter's own accessor min/max agree too (every vertex is used by a triangle).
      expectBoundsClose(b, ref.accessorBounds, 1e-5);
      // Sanity: every Kenney model stands on (or, for the watermill's wheel, straddles) y = 0.
      expect(b.max[1]).toBeGreaterThan(0.1);
    });
  });

  it('matches hand-known values', async () => {
    const b = async (rel: string): Promise<MeshBounds> => meshBounds((await loadMeshFileNode(join(KENNEY, rel))).positions);
    // The square archive tower storey is a 1 x 1 unit block, 1.01 tall, centred on its origin.
    expectBoundsClose(await b('castle/archive-tower-base.glb'), { min: [-0.5, 0, -0.5], max: [0.5, 1.01, 0.5] });
    // The pirate tower is the tall one: 10.225 units high on a 3.628-wide footprint.
    expectBoundsClose(await b('pirate/forge-tower.glb'), { min: [-1.81404, 0, -1.81404], max: [1.81404, 10.225, 1.81404] });
    // Fountain: a 2 x 2 disc (radius 1), water child node offset 0.14 up (node transform applied).
    expectBoundsClose(await b('fantasy/sanctum-fountain.glb'), { min: [-1, 0, -1], max: [1, 0.48, 1] });
    // Hexagonal tower base: flat-to-flat depth = width * sqrt(3)/2.
    const hex = await b('castle/command-tower-base.glb');
    expect((hex.max[2] - hex.min[2]) / (hex.max[0] - hex.min[0])).toBeCloseTo(Math.sqrt(3) / 2, 4);
  });

  it('never fetches textures and prints no loader warnings', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const warn = vi.spyOn(console, 'warn');
    const error = vi.spyOn(console, 'error');
    try {
      for (const rel of ALL_MODELS) await loadMeshFileNode(join(KENNEY, rel));
      expect(fetchSpy).not.toHaveBeenCalled();
      expect(warn).not.toHaveBeenCalled();
      expect(error).not.toHaveBeenCalled();
    } finally {
      fetchSpy.mockRestore();
      warn.mockRestore();
      error.mockRestore();
    }
  });

  it('places a tower 6" tall and a gate rotated 90 degrees on the table', async () => {
    const tower = await loadMeshFileNode(join(KENNEY, 'pirate/forge-tower.glb'));
    const tb = meshBounds(meshToTable(tower, { upAxis: 'y', position: [30, 22, 0], rotationDeg: 0, scale: 6 / 10.225 }));
    expectBoundsClose(tb, { min: [30 - 1.814 * (6 / 10.225), 22 - 1.814 * (6 / 10.225), 0], max: [30 + 1.814 * (6 / 10.225), 22 + 1.814 * (6 / 10.225), 6] }, 1e-4);

    // The gate's wall runs along the file's z axis (+-0.331), i.e. along table y after y-up -> z-up;
    // rotating 90 degrees turns it to run along table x.
    const gate = await loadMeshFileNode(join(KENNEY, 'castle/vault-gate.glb'));
    const g0 = meshBounds(meshToTable(gate, { upAxis: 'y', position: [0, 0, 0], rotationDeg: 0, scale: 10 }));
    expect(g0.max[1] - g0.min[1]).toBeCloseTo(6.622, 2);
    expect(g0.max[0] - g0.min[0]).toBeCloseTo(1.516, 2);
    expect(g0.max[2]).toBeCloseTo(9.103, 2);
    const g90 = meshBounds(meshToTable(gate, { upAxis: 'y', position: [10, 10, 0], rotationDeg: 90, scale: 10 }));
    expect(g90.max[0] - g90.min[0]).toBeCloseTo(6.622, 2);
    expect(g90.max[1] - g90.min[1]).toBeCloseTo(1.516, 2);
    expect(g90.min[2]).toBeCloseTo(0, 5);
  });
});

describe('meshToTable', () => {
  const one = (p: number[]): { positions: Float32Array } => ({ positions: new Float32Array([...p, ...p, ...p]) });

  it('converts glTF y-up to table z-up: (x, y, z) -> (x, -z, y)', () => {
    const out = meshToTable(one([1, 2, 3]), { upAxis: 'y', position: [0, 0, 0], rotationDeg: 0, scale: 1 });
    expect(Array.from(out.slice(0, 3))).toEqual([1, -3, 2]);
  });

  it('keeps z-up files as they are', () => {
    const out = meshToTable(one([1, 2, 3]), { upAxis: 'z', position: [0, 0, 0], rotationDeg: 0, scale: 1 });
    expect(Array.from(out.slice(0, 3))).toEqual([1, 2, 3]);
  });

  it('converts a known y-up glTF triangle end to end, keeping its upward face up', async () => {
    // A triangle lying on the glTF ground plane (y = 0), counter-clockwise seen from +y (above):
    // its normal (1,0,0) x (0,0,-1) = (0,1,0) points up.
    const { json } = gltfWithTriangles({ positions: [0, 0, 0, 1, 0, 0, 0, 0, -1] });
    const tri = await parseMeshFile(enc(JSON.stringify(json)), 'flat.gltf');
    expect(Array.from(tri.positions)).toEqual([0, 0, 0, 1, 0, 0, 0, 0, -1]);
    const t = meshToTable(tri, { upAxis: 'y', position: [0, 0, 0], rotationDeg: 0, scale: 1 });
    expect(Array.from(t)).toEqual([0, 0, 0, 1, 0, 0, 0, 1, 0]);
    expect(triangleNormalZ(t, 0)).toBeGreaterThan(0);
    // A standing triangle: glTF up (+y) becomes table up (+z).
    const { json: j2 } = gltfWithTriangles({ positions: [0, 0, 0, 1, 0, 0, 0, 1, 0] });
    const up = meshToTable(await parseMeshFile(enc(JSON.stringify(j2)), 'wall.gltf'), {
      upAxis: 'y',
      position: [0, 0, 0],
      rotationDeg: 0,
      scale: 1,
    });
    expect(Array.from(up)).toEqual([0, 0, 0, 1, 0, 0, 0, 0, 1]);
  });

  it('rotation 90 maps +x to +y, 180 to -x, 270 to -y, exactly; 45 to the diagonal', () => {
    const at = (deg: number): number[] =>
      Array.from(meshToTable(one([1, 0, 0]), { upAxis: 'z', position: [0, 0, 0], rotationDeg: deg, scale: 1 }).slice(0, 3));
    expect(at(90)).toEqual([0, 1, 0]);
    expect(at(180)).toEqual([-1, 0, 0]);
    expect(at(270)).toEqual([0, -1, 0]);
    expect(at(-90)).toEqual([0, -1, 0]);
    expect(at(450)).toEqual([0, 1, 0]);
    const d = at(45);
    expect(d[0]).toBeCloseTo(Math.SQRT1_2, 6);
    expect(d[1]).toBeCloseTo(Math.SQRT1_2, 6);
  });

  it('scales, then rotates, then translates (position is where the file origin lands)', () => {
    const out = meshToTable(one([1, 0, 0.5]), { upAxis: 'z', position: [10, 20, 5], rotationDeg: 90, scale: 2 });
    expect(Array.from(out.slice(0, 3))).toEqual([10, 22, 6]);
    const origin = meshToTable(one([0, 0, 0]), { upAxis: 'y', position: [40, 30, 0], rotationDeg: 37, scale: 3 });
    expect(Array.from(origin.slice(0, 3))).toEqual([40, 30, 0]);
  });

  it('per-axis scale applies along table axes after the up-axis conversion', () => {
    // glTF y (height) -> table z, scaled by sz = 3.
    const out = meshToTable(one([1, 1, 1]), { upAxis: 'y', position: [0, 0, 0], rotationDeg: 0, scale: [2, 5, 3] });
    expect(Array.from(out.slice(0, 3))).toEqual([2, -5, 3]);
  });

  it('mirroring with a negative scale keeps each face pointing the same way', () => {
    const tri = { positions: new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]) };
    expect(triangleNormalZ(tri.positions, 0)).toBeGreaterThan(0);
    const m = meshToTable(tri, { upAxis: 'z', position: [0, 0, 0], rotationDeg: 0, scale: [-1, 1, 1] });
    expect(triangleNormalZ(m, 0)).toBeGreaterThan(0);
    expect(meshBounds(m)).toEqual({ min: [-1, 0, 0], max: [0, 1, 0] });
  });

  it('rejects bad options and ragged input', () => {
    const t = one([0, 0, 0]);
    expect(() => meshToTable(t, { upAxis: 'z', position: [0, 0, 0], rotationDeg: 0, scale: 0 })).toThrow(/scale/);
    expect(() => meshToTable(t, { upAxis: 'z', position: [0, NaN, 0], rotationDeg: 0, scale: 1 })).toThrow(/position/);
    expect(() => meshToTable(t, { upAxis: 'z', position: [0, 0, 0], rotationDeg: Infinity, scale: 1 })).toThrow(/rotationDeg/);
    expect(() => meshToTable(t, { upAxis: 'x' as 'y', position: [0, 0, 0], rotationDeg: 0, scale: 1 })).toThrow(/upAxis/);
    expect(() => meshToTable({ positions: new Float32Array(6) }, { upAxis: 'z', position: [0, 0, 0], rotationDeg: 0, scale: 1 })).toThrow(
      /multiple of 9/,
    );
  });
});

describe('meshBounds', () => {
  it('computes min and max per axis', () => {
    expect(meshBounds([1, 5, -2, -3, 0, 4, 2, 2, 2])).toEqual({ min: [-3, 0, -2], max: [2, 5, 4] });
  });
  it('rejects empty, ragged or non-finite input', () => {
    expect(() => meshBounds([])).toThrow(RangeError);
    expect(() => meshBounds([1, 2])).toThrow(RangeError);
    expect(() => meshBounds([1, NaN, 2])).toThrow(/vertex 0/);
  });
});

describe('inlineMeshToPositions', () => {
  it('expands indexed triangles into a soup', () => {
    const p = inlineMeshToPositions(
      [
        [0, 0, 0],
        [1, 0, 0],
        [0, 1, 0],
        [0, 0, 2],
      ],
      [
        [0, 1, 2],
        [3, 2, 1],
      ],
    );
    expect(Array.from(p)).toEqual([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 2, 0, 1, 0, 1, 0, 0]);
  });
  it('names the out-of-range index', () => {
    const v = [
      [0, 0, 0],
      [1, 0, 0],
      [0, 1, 0],
    ];
    expect(() => inlineMeshToPositions(v, [[0, 1, 2], [0, 1, 3]])).toThrow(/triangles\[1\]\[2\]: vertex index 3 is out of range.*valid 0\.\.2/);
    expect(() => inlineMeshToPositions(v, [[-1, 1, 2]])).toThrow(/triangles\[0\]\[0\]: vertex index -1/);
    expect(() => inlineMeshToPositions(v, [[0, 1.5, 2]])).toThrow(/triangles\[0\]\[1\].*not an integer/);
    expect(() => inlineMeshToPositions(v, [[0, 1]])).toThrow(/triangles\[0\]/);
    expect(() => inlineMeshToPositions([[0, 0, 0], [1, 0]], [[0, 1, 0]])).toThrow(/vertices\[1\]/);
    expect(() => inlineMeshToPositions(v, [])).toThrow(/at least one triangle/);
  });
});

describe('parseMeshFile: glTF', () => {
  it('applies nested node transforms (translation, rotation, scale)', async () => {
    // Child: scale 2 then rotate 90 degrees about +y (x -> -z); parent: translate (10, 0, 0).
    const s = Math.SQRT1_2;
    const { json } = gltfWithTriangles({
      positions: [1, 0, 0, 0, 1, 0, 0, 0, 1],
      nodes: [{ children: [1], translation: [10, 0, 0] }, { mesh: 0, rotation: [0, s, 0, s], scale: [2, 2, 2] }],
    });
    const p = Array.from((await parseMeshFile(enc(JSON.stringify(json)), 'nested.gltf')).positions);
    const expected = [10, 0, -2, 10, 2, 0, 12, 0, 0];
    p.forEach((v, i) => expect(v).toBeCloseTo(expected[i], 6));
  });

  it('uses a 4x4 node matrix and expands indices and triangle strips', async () => {
    const quad = [0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0];
    const { json } = gltfWithTriangles({
      positions: quad,
      indices: [0, 1, 2, 3],
      mode: 5, // TRIANGLE_STRIP: (0,1,2), (2,1,3)
      nodes: [{ mesh: 0, matrix: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 5, 6, 7, 1] }],
    });
    const tri = await parseMeshFile(enc(JSON.stringify(json)), 'strip.gltf');
    expect(tri.positions.length).toBe(18);
    expect(meshBounds(tri.positions)).toEqual({ min: [5, 6, 7], max: [6, 7, 7] });
  });

  it('expands EXT_mesh_gpu_instancing instances', async () => {
    const tr = f32bytes([0, 0, 0, 100, 0, 0]);
    const base = gltfWithTriangles({ positions: [0, 0, 0, 1, 0, 0, 0, 1, 0], embed: false });
    const bin = new Uint8Array(base.bin.length + tr.length);
    bin.set(base.bin);
    bin.set(tr, base.bin.length);
    const json = base.json;
    json.buffers[0].byteLength = bin.length;
    json.bufferViews.push({ buffer: 0, byteOffset: base.bin.length, byteLength: tr.length });
    json.accessors.push({ bufferView: 1, componentType: 5126, count: 2, type: 'VEC3' });
    json.nodes = [{ mesh: 0, extensions: { EXT_mesh_gpu_instancing: { attributes: { TRANSLATION: 1 } } } }];
    json.extensionsUsed = ['EXT_mesh_gpu_instancing'];
    json.extensionsRequired = ['EXT_mesh_gpu_instancing'];
    const tri = await parseMeshFile(makeGlb(json, bin), 'instanced.glb');
    expect(tri.positions.length).toBe(18);
    expect(meshBounds(tri.positions)).toEqual({ min: [0, 0, 0], max: [101, 1, 0] });
  });

  it('ignores materials, textures and missing images, even with required appearance extensions', async () => {
    const { json } = gltfWithTriangles({
      positions: [0, 0, 0, 2, 0, 0, 0, 3, 0],
      extra: {
        images: [{ uri: 'Textures/does-not-exist.png' }],
        samplers: [{}],
        textures: [{ source: 0, sampler: 0, extensions: { EXT_texture_webp: { source: 0 } } }],
        materials: [
          {
            pbrMetallicRoughness: { baseColorTexture: { index: 0, extensions: { KHR_texture_transform: { texCoord: 0 } } } },
            extensions: { KHR_materials_unlit: {} },
          },
        ],
        extensionsUsed: ['KHR_texture_transform', 'KHR_materials_unlit', 'EXT_texture_webp', 'KHR_lights_punctual'],
        extensionsRequired: ['KHR_texture_transform', 'EXT_texture_webp'],
        extensions: { KHR_lights_punctual: { lights: [{ type: 'point' }] } },
      },
    });
    json.meshes[0].primitives[0].material = 0;
    json.nodes[0].extensions = { KHR_lights_punctual: { light: 0 } };
    const tri = await parseMeshFile(enc(JSON.stringify(json)), 'textured.gltf');
    expect(meshBounds(tri.positions)).toEqual({ min: [0, 0, 0], max: [2, 3, 0] });
  });

  it('reads a .gltf with an external .bin through loadMeshFileNode, naming a missing one', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sightline-mesh-'));
    try {
      const { json, bin } = gltfWithTriangles({ positions: [0, 0, 0, 4, 0, 0, 0, 0, 5], embed: false });
      json.buffers[0].uri = 'my%20geometry.bin';
      await writeFile(join(dir, 'my geometry.bin'), bin);
      await writeFile(join(dir, 'ext.gltf'), JSON.stringify(json));
      const tri = await loadMeshFileNode(join(dir, 'ext.gltf'));
      expect(meshBounds(tri.positions)).toEqual({ min: [0, 0, 0], max: [4, 0, 5] });
      // Without a resource loader, parseMeshFile says what it needs.
      await expect(parseMeshFile(enc(JSON.stringify(json)), 'ext.gltf')).rejects.toThrow(/^ext\.gltf: .*external buffer "my%20geometry\.bin"/);
      json.buffers[0].uri = 'gone.bin';
      await writeFile(join(dir, 'gone.gltf'), JSON.stringify(json));
      await expect(loadMeshFileNode(join(dir, 'gone.gltf'))).rejects.toThrow(
        new RegExp(`^${join(dir, 'gone.gltf').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: cannot read external buffer "gone\\.bin".*not found`),
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses Draco and meshopt compression with the file and extension named', async () => {
    const { json } = gltfWithTriangles({ positions: [0, 0, 0, 1, 0, 0, 0, 1, 0] });
    const draco = structuredClone(json);
    draco.extensionsUsed = ['KHR_draco_mesh_compression'];
    draco.extensionsRequired = ['KHR_draco_mesh_compression'];
    draco.meshes[0].primitives[0].extensions = { KHR_draco_mesh_compression: { bufferView: 0, attributes: { POSITION: 0 } } };
    const err = await parseMeshFile(makeGlb(draco, null), 'ruin-draco.glb').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MeshLoadError);
    expect((err as MeshLoadError).file).toBe('ruin-draco.glb');
    expect((err as Error).message).toMatch(/^ruin-draco\.glb: .*KHR_draco_mesh_compression.*Draco/);

    const meshopt = structuredClone(json);
    meshopt.bufferViews[0].extensions = { EXT_meshopt_compression: { buffer: 0, byteLength: 4, count: 3, byteStride: 12, mode: 'ATTRIBUTES' } };
    await expect(parseMeshFile(enc(JSON.stringify(meshopt)), 'packed.gltf')).rejects.toThrow(/^packed\.gltf: .*EXT_meshopt_compression.*meshopt/);
  });

  it('refuses an unknown required extension and a glTF 1.0 asset', async () => {
    const { json } = gltfWithTriangles({ positions: [0, 0, 0, 1, 0, 0, 0, 1, 0] });
    await expect(
      parseMeshFile(enc(JSON.stringify({ ...json, extensionsUsed: ['EXT_weird'], extensionsRequired: ['EXT_weird'] })), 'w.gltf'),
    ).rejects.toThrow(/^w\.gltf: requires the glTF extension EXT_weird/);
    await expect(parseMeshFile(enc(JSON.stringify({ ...json, asset: { version: '1.0' } })), 'old.gltf')).rejects.toThrow(/^old\.gltf: .*version "1\.0"/);
  });

  it('reports a file with no triangles', async () => {
    const { json } = gltfWithTriangles({ positions: [0, 0, 0, 1, 0, 0], mode: 1 /* LINES */ });
    await expect(parseMeshFile(enc(JSON.stringify(json)), 'lines.gltf')).rejects.toThrow(/^lines\.gltf: contains no triangles/);
  });

  it('gives an error naming the file for corrupt GLBs', async () => {
    const good = new Uint8Array(await readFile(join(KENNEY, 'castle/vault-gate.glb')));
    // Truncated file.
    await expect(parseMeshFile(good.slice(0, good.length >> 1), 'vault-gate.glb')).rejects.toThrow(/^vault-gate\.glb: truncated GLB/);
    // Garbage.
    await expect(parseMeshFile(enc('definitely not a model'), 'junk.glb')).rejects.toThrow(/^junk\.glb: not a glTF\/GLB file/);
    // Valid container, broken JSON chunk.
    const broken = good.slice();
    broken[20] = 0x21; // '{' -> '!'
    await expect(parseMeshFile(broken, 'broken.glb')).rejects.toThrow(/^broken\.glb: corrupt GLB: the JSON chunk does not parse/);
    // Valid JSON whose accessor points past its data.
    const { json, bin } = gltfWithTriangles({ positions: [0, 0, 0, 1, 0, 0, 0, 1, 0], embed: false });
    json.accessors[0].count = 300;
    await expect(parseMeshFile(makeGlb(json, bin), 'overrun.glb')).rejects.toThrow(/^overrun\.glb: corrupt glTF: accessor 0 needs/);
    // Index out of range (the loader would otherwise produce NaN vertices).
    const idx = gltfWithTriangles({ positions: [0, 0, 0, 1, 0, 0, 0, 1, 0], indices: [0, 1, 9] });
    await expect(parseMeshFile(enc(JSON.stringify(idx.json)), 'badindex.gltf')).rejects.toThrow(/^badindex\.gltf: .*vertex index 9, out of range/);
  });
});

describe('parseMeshFile: STL and OBJ', () => {
  it('loads a tiny ASCII STL with known bounds', async () => {
    const stl = `solid tiny
  facet normal 0 0 1
    outer loop
      vertex 0 0 0
      vertex 2 0 0
      vertex 0 3 0
    endloop
  endfacet
  facet normal 1 0 0
    outer loop
      vertex 0 0 0
      vertex 0 3 0
      vertex 0 0 4.5
    endloop
  endfacet
endsolid tiny
`;
    const tri = await parseMeshFile(enc(stl), 'tiny.STL');
    expect(tri.positions.length).toBe(18);
    expect(meshBounds(tri.positions)).toEqual({ min: [0, 0, 0], max: [2, 3, 4.5] });
    expect(defaultUpAxis('tiny.STL')).toBe('z');
  });

  it('loads a binary STL and rejects a truncated one', async () => {
    const buf = new ArrayBuffer(84 + 50);
    const dv = new DataView(buf);
    dv.setUint32(80, 1, true);
    [-1, 0, 0, 1, 0, 0, 0, 7, 2].forEach((v, i) => dv.setFloat32(84 + 12 + 4 * i, v, true));
    const tri = await parseMeshFile(buf, 'one.stl');
    expect(Array.from(tri.positions)).toEqual([-1, 0, 0, 1, 0, 0, 0, 7, 2]);
    dv.setUint32(80, 5, true);
    await expect(parseMeshFile(buf, 'short.stl')).rejects.toThrow(/^short\.stl: truncated or corrupt binary STL: the header declares 5 triangles/);
    await expect(parseMeshFile(new Uint8Array(10), 'tiny.stl')).rejects.toThrow(/^tiny\.stl: not an STL file/);
  });

  it('loads a tiny OBJ (quad, negative indices) with known bounds', async () => {
    const obj = `# a 2 x 1 quad at height 3, and a triangle using relative indices
o quad
v 0 0 3
v 2 0 3
v 2 1 3
v 0 1 3
f 1 2 3 4
v 5 5 5
v 6 5 5
v 5 6 5
f -3 -2 -1
`;
    const tri = await parseMeshFile(enc(obj), 'quad.obj');
    expect(tri.positions.length).toBe(27);
    expect(meshBounds(tri.positions)).toEqual({ min: [0, 0, 3], max: [6, 6, 5] });
  });

  it('reports OBJ faces that reference missing vertices, and binary junk', async () => {
    await expect(parseMeshFile(enc('v 0 0 0\nv 1 0 0\nf 1 2 3\n'), 'bad.obj')).rejects.toThrow(/^bad\.obj: /);
    await expect(parseMeshFile(new Uint8Array([0, 1, 2, 0xff, 0xfe]), 'bin.obj')).rejects.toThrow(/^bin\.obj: not a text OBJ file/);
  });
});

describe('loadMeshFileNode errors name the path', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sightline-mesh-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('missing file', async () => {
    const p = join(dir, 'nope.glb');
    await expect(loadMeshFileNode(p)).rejects.toThrow(`${p}: file not found`);
  });

  it('unknown extension', async () => {
    const p = join(dir, 'ruin.fbx');
    await writeFile(p, 'x');
    await expect(loadMeshFileNode(p)).rejects.toThrow(`${p}: unknown mesh file extension`);
  });

  it('corrupt file', async () => {
    const p = join(dir, 'corrupt.glb');
    const good = await readFile(join(KENNEY, 'castle/archive-tower-base.glb'));
    await writeFile(p, good.subarray(0, 100));
    const err = await loadMeshFileNode(p).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MeshLoadError);
    expect((err as MeshLoadError).file).toBe(p);
    expect((err as Error).message.startsWith(`${p}: `)).toBe(true);
  });
});

describe('module hygiene', () => {
  it('meshLoader.ts and its parts import nothing from Node (run in a browser worker)', () => {
    const parts = ['meshTypes.ts', 'meshSceneGraph.ts', 'meshGltf.ts', 'meshPlacement.ts'];
    for (const file of [LOADER_SRC, ...parts.map((f) => join(dirname(LOADER_SRC), f))]) {
      const src = readFileSync(file, 'utf8');
      const imports = [...src.matchAll(/^\s*import[^;]*?from\s+'([^']+)'/gms)].map((m) => m[1]);
      if (file === LOADER_SRC) expect(imports.length).toBeGreaterThan(0);
      for (const spec of imports) expect(spec === 'three' || spec.startsWith('three/examples/jsm/') || parts.includes(`${spec.replace(/^\.\//, '')}.ts`), `${file}: ${spec}`).toBe(true);
      expect(src).not.toMatch(/\b(require\(|process\.|document\.|new Image\b|fetch\()/);
    }
  });

  it('chooses the format from the extension', () => {
    expect(meshFormatOf('a/b/Ruin.GLB')).toBe('gltf');
    expect(meshFormatOf('ruin.gltf')).toBe('gltf');
    expect(meshFormatOf('https://x.test/m/ruin.stl?v=2')).toBe('stl');
    expect(meshFormatOf('ruin.obj')).toBe('obj');
    expect(meshFormatOf('ruin.fbx')).toBeNull();
    expect(meshFormatOf('ruin')).toBeNull();
    expect(defaultUpAxis('ruin.glb')).toBe('y');
    expect(defaultUpAxis('ruin.obj')).toBe('z');
  });
});
