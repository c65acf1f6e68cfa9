/**
 * A Path to Glory battleplan on any table (Ascension, INVENTORY G23; the maps are missing from the
 * source, §3.3 D5, so positions are Sightline's interpretation, docs/campaign.md): the roles, the
 * objectives placed relative to the two territories, the corners in neutral territory, the Escape
 * Route edge, the sites of power and altar, who begins deployment and the defender's reserves.
 * Pure: the scenario in, data out.
 *
 * @module
 */
import { createDice, rollD6 } from '../rules/dice';
import { ASCENSION, type AscensionId, type AscensionSetup, type RitualId } from '../rules/engine/ascension';
import { HARNESS_MANIFESTATION } from '../rules/engine/harnessManifestation';
import type { Roster } from '../rules/engine/roster';
import type { PlayerId } from '../rules/engine/state';

type Pt = readonly [number, number];

function centroid(poly: readonly Pt[]): [number, number] {
  let x = 0;
  let y = 0;
  for (const p of poly) {
    x += p[0];
    y += p[1];
  }
  return [x / poly.length, y / poly.length];
}

/** Point in polygon (even-odd), points on the border count as inside. */
export function pointInPolygon(p: Pt, poly: readonly Pt[]): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i];
    const [xj, yj] = poly[j];
    // On the segment: inside.
    const cross = (p[0] - xi) * (yj - yi) - (p[1] - yi) * (xj - xi);
    if (Math.abs(cross) < 1e-9 && p[0] >= Math.min(xi, xj) - 1e-9 && p[0] <= Math.max(xi, xj) + 1e-9 && p[1] >= Math.min(yi, yj) - 1e-9 && p[1] <= Math.max(yi, yj) + 1e-9) return true;
    if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Input of {@link ascensionSetup}. */
export interface AscensionSetupInput {
  readonly id: AscensionId;
  readonly table: { readonly width: number; readonly depth: number };
  /** Each player's territory polygon (inches). */
  readonly territories: Readonly<Record<PlayerId, readonly Pt[]>>;
  readonly rosters: Readonly<Record<PlayerId, Roster>>;
  readonly seed: number | string;
  /** The Ritual: the ritualist's pick of the Nature of the Ritual (default: Ritual of Blessings). */
  readonly ritual?: RitualId;
  /** Each player's Path to Glory quest id (Ascension › Quests), carried in the setup for the game to see (Search for the Artefact). */
  readonly quests?: Readonly<Partial<Record<PlayerId, string>>>;
  /** Each player's 'Wild' spell or prayer (Harness Manifestation), carried with the quests. */
  readonly wild?: Readonly<Partial<Record<PlayerId, string>>>;
}

/** Output of {@link ascensionSetup}. */
export interface AscensionPlacement {
  readonly setup: AscensionSetup;
  /** The objectives on the table (replacing the scenario's). */
  readonly objectives: { id: string; position: [number, number] }[];
  /** The player who picked the roles (fewer renown, or the roll-off winner) and the roll-off, if any. */
  readonly picker: PlayerId;
  readonly rollOff: Readonly<Record<PlayerId, number>>[] ;
  readonly beginsDeployment: PlayerId;
  /** Units in reserve (Wreck and Ruin: the defender's reinforcements contingent). */
  readonly reserves: Partial<Record<PlayerId, string[]>>;
  /** Players who cannot set up faction terrain in the deployment phase. */
  readonly noFactionTerrain: PlayerId[];
}

/** The renown of a roster's general (its campaign entry; 0 outside a campaign). */
const generalRenown = (r: Roster) => r.units.find((u) => u.id === r.general)?.campaign?.renown ?? 0;

/**
 * Roles, objectives and set-up of a Path to Glory battleplan on a table. The player whose general
 * has fewer renown picks (a seeded roll-off on a tie, Ascension › The Armies); Sightline's pick:
 * North/South follow the territories (north = the territory whose centre is further up the table,
 * larger y), in the other battleplans the picker takes the second role (defender, ambusher,
 * ritualist). Objective positions are in the frame of the line between the two territories'
 * centres (`u` toward the second role's territory, `v` across), scaled to the table.
 */
