import { BufferAttribute, BufferGeometry, Color, EdgesGeometry } from 'three';
import { TERRAIN_COLORS } from './palette';
import type { TerrainView } from './types';

/**
 * The terrain features' drawn geometry kept for the page's life, across the App's remounts (issue
 * 35 item 6, session 40; as `keptRenderer.ts` keeps the renderer): Play started, left or reopened
 * in place remounts the table, and every feature's soup was turned into a `BufferGeometry` again
 * (normals, height-shaded colours) and its crease edges found again (`EdgesGeometry`), then
 * uploaded anew. Now the last geometry drawn for a feature id is handed back when the feature is
 * the same: the same type, colour, height and every position equal (the soup is compared value by
 * value, so a feature moved or edited in the sandbox gets a new geometry; the old one is disposed).
 * Kept geometries are never disposed by an unmount (the next mount takes them), with the kept
 * renderer their GPU buffers stay uploaded.
 */

interface Kept {
  type: TerrainView['type'];
  color: string;
  maxHeight: number;
  positions: Float32Array;
  geometry: BufferGeometry;
  edges: Map<number, EdgesGeometry>;
}

/** Per feature id: its last geometry (one per id: a layout lab's many ids stay as many as the page has shown). */
const kept = new Map<string, Kept>();

/** How many times a kept geometry was handed back (for tests and the probe). */
export let keptTerrainReuses = 0;

const sameValues = (a: Float32Array, b: Float32Array): boolean => {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
};

/** A feature's soup as drawn: flat-shaded (one normal per face), coloured by type and darkened towards its foot. */
function build(feature: TerrainView, color: string): BufferGeometry {
  const g = new BufferGeometry();
  const pos = feature.positions;
  g.setAttribute('position', new BufferAttribute(pos, 3));
  g.computeVertexNormals(); // non-indexed soup: one normal per face, a crisp low-poly look
  const base = new Color(color);
  const top = Math.max(feature.maxHeight, 1e-6);
  const colors = new Float32Array(pos.length);
  const c = new Color();
  for (let i = 0; i < pos.length; i += 3) {
    const t = Math.min(1, Math.max(0, pos[i + 2] / top));
    c.copy(base).multiplyScalar(0.72 + 0.28 * t);
    colors[i] = c.r;
    colors[i + 1] = c.g;
    colors[i + 2] = c.b;
  }
  g.setAttribute('color', new BufferAttribute(colors, 3));
  g.computeBoundingSphere();
  return g;
}

function entry(feature: TerrainView, color: string | undefined): Kept {
  const col = color ?? TERRAIN_COLORS[feature.type];
  const k = kept.get(feature.id);
  if (k && k.type === feature.type && k.color === col && k.maxHeight === feature.maxHeight && sameValues(k.positions, feature.positions)) {
    keptTerrainReuses++;
    return k;
  }
  if (k) {
    k.geometry.dispose();
    for (const e of k.edges.values()) e.dispose();
  }
  const fresh: Kept = { type: feature.type, color: col, maxHeight: feature.maxHeight, positions: feature.positions, geometry: build(feature, col), edges: new Map() };
  kept.set(feature.id, fresh);
  return fresh;
}

/**
 * The geometry of a terrain feature (see the module comment): kept for the page, the same object
 * for a feature equal to the last one drawn with its id.
 * @param color - the colour override, else the type's ({@link TERRAIN_COLORS}).
 */
export function keptTerrainGeometry(feature: TerrainView, color?: string): BufferGeometry {
  return entry(feature, color).geometry;
}

/**
 * The crease edges (angle over `thresholdDeg`) of a feature's kept geometry, kept with it (built
 * once per threshold, disposed with the geometry when the feature changes).
 */
export function keptTerrainEdges(feature: TerrainView, color: string | undefined, thresholdDeg: number): EdgesGeometry {
  const k = entry(feature, color);
  let e = k.edges.get(thresholdDeg);
  if (!e) {
    e = new EdgesGeometry(k.geometry, thresholdDeg);
    k.edges.set(thresholdDeg, e);
  }
  return e;
}
