/** Colours of the tabletop (sRGB hex), shared by the scene and the UI legend. */
import type { TerrainType } from '../geometry/world';

/** Terrain colour by type (Terrain 1.4), chosen to be told apart at a glance. */
export const TERRAIN_COLORS: Record<TerrainType, string> = {
  obstacle: '#a39581',
  obscuring: '#7f8da3',
  area: '#5f9447',
  placeOfPower: '#a27ce0',
  faction: '#d0a03c',
};

/** Human names for terrain types. */
export const TERRAIN_LABELS: Record<TerrainType, string> = {
  obstacle: 'Obstacle',
  obscuring: 'Obscuring',
  area: 'Area',
  placeOfPower: 'Place of Power',
  faction: 'Faction terrain',
};

/** Army colours: well-known army keys first, then a cycle for any other. */
const NAMED_ARMIES: Record<string, string> = { north: '#3d7fe6', south: '#e0532f' };
const ARMY_CYCLE = ['#3d7fe6', '#e0532f', '#2fb38a', '#c9a227', '#a64fd1', '#e04f9a'];

/** The colour of an army, stable for a given army list. */
export function armyColor(army: string, armies: readonly string[]): string {
  if (NAMED_ARMIES[army]) return NAMED_ARMIES[army];
  const i = Math.max(0, armies.indexOf(army));
  return ARMY_CYCLE[i % ARMY_CYCLE.length];
}

export const MAT_COLOR = '#4f5f3c';
export const TABLE_FRAME_COLOR = '#3a2a1e';
export const GRID_COLOR = '#e8efd8';
export const OBJECTIVE_COLOR = '#f0c34e';
export const SELECT_COLOR = '#ffe066';
export const BACKGROUND_COLOR = '#15191f';
