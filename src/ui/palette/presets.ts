/**
 * What the palette places: terrain features (a box wall, a cylinder, Kenney tower, gate and trees
 * from `assets/kenney`, named by `src` relative to `assets/scenarios/` as the default scenario
 * does) and model bases (Citadel sizes). Pure data and SCENARIO.md JSON builders, table space.
 */
import { scenarioIds, type IdBearing } from '../../scenario/ids';

/** A plan-view outline for the placement ghost (inches, before rotation). */
export type Outline = { kind: 'rect'; w: number; d: number; h: number } | { kind: 'circle'; r: number; h: number };

/** A terrain piece the palette can place. */
export interface TerrainPreset {
  key: 'wall' | 'cylinder' | 'tower' | 'gate' | 'tree';
  label: string;
  /** Prefix of generated ids. */
  idPrefix: string;
  /** Shown as the feature's name (numbered). */
  name: string;
  outline: Outline;
  /** The SCENARIO.md terrain feature, centred at `at`, turned `rotation` degrees. */
  make(id: string, name: string, at: [number, number], rotation: number): Record<string, unknown>;
}

const r2 = (n: number) => Math.round(n * 1000) / 1000;

/** Offsets `[dx, dy]` turned by `deg` and added to `at`. */
function offset(at: [number, number], dx: number, dy: number, deg: number): [number, number, number] {
  const a = (deg * Math.PI) / 180;
  return [r2(at[0] + dx * Math.cos(a) - dy * Math.sin(a)), r2(at[1] + dx * Math.sin(a) + dy * Math.cos(a)), 0];
}

/** The Kenney files the palette uses (relative to `assets/scenarios/`). */
export const KENNEY = {
  towerBase: '../kenney/castle/archive-tower-base.glb',
  towerMid: '../kenney/castle/archive-tower-mid.glb',
  towerTop: '../kenney/castle/archive-tower-top.glb',
  gate: '../kenney/castle/vault-gate.glb',
  tree: '../kenney/fantasy/sanctum-tree.glb',
} as const;

export const TERRAIN_PRESETS: readonly TerrainPreset[] = [
  {
    key: 'wall',
    label: 'Wall',
    idPrefix: 'wall',
    name: 'Wall',
    outline: { kind: 'rect', w: 6, d: 0.5, h: 3 },
    make: (id, name, at, rotation) => ({ id, name, type: 'obstacle', pieces: [{ shape: 'box', center: [r2(at[0]), r2(at[1])], size: [6, 0.5, 3], rotation }] }),
  },
  {
    key: 'cylinder',
    label: 'Pillar',
    idPrefix: 'pillar',
    name: 'Pillar',
    outline: { kind: 'circle', r: 1.5, h: 3 },
    make: (id, name, at) => ({ id, name, type: 'obstacle', pieces: [{ shape: 'cylinder', center: [r2(at[0]), r2(at[1])], radius: 1.5, height: 3 }] }),
  },
  {
    key: 'tower',
    label: 'Tower',
    idPrefix: 'tower',
    name: 'Tower',
    outline: { kind: 'rect', w: 1.95, d: 1.95, h: 6.05 },
    make: (id, name, at, rotation) => {
      const p = (z: number): [number, number, number] => [r2(at[0]), r2(at[1]), z];
      return {
        id,
        name,
        type: 'obscuring',
        pieces: [
          { shape: 'mesh', src: KENNEY.towerBase, position: p(0), rotation, scale: 1.95 },
          { shape: 'mesh', src: KENNEY.towerMid, position: p(1.97), rotation, scale: 1.95 },
          { shape: 'mesh', src: KENNEY.towerTop, position: p(3.939), rotation, scale: 1.95 },
        ],
      };
    },
  },
  {
    key: 'gate',
    label: 'Gate',
    idPrefix: 'gate',
    name: 'Gate',
    outline: { kind: 'rect', w: 0.76, d: 3.31, h: 4.55 },
    make: (id, name, at, rotation) => ({ id, name, type: 'obstacle', pieces: [{ shape: 'mesh', src: KENNEY.gate, position: [r2(at[0]), r2(at[1]), 0], rotation, scale: 5 }] }),
  },
  {
    key: 'tree',
    label: 'Trees',
    idPrefix: 'trees',
    name: 'Trees',
    outline: { kind: 'circle', r: 2.7, h: 5 },
    make: (id, name, at, rotation) => ({
      id,
      name,
      type: 'area',
      pieces: [
        { shape: 'cylinder', center: [r2(at[0]), r2(at[1])], radius: 2.7, height: 0.25 },
        { shape: 'mesh', src: KENNEY.tree, position: [...offset(at, -1.1, -0.6, rotation).slice(0, 2), 0.25], rotation: (rotation + 15) % 360, scale: 1.7 },
        { shape: 'mesh', src: KENNEY.tree, position: [...offset(at, 1.3, 0.8, rotation).slice(0, 2), 0.25], rotation: (rotation + 70) % 360, scale: 1.35 },
        { shape: 'mesh', src: KENNEY.tree, position: [...offset(at, 0.9, -1.5, rotation).slice(0, 2), 0.25], rotation: (rotation + 140) % 360, scale: 1.1 },
      ],
    }),
  },
];

/** A base the palette offers (mm, as printed), with a typical model height (inches). */
export interface BasePreset {
  key: string;
  label: string;
  base: { round: number } | { oval: [number, number] };
  height: number;
}

export const BASE_PRESETS: readonly BasePreset[] = [
  { key: 'r25', label: '25 mm', base: { round: 25 }, height: 1.2 },
  { key: 'r32', label: '32 mm', base: { round: 32 }, height: 1.5 },
  { key: 'r40', label: '40 mm', base: { round: 40 }, height: 1.7 },
  { key: 'r50', label: '50 mm', base: { round: 50 }, height: 2.4 },
  { key: 'o60', label: '60×35 oval', base: { oval: [60, 35] }, height: 2.6 },
  { key: 'o90', label: '90×52 oval', base: { oval: [90, 52] }, height: 3.5 },
];

/** The plan-view outline of a base (inches; an oval's long axis along x before facing). */
export function baseOutline(b: BasePreset['base'], height: number): Outline {
  if ('round' in b) return { kind: 'circle', r: b.round / 25.4 / 2, h: height };
  return { kind: 'rect', w: b.oval[0] / 25.4, d: b.oval[1] / 25.4, h: height };
}

/** Every id a scenario JSON uses (terrain, objectives, units, models, queries). */
export function usedIds(s: IdBearing): Set<string> {
  return scenarioIds(s, true);
}

/** `prefix-N` with the smallest N >= 1 not in `used`. */
export function freshId(prefix: string, used: ReadonlySet<string>): string {
  for (let n = 1; ; n++) {
    const id = `${prefix}-${n}`;
    if (!used.has(id)) return id;
  }
}

/** A readable id from a display name (`Chaos Warriors` -> `chaos-warriors`). */
export function slug(name: string): string {
  return (
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'unit'
  );
}