export function ascensionSetup(i: AscensionSetupInput): AscensionPlacement {
  const def = ASCENSION[i.id];
  const r1 = generalRenown(i.rosters.p1);
  const r2 = generalRenown(i.rosters.p2);
  const rollOff: Record<PlayerId, number>[] = [];
  let picker: PlayerId | null = r1 < r2 ? 'p1' : r2 < r1 ? 'p2' : null;
  let dice = createDice(`${i.seed}:ascension-roles`);
  while (picker === null) {
    const a = rollD6(dice);
    const b = rollD6(a.state);
    dice = b.state;
    rollOff.push({ p1: a.value, p2: b.value });
    picker = a.value > b.value ? 'p1' : b.value > a.value ? 'p2' : null;
  }
  const other: PlayerId = picker === 'p1' ? 'p2' : 'p1';
  const c1 = centroid(i.territories.p1);
  const c2 = centroid(i.territories.p2);
  let roles: Record<PlayerId, string>;
  if (def.roles[0] === 'north') roles = c1[1] >= c2[1] ? { p1: 'north', p2: 'south' } : { p1: 'south', p2: 'north' };
  else roles = { [picker]: def.roles[1], [other]: def.roles[0] } as Record<PlayerId, string>;
  const playerOf = (role: string) => (roles.p1 === role ? 'p1' : 'p2') as PlayerId;
  const first = playerOf(def.roles[0]);
  const second = playerOf(def.roles[1]);
  const W = i.table.width;
  const D = i.table.depth;
  const C: [number, number] = [W / 2, D / 2];
  const ca = centroid(i.territories[first]);
  const cb = centroid(i.territories[second]);
  const len = Math.hypot(cb[0] - ca[0], cb[1] - ca[1]) || 1;
  const a: [number, number] = [(cb[0] - ca[0]) / len, (cb[1] - ca[1]) / len];
  const b: [number, number] = [-a[1], a[0]];
  const L = (Math.abs(a[0]) * W + Math.abs(a[1]) * D) / 2;
  const P = (Math.abs(b[0]) * W + Math.abs(b[1]) * D) / 2;
  const at = (u: number, v: number): [number, number] => [round2(C[0] + u * a[0] + v * b[0]), round2(C[1] + u * a[1] + v * b[1])];
  const objectives: { id: string; position: [number, number] }[] = [];
  let sites: string[] | undefined;
  let altar: string | undefined;
  const add = (id: string, p: [number, number]) => objectives.push({ id, position: p });
  if (i.id === 'the-ruined-settlement') {
    add('ptg-centre', at(0, 0));
    add('ptg-1', at(-L / 3, -P / 2));
    add('ptg-2', at(-L / 3, P / 2));
    add('ptg-3', at(L / 3, -P / 2));
    add('ptg-4', at(L / 3, P / 2));
  } else if (i.id === 'relics-of-myth') {
    add('ptg-centre', at(0, 0));
    add('ptg-1', at(0, -P / 2));
    add('ptg-2', at(0, P / 2));
  } else if (i.id === 'wreck-and-ruin') {
    add('ptg-centre', at(0, 0));
    add('ptg-1', at(0, -P / 2));
    add('ptg-2', at(0, P / 2));
    add('ptg-3', at(L / 2, -P / 4));
    add('ptg-4', at(L / 2, P / 4));
  } else if (i.id === 'the-ritual') {
    // The sites of power on the border of the ritualist's territory (its nearest edge to the centre), the altar at its centre.
    const border = Math.min(...i.territories[second].map((p) => (p[0] - C[0]) * a[0] + (p[1] - C[1]) * a[1]));
    add('site-1', at(border, -P / 2));
    add('site-2', at(border, 0));
    add('site-3', at(border, P / 2));
    add('altar', [round2(cb[0]), round2(cb[1])]);
    sites = ['site-1', 'site-2', 'site-3'];
    altar = 'altar';
  }
  const corners: Pt[] = [[0, 0], [W, 0], [0, D], [W, D]];
  const neutralCorners = corners.filter((k) => !pointInPolygon(k, i.territories.p1) && !pointInPolygon(k, i.territories.p2)).map((k) => [k[0], k[1]] as [number, number]);
  // The Ambush: the Escape Route is the battlefield edge nearest the ambusher's territory (the trespasser breaks through).
  let escapeEdge: AscensionSetup['escapeEdge'];
  if (i.id === 'the-ambush') {
    const am = centroid(i.territories[playerOf('ambusher')]);
    const d = { x0: am[0], xW: W - am[0], y0: am[1], yD: D - am[1] };
    escapeEdge = (Object.keys(d) as (keyof typeof d)[]).reduce((best, k) => (d[k] < d[best] ? k : best));
  }
  const beginsDeployment = def.beginsDeployment === 'picker' ? picker : playerOf(def.beginsDeployment);
  const reserves: Partial<Record<PlayerId, string[]>> = {};
  if (i.id === 'wreck-and-ruin') {
    // The defender's reinforcements contingent: the later half of its units (the general stays in the patrol).
    const d = playerOf('defender');
    const ids = i.rosters[d].units.map((u) => u.id).filter((id) => id !== i.rosters[d].general);
    const total = ids.length + 1;
    reserves[d] = ids.slice(ids.length - Math.floor(total / 2));
  }
  const noFactionTerrain = def.noFactionTerrain.includes('all') ? (['p1', 'p2'] as PlayerId[]) : def.noFactionTerrain.map(playerOf);
  return {
    setup: { id: i.id, roles, table: { width: W, depth: D }, neutralCorners, ...(escapeEdge ? { escapeEdge } : {}), ...(sites ? { sites, altar, ritual: i.ritual ?? 'blessings' } : {}), ...questsOf(i.quests), ...wildOf(i.quests, i.wild) },
    objectives,
    picker,
    rollOff,
    beginsDeployment,
    reserves,
    noFactionTerrain,
  };
}

/** The setup's `quests` when any player has one (absent otherwise: games without quests are unchanged). */
function questsOf(q: AscensionSetupInput['quests']): Pick<AscensionSetup, 'quests'> {
  if (!q) return {};
  const quests: { p1?: string; p2?: string } = {};
  if (q.p1) quests.p1 = q.p1;
  if (q.p2) quests.p2 = q.p2;
  return Object.keys(quests).length ? { quests } : {};
}

/** The setup's `wild` names, for the players whose quest is Harness Manifestation (absent otherwise). */
function wildOf(q: AscensionSetupInput['quests'], w: AscensionSetupInput['wild']): Pick<AscensionSetup, 'wild'> {
  if (!q || !w) return {};
  const wild: { p1?: string; p2?: string } = {};
  if (q.p1 === HARNESS_MANIFESTATION && w.p1) wild.p1 = w.p1;
  if (q.p2 === HARNESS_MANIFESTATION && w.p2) wild.p2 = w.p2;
  return Object.keys(wild).length ? { wild } : {};
}

const round2 = (x: number) => Math.round(x * 100) / 100;
