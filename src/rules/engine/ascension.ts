/**
 * The six battleplans of Path to Glory: Ascension (`shared/rules/004`, INVENTORY §2.17, G23):
 * their roles, objectives (placed on any table: {@link layoutObjectives}), deployment and first
 * turn, victory points, twist tables, Glorious Victory and withdrawing. The reducer calls
 * {@link ascensionStartOfRound}, {@link ascensionEndOfTurn} and {@link ascensionBattleEnded} when
 * `state.battleplan.ascension` is set; everything else of the engine is unchanged.
 *
 * Geometry comes from the port (`landmarkDistance('centre')`, control) and from model centres and
 * base sizes (corners, edges: the table's size is part of the battleplan's data).
 *
 * @module
 */
import { z } from 'zod';
import { aliveModels, inCombat, isAlive, mortalDamage, onBattlefield, reject, rollLogged, rosterUnit, syncPort, unitHasKeyword, type Ctx } from './core';
import type { GeometryPort, Point2 } from './geometryPort';
import { opponentOf, PLAYERS, type GameState, type PlayerId } from './state';

/** The battleplan ids (CAMPAIGN.md). */
export const ASCENSION_IDS = ['the-ruined-settlement', 'relics-of-myth', 'the-decisive-battle', 'the-ambush', 'wreck-and-ruin', 'the-ritual'] as const;
/** A battleplan id. */
export type AscensionId = (typeof ASCENSION_IDS)[number];

/** A victory point rule (A-R28: shared rules are one parameterised rule). */
export type ScoringRule = 'takeAndHold' | 'stakeAClaim' | 'oursForTheTaking' | 'claimTheirSkulls' | 'holdTheCentre' | 'takeTheFlanks' | 'escapeToSafety' | 'burnItDown' | 'powerGrows' | 'iconoclasts';

/** A twist: the faces it covers, its name and text. */
export interface Twist {
  readonly faces: readonly [number, number];
  readonly name: string;
  readonly text: string;
}

/** A battleplan of the battlepack. */
export interface AscensionDef {
  readonly id: AscensionId;
  readonly name: string;
  /** The two roles: `[first, second]`; the player whose general has fewer renown picks. */
  readonly roles: readonly [string, string];
  /** The role that begins deployment (Deployment): `picker` = the player who assigned the roles. */
  readonly beginsDeployment: string;
  /** Who takes the first turn: `default` (Core 12.0), a role that takes it, or `chooser:ROLE`. */
  readonly firstTurn: 'default' | string;
  /** Roles that cannot set up faction terrain in the deployment phase; `all` = nobody can. */
  readonly noFactionTerrain: readonly string[];
  readonly scoring: readonly ScoringRule[];
  /** The twist table: its die (D3, or D6 for Wreck and Ruin: INVENTORY §3.3 D8) and entries. */
  readonly twistDie: 3 | 6;
  readonly twists: readonly Twist[];
  /** Number of objectives on its map. */
  readonly objectives: number;
  /** Campaign reward, as text. */
  readonly reward?: string;
}

const t = (lo: number, hi: number, name: string, text: string): Twist => ({ faces: [lo, hi], name, text });
const AT_ALL_COSTS = 'The underdog can pick a friendly unit. Add 3 to that unit\'s control score until the start of the next battle round.';

/** The six battleplans (Ascension › Battleplan: …). */
export const ASCENSION: Readonly<Record<AscensionId, AscensionDef>> = {
  'the-ruined-settlement': {
    id: 'the-ruined-settlement', name: 'The Ruined Settlement', roles: ['north', 'south'], beginsDeployment: 'picker', firstTurn: 'default', noFactionTerrain: ['all'],
    scoring: ['takeAndHold'], objectives: 5, twistDie: 3,
    twists: [
      t(1, 1, 'Under Dust and Rubble', 'The underdog can pick 1 objective. That objective cannot be controlled this battle round.'),
      t(2, 2, 'Wild Fire', "The underdog can pick up to D3 terrain features: they gain 'Obscuring' until the start of the next battle round; roll a dice for each unit with any of them within its combat range: on a 4+, D3 mortal damage."),
      t(3, 3, 'Lead the Attack', 'The underdog can pick 1 friendly unit and add 1 to the Attacks characteristic of its melee weapons until the start of the next battle round.'),
    ],
  },
  'relics-of-myth': {
    id: 'relics-of-myth', name: 'Relics of Myth', roles: ['north', 'south'], beginsDeployment: 'picker', firstTurn: 'default', noFactionTerrain: [],
    scoring: ['stakeAClaim', 'oursForTheTaking'], objectives: 3, twistDie: 3,
    reward: 'The winner rolls a dice and adds their victory points: on 15+, 1 artefact of power to an eligible HERO on their Order of Battle.',
    twists: [
      t(1, 1, "Fool's Gold", 'The underdog can pick 1 objective and remove it from play.'),
      t(2, 2, 'An Eye For Riches', AT_ALL_COSTS),
      t(3, 3, 'Spied Treasure', 'If possible, the underdog can place 1 new objective in neutral territory, more than 9" from all other objectives and more than 3" from all units.'),
    ],
  },
  'the-decisive-battle': {
    id: 'the-decisive-battle', name: 'The Decisive Battle', roles: ['raider', 'defender'], beginsDeployment: 'defender', firstTurn: 'default', noFactionTerrain: ['raider'],
    scoring: ['claimTheirSkulls', 'holdTheCentre', 'takeTheFlanks'], objectives: 0, twistDie: 3,
    twists: [
      t(1, 1, 'Steeled Resolve', 'The underdog can pick a friendly unit. Subtract 1 from wound rolls for attacks that target that unit this battle round.'),
      t(2, 2, 'Tactical Withdrawal', "Until the end of the battle round, each time a unit in the underdog's army uses the 'Retreat' ability, no mortal damage is inflicted on it."),
      t(3, 3, 'Line-breakers', 'The underdog can pick a friendly unit: re-roll charge rolls for it and it has STRIKE-FIRST if it charged in the same turn, until the end of the battle round.'),
    ],
  },
  'the-ambush': {
    id: 'the-ambush', name: 'The Ambush', roles: ['trespasser', 'ambusher'], beginsDeployment: 'ambusher', firstTurn: 'ambusher', noFactionTerrain: ['ambusher'],
    scoring: ['claimTheirSkulls', 'escapeToSafety'], objectives: 0, twistDie: 3,
    twists: [
      t(1, 1, 'Hold the Line', "This battle round, each time a unit in the underdog's army uses the 'Rally' command, no command points are spent."),
      t(2, 2, 'Defensive Formation', 'The underdog can pick a friendly unit. Add 1 to save rolls for that unit this battle round.'),
      t(3, 3, 'Storm the Enemy', 'The underdog can pick a friendly unit. Until the end of the battle round, that unit has STRIKE-FIRST.'),
    ],
  },
  'wreck-and-ruin': {
    id: 'wreck-and-ruin', name: 'Wreck and Ruin', roles: ['raider', 'defender'], beginsDeployment: 'defender', firstTurn: 'chooser:raider', noFactionTerrain: ['raider'],
    scoring: ['takeAndHold', 'burnItDown'], objectives: 5, twistDie: 6,
    twists: [
      t(1, 3, 'Uncertain Reinforcements', 'If the raider is the underdog, subtract 1 from arrival rolls this battle round. If the defender is the underdog, add 1 to arrival rolls this battle round.'),
      t(4, 6, 'At All Costs', AT_ALL_COSTS),
    ],
  },
  'the-ritual': {
    id: 'the-ritual', name: 'The Ritual', roles: ['attacker', 'ritualist'], beginsDeployment: 'ritualist', firstTurn: 'chooser:attacker', noFactionTerrain: ['attacker'],
    scoring: ['powerGrows', 'iconoclasts'], objectives: 4, twistDie: 3,
    twists: [
      t(1, 1, 'At All Costs', AT_ALL_COSTS),
      t(2, 2, 'The Earth Trembles', 'The underdog can pick an enemy unit. That unit has STRIKE-LAST this battle round.'),
      t(3, 3, 'Eruption of Power', 'The underdog can pick 1 objective and roll a dice for each unit contesting it. On a 4+, inflict D3 mortal damage on that unit.'),
    ],
  },
};

const XY = z.tuple([z.number().finite(), z.number().finite()]);
/** Strict schema of {@link AscensionSetup} (saved games carry it in their battleplan). */
export const AscensionSetupSchema = z.strictObject({
  id: z.enum(ASCENSION_IDS),
  roles: z.strictObject({ p1: z.string(), p2: z.string() }),
  table: z.strictObject({ width: z.number().positive(), depth: z.number().positive() }),
  neutralCorners: z.array(XY).max(4),
  escapeEdge: z.enum(['x0', 'xW', 'y0', 'yD']).optional(),
  sites: z.array(z.string()).optional(),
  altar: z.string().optional(),
  /** The Ritual › Nature of the Ritual: the ritualist's pick (absent: none is performed). */
  ritual: z.enum(['blessings', 'primal-force', 'cursed', 'darkness']).optional(),
  /**
   * Each player's Path to Glory quest (Ascension › Quests; the campaign's quest ids), absent = not
   * known. Only `search-for-the-artefact` changes the battle ({@link searchForTheArtefact}).
   */
  quests: z.strictObject({ p1: z.string().optional(), p2: z.string().optional() }).optional(),
  /** Harness Manifestation: each player's manifestation-lore spell or prayer marked 'Wild' (harnessManifestation.ts). */
  wild: z.strictObject({ p1: z.string().optional(), p2: z.string().optional() }).optional(),
});
/** The quest whose search is made in the game (Ascension › Quests › Search for the Artefact). */
export const SEARCH_FOR_THE_ARTEFACT = 'search-for-the-artefact';
/** A ritual of The Ritual's Nature of the Ritual. */
export type RitualId = 'blessings' | 'primal-force' | 'cursed' | 'darkness';
/**
 * The battleplan data a game carries (`state.battleplan.ascension`): each player's role, the
 * table's plan size (inches), the corners in neutral territory (Take the Flanks), the Escape Route
 * edge (The Ambush), the sites of power and the altar (The Ritual).
 */
export type AscensionSetup = z.infer<typeof AscensionSetupSchema>;

/** What the battleplan recorded during the game (`state.ascension`). */
export interface AscensionState {
  /**
   * Twists rolled, one per battle round; `pick`: what the underdog picked for it (`twistPick`: a
   * unit, an objective, Wild Fire's terrain features, or Spied Treasure's point `at` and the id
   * of the objective placed there), absent until then. `features`: Wild Fire's D3, the most
   * terrain features the underdog can pick (absent for the other twists). `declined`: the roller
   * picked nothing ("can pick": a `twistPick` naming nothing); absent otherwise.
   */
  twists: { round: number; roller: PlayerId; underdog: boolean; roll: number; name: string; features?: number; pick?: { unitId?: string; objectiveId?: string; featureIds?: string[]; at?: [number, number] }; declined?: true }[];
  /**
   * Objectives placed during the battle (Spied Treasure), with their centre (inches), marker
   * diameter and round; their ids are in `battleplan.objectives` from then on. Absent = none.
   */
  addedObjectives?: { id: string; at: [number, number]; diameterInches: number; round: number }[];
  /** Objectives removed from play by a twist (Fool's Gold); absent = none. */
  outOfPlay?: string[];
  /**
   * Units destroyed, in order, with the unit that inflicted the damage that destroyed them (A-R16;
   * null: self-inflicted, a rule, or damage entered by hand). Absent in games saved before it was kept.
   */
  destroyed?: { unitId: string; by: string | null; round: number }[];
  /** Units whose destruction was scored (Claim their Skulls), and units that escaped. */
  scoredDestroyed: string[];
  escaped: string[];
  burned: string[];
  /** Units each player had at the start (withdrawing counts half of them). */
  startingUnits: Record<PlayerId, string[]>;
  withdrawn: PlayerId | null;
  /** Raise the Alarm attempts that failed, `round:unit` (the ability is used once per phase). */
  alarms?: string[];
  /**
   * Search for the Artefact (Ascension › Quests): clues found (quest points gained) per player.
   * Present only when a player's quest is Search for the Artefact (`setup.quests`).
   */
  clues?: Record<PlayerId, number>;
  /**
   * Harness Manifestation (Ascension › Quests): quest points gained from the 'Wild' spell or prayer
   * per player (harnessManifestation.ts). Present only when the setup names a 'Wild' entry (`setup.wild`).
   */
  wildQuestPoints?: Record<PlayerId, number>;
  /** Glorious Victory (Ascension › Path to Glory Battles), set when the battle ends. */
  result: Record<PlayerId, 'major-victory' | 'minor-victory' | 'draw' | 'minor-defeat' | 'major-defeat'> | null;
}

/** A fresh {@link AscensionState} for the game's rosters. */
export function initialAscensionState(s: GameState): AscensionState {
  const starting = { p1: [] as string[], p2: [] as string[] };
  for (const u of Object.values(s.units)) if (u.manifestation === undefined) starting[u.owner].push(u.id);
  const quests = s.battleplan.ascension?.quests;
  const searching = quests !== undefined && PLAYERS.some((p) => quests[p] === SEARCH_FOR_THE_ARTEFACT);
  const wild = s.battleplan.ascension?.wild;
  const harnessing = wild !== undefined && PLAYERS.some((p) => wild[p] !== undefined);
  return { twists: [], scoredDestroyed: [], escaped: [], burned: [], startingUnits: starting, withdrawn: null, ...(searching ? { clues: { p1: 0, p2: 0 } } : {}), ...(harnessing ? { wildQuestPoints: { p1: 0, p2: 0 } } : {}), result: null };
}

/**
 * The HEROes of `player` that may search (Ascension › Quests › Search for the Artefact): "a friendly
 * HERO that is not within friendly territory, is not in combat and is within 1" of a terrain
 * feature". Within friendly territory = any part of the unit inside its army's territory (Core
 * 9.1.2; `withinTerritory(…, 0)`); a game without territories has no eligible HERO (the rule
 * cannot be checked). Within 1" of a terrain feature: the port's closest distance (Core 2.1).
 */
export function artefactSearchers(c: Ctx, player: PlayerId): string[] {
  const territory = c.s.territories?.[player];
  if (territory === undefined) return [];
  const features = c.port.terrainFeatures();
  return unitsOf(c, player).filter(
    (u) =>
      unitHasKeyword(c.s, u, 'HERO') &&
      !c.port.withinTerritory(u, territory, 0) &&
      !inCombat(c.s, c.port, u) &&
      features.some((f) => c.port.distance(u, f) <= 1 + EPS),
  );
}

/**
 * Search for the Artefact (Ascension › Quests): "At the end of each of your turns, you can pick a
 * friendly HERO that is not within friendly territory, is not in combat and is within 1" of a
 * terrain feature. If you do so, roll a dice. On a 4+, that HERO finds a clue and you gain 1 quest
 * point." Runs at the end of the active player's turn when their quest is Search for the Artefact.
 * Sightline's pick (docs/campaign.md): the player always searches when a HERO is eligible (the
 * search costs nothing), with the first eligible HERO in roster order (which HERO does not change
 * the roll). The dice is rolled from the state's PRNG and logged (`searchForTheArtefact:UNIT`).
 */
export function searchForTheArtefact(c: Ctx): void {
  const s = c.s;
  const active = s.active as PlayerId;
  const st = s.ascension as AscensionState;
  if (s.battleplan.ascension?.quests?.[active] !== SEARCH_FOR_THE_ARTEFACT || !st.clues) return;
  const hero = artefactSearchers(c, active)[0];
  if (hero === undefined) return;
  const [roll] = rollLogged(c, 1, 6, `searchForTheArtefact:${hero}`, active);
  const found = roll >= 4;
  if (found) st.clues[active] += 1;
  c.events.push({ type: 'clueSearch', player: active, unitId: hero, roll, found, clues: st.clues[active], rule: 'Ascension › Quests › Search for the Artefact' });
}

/** Plan-view radius of a model's base, inches: `far` the largest (wholly within), else the smallest (within). */
function baseRadiusInches(base: { shape: string; diameterMm?: number; lengthMm?: number; widthMm?: number }, far: boolean): number {
  const mm = base.shape === 'round' ? (base.diameterMm ?? 0) : far ? Math.max(base.lengthMm ?? 0, base.widthMm ?? 0) : Math.min(base.lengthMm ?? 0, base.widthMm ?? 0);
  return mm / 2 / 25.4;
}

const EPS = 1e-6;

/** Is every living model of the unit wholly within `inches` of the point (Core 2.1.1; A-R19)? */
export function unitWhollyWithinPoint(c: Ctx, unitId: string, p: readonly [number, number], inches: number): boolean {
  const ms = aliveModels(c.s, unitId);
  if (!ms.length) return false;
  return ms.every((m) => {
    const at = c.port.modelPosition(m.id);
    return at !== null && Math.hypot(at[0] - p[0], at[1] - p[1]) + baseRadiusInches(m.base, true) <= inches + EPS;
  });
}

/** Is any living model of the unit within `inches` of the table edge (G23 Escape to Safety)? */
export function unitWithinEdge(c: Ctx, unitId: string, edge: 'x0' | 'xW' | 'y0' | 'yD', table: { width: number; depth: number }, inches: number): boolean {
  return aliveModels(c.s, unitId).some((m) => {
    const at = c.port.modelPosition(m.id);
    if (!at) return false;
    const d = edge === 'x0' ? at[0] : edge === 'xW' ? table.width - at[0] : edge === 'y0' ? at[1] : table.depth - at[1];
    return d - baseRadiusInches(m.base, false) <= inches + EPS;
  });
}

const unitsOf = (c: Ctx, p: PlayerId) => Object.values(c.s.units).filter((u) => u.owner === p && u.manifestation === undefined && onBattlefield(c, u.id)).map((u) => u.id);

/** Objectives the player's units contest (Core 32.1), among those still in play. */
function contestedBy(c: Ctx, p: PlayerId, objectives: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const u of unitsOf(c, p)) for (const o of objectives) if (c.port.contests(u, o)) out.add(o);
  return out;
}

/** Roll a D3 logged for a scoring rule. */
const d3 = (c: Ctx, why: string, p: PlayerId) => rollLogged(c, 1, 3, why, p)[0];

/**
 * Victory points at the end of a turn (each battleplan's Victory Points), for the active player
 * and, for rules scored at the end of each turn (Escape to Safety, Claim their Skulls), both.
 * Events `vpScored` name each rule.
 */
export function ascensionEndOfTurn(c: Ctx): void {
  const s = c.s;
  const setup = s.battleplan.ascension as AscensionSetup;
  const st = s.ascension as AscensionState;
  const def = ASCENSION[setup.id];
  const active = s.active as PlayerId;
  const role = (p: PlayerId) => setup.roles[p];
  const score = (p: PlayerId, vp: number, rule: string, detail: Record<string, unknown> = {}) => {
    if (vp <= 0) return;
    s.players[p].vp += vp;
    c.events.push({ type: 'vpScored', player: p, vp, total: s.players[p].vp, rule, ...detail });
    if (setup.ritual && role(p) === 'ritualist') ritualOnVictoryPoints(c, p, vp, setup.ritual);
  };
  // Burned and removed objectives are out of play; Under Dust and Rubble's cannot be controlled this round (A-R27: nobody's).
  const suspended = suspendedObjectives(s);
  const objectives = s.battleplan.objectives.filter((o) => !st.burned.includes(o) && !(st.outOfPlay ?? []).includes(o) && !suspended.includes(o));
  const enemyContests = contestedBy(c, opponentOf(active), objectives);
  searchForTheArtefact(c);
  for (const rule of def.scoring) {
    if (rule === 'takeAndHold') {
      const held = objectives.filter((o) => s.objectives[o] === active);
      score(active, held.length, 'Take and Hold', { objectives: held });
    } else if (rule === 'stakeAClaim') {
      const held = objectives.filter((o) => s.objectives[o] === active && enemyContests.has(o));
      score(active, held.length, 'Stake a Claim', { objectives: held });
    } else if (rule === 'oursForTheTaking') {
      const held = objectives.filter((o) => s.objectives[o] === active && !enemyContests.has(o));
      score(active, 2 * held.length, 'Ours For the Taking', { objectives: held });
    } else if (rule === 'claimTheirSkulls') {
      // A-R16: each enemy unit destroyed by one of the player's units since the last check scores
      // for that player (the unit that inflicted the final damage, `destroyed[].by`); a unit
      // destroyed by its own army, by a rule or by damage entered by hand scores for nobody.
      for (const d of st.destroyed ?? []) {
        const u = s.units[d.unitId];
        if (u.manifestation !== undefined || isAlive(s, u.id) || st.scoredDestroyed.includes(u.id) || st.escaped.includes(u.id)) continue;
        st.scoredDestroyed.push(u.id);
        if (d.by === null || s.units[d.by]?.owner === u.owner) continue;
        const cost = s.players[u.owner].roster.units.find((x) => x.id === u.id)?.points ?? 0;
        score(opponentOf(u.owner), claimTheirSkullsVp(cost), 'Claim their Skulls', { unitId: u.id, points: cost, by: d.by });
      }
    } else if (rule === 'holdTheCentre') {
      const near = (p: PlayerId) => unitsOf(c, p).some((u) => c.port.landmarkDistance(u, 'centre') <= 6 + EPS);
      if (near(active) && !near(opponentOf(active))) score(active, 1, 'Hold the Centre');
    } else if (rule === 'takeTheFlanks') {
      const held = setup.neutralCorners.filter((k) => unitsOf(c, active).some((u) => unitWhollyWithinPoint(c, u, k, 12)) && !unitsOf(c, opponentOf(active)).some((u) => unitWhollyWithinPoint(c, u, k, 12)));
      score(active, held.length, 'Take the Flanks', { corners: held });
    } else if (rule === 'escapeToSafety' && setup.escapeEdge) {
      // At the end of each turn; the trespasser escapes every unit it can (Sightline's choice, docs/campaign.md).
      const tres = PLAYERS.find((p) => role(p) === 'trespasser') as PlayerId;
      for (const u of unitsOf(c, tres)) {
        if (!unitWithinEdge(c, u, setup.escapeEdge, setup.table, 3) || inCombat(s, c.port, u)) continue;
        st.escaped.push(u);
        s.units[u].status = 'removed';
        score(tres, d3(c, `escapeToSafety:${u}`, tres), 'Escape to Safety', { unitId: u });
      }
    } else if (rule === 'burnItDown' && role(active) === 'raider') {
      // After Take and Hold; the raider burns the first objective it controls (Sightline's choice).
      const o = objectives.find((x) => s.objectives[x] === active);
      if (o !== undefined) {
        st.burned.push(o);
        s.objectives[o] = null;
        score(active, d3(c, `burnItDown:${o}`, active), 'Burn It Down', { objectiveId: o });
      }
    } else if (rule === 'powerGrows' && role(active) === 'ritualist') {
      const sites = (setup.sites ?? []).filter((o) => objectives.includes(o) && s.objectives[o] === active);
      score(active, sites.length, 'Power Grows (sites of power)', { objectives: sites });
      if (setup.altar && objectives.includes(setup.altar) && s.objectives[setup.altar] === active) score(active, d3(c, 'powerGrows:altar', active), 'Power Grows (altar)', { objectiveId: setup.altar });
    } else if (rule === 'iconoclasts' && role(active) === 'attacker') {
      const mine = contestedBy(c, active, objectives);
      const contestedOnly = objectives.filter((o) => mine.has(o) && s.objectives[o] !== active);
      score(active, contestedOnly.length, 'Iconoclasts (contested)', { objectives: contestedOnly });
      for (const o of objectives.filter((x) => s.objectives[x] === active)) score(active, d3(c, `iconoclasts:${o}`, active), 'Iconoclasts (controlled)', { objectiveId: o });
    }
  }
}

/** Claim their Skulls: 1 VP for every 100 points the destroyed unit costs (390 → 3; Ascension, T-52). */
export function claimTheirSkullsVp(points: number): number {
  return Math.floor(points / 100);
}

/**
 * The twist at the start of each battle round (Ascension › Path to Glory Battles › Twists): the
 * underdog rolls; with none, the players roll off (re-rolling ties) and the winner rolls as though
 * they were the underdog. Recorded in `state.ascension.twists` and as an event.
 */
export function ascensionStartOfRound(c: Ctx): void {
  const s = c.s;
  const setup = s.battleplan.ascension as AscensionSetup;
  const st = s.ascension as AscensionState;
  const def = ASCENSION[setup.id];
  let roller = s.underdog;
  const underdog = roller !== null;
  while (roller === null) {
    const [a] = rollLogged(c, 1, 6, 'twist-rolloff', 'p1');
    const [b] = rollLogged(c, 1, 6, 'twist-rolloff', 'p2');
    roller = a > b ? 'p1' : b > a ? 'p2' : null;
  }
  const [roll] = rollLogged(c, 1, def.twistDie, 'twist', roller);
  const twist = def.twists.find((x) => roll >= x.faces[0] && roll <= x.faces[1]) as Twist;
  // Wild Fire: "The underdog can pick up to D3 terrain features": the D3 is rolled with the twist.
  const features = twist.name === 'Wild Fire' ? rollLogged(c, 1, 3, 'wildFire:features', roller)[0] : undefined;
  st.twists.push({ round: s.round, roller, underdog, roll, name: twist.name, ...(features !== undefined ? { features } : {}) });
  c.events.push({ type: 'twist', round: s.round, roller, underdog, roll, name: twist.name, text: twist.text, ...(features !== undefined ? { features } : {}) });
}

/** Glorious Victory: a lead of 5+ is a major victory, 1-4 minor, a tie a draw (T-53). */
export function gloriousResult(vp: Record<PlayerId, number>, withdrawn: PlayerId | null): NonNullable<AscensionState['result']> {
  if (withdrawn) return { [withdrawn]: 'major-defeat', [opponentOf(withdrawn)]: 'major-victory' } as NonNullable<AscensionState['result']>;
  const of = (p: PlayerId) => {
    const lead = vp[p] - vp[opponentOf(p)];
    return lead >= 5 ? 'major-victory' : lead >= 1 ? 'minor-victory' : lead === 0 ? 'draw' : lead <= -5 ? 'major-defeat' : 'minor-defeat';
  };
  return { p1: of('p1'), p2: of('p2') } as NonNullable<AscensionState['result']>;
}

/** Sets the result when the battle ends (Glorious Victory). */
export function ascensionBattleEnded(c: Ctx): void {
  const s = c.s;
  const st = s.ascension as AscensionState;
  st.result = gloriousResult({ p1: s.players.p1.vp, p2: s.players.p2.vp }, st.withdrawn);
  c.events.push({ type: 'gloriousVictory', result: st.result });
}

/**
 * Can the player withdraw (Ascension › Withdrawing from Battle): at the start of their hero
 * phase, when at least half of the units of their starting army have been destroyed (T-54: 4 of
 * 7 yes, 3 of 7 no). Units that escaped are not destroyed.
 */
export function canWithdraw(s: GameState, player: PlayerId): { ok: true } | { ok: false; reason: string } {
  const st = s.ascension;
  if (!st) return { ok: false, reason: 'only Path to Glory battleplans allow withdrawing' };
  if (s.stage !== 'turn' || s.active !== player || s.phase !== 'hero') return { ok: false, reason: 'a player withdraws at the start of their hero phase' };
  const start = st.startingUnits[player];
  const destroyed = start.filter((id) => !isAlive(s, id) && !st.escaped.includes(id)).length;
  if (destroyed * 2 < start.length) return { ok: false, reason: `${destroyed} of ${start.length} starting units destroyed: at least half must be` };
  return { ok: true };
}

/**
 * Withdraw (`{"type": "withdraw", "player"}`): the player's units are removed from play (not
 * destroyed) and the opponent wins a major victory; nothing is left for the opponent to achieve
 * in Sightline's games (quests are counted in the aftermath), so the battle ends at once.
 */
export function withdraw(c: Ctx, player: PlayerId): void {
  const ok = canWithdraw(c.s, player);
  if (!ok.ok) reject(ok.reason, 'Ascension › Path to Glory Battles › Withdrawing from Battle');
  const st = c.s.ascension as AscensionState;
  st.withdrawn = player;
  c.events.push({ type: 'withdrew', player });
  c.s.stage = 'ended';
  c.s.winner = opponentOf(player);
  ascensionBattleEnded(c);
  c.events.push({ type: 'battleEnded', winner: c.s.winner, vp: { p1: c.s.players.p1.vp, p2: c.s.players.p2.vp } });
}

/**
 * Raise the Alarm (Wreck and Ruin › Reinforcements; Your Movement Phase, CORE): the unit must be
 * set up wholly within 6" of the battlefield edge (every model within 6" of an edge, centres plus
 * base radii) and not in combat (checked after the set-up); the arrival roll is a dice, +1 this
 * round if the defender is the underdog and Uncertain Reinforcements was rolled, -1 if the raider
 * is (T-60). On 4+ the unit is set up (returns true); otherwise it stays in reserve (false; the
 * roll is recorded and the unit cannot try again this phase).
 */
export function raiseTheAlarm(c: Ctx, unitId: string, positions: Readonly<Record<string, readonly [number, number]>>): boolean {
  const s = c.s;
  const setup = s.battleplan.ascension as AscensionSetup;
  const st = s.ascension as AscensionState;
  const rule = 'Ascension › Wreck and Ruin › Reinforcements';
  const { width: W, depth: D } = setup.table;
  for (const m of rosterUnit(s, unitId).models) {
    const p = positions[m.id];
    if (!p) continue;
    const edge = Math.min(p[0], W - p[0], p[1], D - p[1]) + baseRadiusInches(m.base, true);
    if (edge > 6 + EPS) reject(`model "${m.id}" would not be wholly within 6" of the battlefield edge (${edge.toFixed(2)}")`, rule);
  }
  const key = `${s.round}:${unitId}`;
  if ((st.alarms ?? []).includes(key)) reject(`"${unitId}" already made its arrival roll this phase`, rule);
  const twist = st.twists.find((x) => x.round === s.round && x.name === 'Uncertain Reinforcements');
  const mod = twist ? (setup.roles[twist.roller] === 'raider' ? -1 : 1) : 0;
  const [d] = rollLogged(c, 1, 6, `raiseTheAlarm:${unitId}`, s.units[unitId].owner);
  const arrives = d + mod >= 4;
  c.events.push({ type: 'arrivalRoll', unitId, roll: d, modifier: mod, arrives });
  if (!arrives) st.alarms = [...(st.alarms ?? []), key];
  return arrives;
}

/**
 * Why a unit's Retreat inflicts no mortal damage, or null (Core 14.1 otherwise): it has the Path
 * of the Defender's Steel Discipline (its campaign abilities), or the Tactical Withdrawal twist
 * (The Decisive Battle) was rolled this battle round by its army as the underdog.
 */
export function retreatWithoutDamage(s: GameState, unitId: string): string | null {
  const u = s.units[unitId];
  const ru = s.players[u.owner].roster.units.find((x) => x.id === unitId);
  if (ru?.campaign?.abilities.includes('Steel Discipline')) return 'Ascension › Path of the Defender › Steel Discipline';
  if (s.ascension?.twists.some((t) => t.round === s.round && t.roller === u.owner && t.name === 'Tactical Withdrawal')) return 'Ascension › The Decisive Battle › Tactical Withdrawal';
  return null;
}

/**
 * What each twist lets the underdog pick (Ascension › each battleplan's Twist table); absent:
 * nothing to pick. `terrainFeatures`: up to the twist's D3 features (Wild Fire); `point`: where a
 * new objective is placed (Spied Treasure).
 */
export const TWIST_PICKS: Readonly<Record<string, 'friendlyUnit' | 'enemyUnit' | 'objective' | 'terrainFeatures' | 'point'>> = {
  'Under Dust and Rubble': 'objective',
  'Lead the Attack': 'friendlyUnit',
  "Fool's Gold": 'objective',
  'An Eye For Riches': 'friendlyUnit',
  'At All Costs': 'friendlyUnit',
  'Steeled Resolve': 'friendlyUnit',
  'Line-breakers': 'friendlyUnit',
  'Defensive Formation': 'friendlyUnit',
  'Storm the Enemy': 'friendlyUnit',
  'The Earth Trembles': 'enemyUnit',
  'Eruption of Power': 'objective',
  'Wild Fire': 'terrainFeatures',
  'Spied Treasure': 'point',
};

/** The twist of the current battle round if it is `name`, else null. */
export function currentTwist(s: GameState, name: string): AscensionState['twists'][number] | null {
  return s.ascension?.twists.find((t) => t.round === s.round && t.name === name) ?? null;
}

/** Is `unitId` the unit picked for the twist `name` this battle round? */
export function twistPicked(s: GameState, name: string, unitId: string): boolean {
  return currentTwist(s, name)?.pick?.unitId === unitId;
}

/**
 * Terrain features that have the Obscuring terrain ability this battle round besides their own
 * abilities: those picked for Wild Fire (The Ruined Settlement: "Those terrain features gain the
 * 'Obscuring' terrain ability until the start of the next battle round"). Passed to the port's
 * `terrainProtection`, which never changes the battlefield.
 */
export function twistObscuring(s: GameState): string[] {
  return currentTwist(s, 'Wild Fire')?.pick?.featureIds ?? [];
}

/**
 * The units that have any of the terrain features within their combat range (Wild Fire; Core
 * 7.0, A-G17b: a living model within 3" horizontally of the feature's footprint, the port's
 * `terrainContestingModels`), in roster order: units on the battlefield, manifestations excluded
 * (they are not units, Magic 7.0).
 */
export function unitsNearFeatures(s: GameState, port: GeometryPort, featureIds: readonly string[]): string[] {
  return Object.values(s.units)
    .filter((u) => {
      if (!unitOnBattlefield(s, port, u.id)) return false;
      const alive = new Set(aliveModels(s, u.id).map((m) => m.id));
      return featureIds.some((f) => port.terrainContestingModels(u.id, f).some((m) => alive.has(m)));
    })
    .map((u) => u.id);
}

/**
 * Wild Fire's pick that burns the enemy (Ascension › The Ruined Settlement › Wild Fire): the
 * terrain features with more enemy than friendly units of `player` within combat range
 * ({@link unitsNearFeatures}), most enemy units first (ties in the battlefield's feature order), at
 * most `max` (the D3 rolled). Empty when no feature burns more enemy units than friendly ones.
 */
export function wildFireSuggestion(s: GameState, port: GeometryPort, player: PlayerId, max: number): string[] {
  const score = (f: string) => unitsNearFeatures(s, port, [f]).reduce((n, u) => n + (s.units[u].owner === player ? -1 : 1), 0);
  return port
    .terrainFeatures()
    .map((f, i) => ({ f, i, n: score(f) }))
    .filter((x) => x.n > 0)
    .sort((a, b) => b.n - a.n || a.i - b.i)
    .slice(0, max)
    .map((x) => x.f);
}

/** A unit (not a manifestation, Magic 7.0) with a model on the battlefield (not in reserve, not undeployed). */
function unitOnBattlefield(s: GameState, port: GeometryPort, unitId: string): boolean {
  const u = s.units[unitId];
  return u.manifestation === undefined && u.status === undefined && isAlive(s, unitId) && (port.onBattlefield ? port.onBattlefield(unitId) : true);
}

/** "Within" / "more than" tolerance of the geometry (0.001", docs/interpretations.md): "more than 9"" is the complement of "within 9"". */
const EPSILON_INCHES = 0.001;

/** The diameter of a new objective marker (Spied Treasure): 40 mm (Core 32.0, INVENTORY G17), in inches. */
export const NEW_OBJECTIVE_DIAMETER_INCHES = 40 / 25.4;

/**
 * Why a new objective cannot be placed centred at `at` (inches) for Spied Treasure (Ascension ›
 * Relics of Myth: "in neutral territory, more than 9" from all other objectives and more than 3"
 * from all units"), or null when it can. A-R21: the whole 40 mm marker must be in neutral
 * territory (no part of it within either player's territory, Core 9.1.2, and all of it on the
 * battlefield); the 9" and 3" are closest distances (Core 2.1: from the marker's edge, to the
 * other markers' edges and the units' bases) and must be more than 9" / 3". Objectives removed
 * from play (Fool's Gold, burned) are no longer objectives; manifestations are not units.
 */
export function spiedTreasureProblem(s: GameState, port: GeometryPort, at: Point2): string | null {
  if (!port.markerSite) return 'this battlefield cannot measure a new objective marker';
  if (!s.territories) return 'the game has no territories: neutral territory is unknown';
  const site = port.markerSite(at, NEW_OBJECTIVE_DIAMETER_INCHES);
  const where = `(${at[0]}, ${at[1]})`;
  if (!site.onBattlefield) return `an objective at ${where} would not be wholly on the battlefield`;
  for (const p of PLAYERS) if (site.inTerritory(s.territories[p])) return `an objective at ${where} would be within ${p}'s territory, not in neutral territory`;
  const st = s.ascension;
  for (const o of s.battleplan.objectives) {
    if (st?.burned.includes(o) || st?.outOfPlay?.includes(o)) continue;
    const d = site.distanceInches(o);
    if (d <= 9 + EPSILON_INCHES) return `an objective at ${where} would be ${d.toFixed(2)}" from objective "${o}": it must be more than 9"`;
  }
  for (const u of Object.values(s.units)) {
    if (!unitOnBattlefield(s, port, u.id)) continue;
    const d = site.distanceInches(u.id);
    if (d <= 3 + EPSILON_INCHES) return `an objective at ${where} would be ${d.toFixed(2)}" from unit "${u.id}": it must be more than 3"`;
  }
  return null;
}

/**
 * The scripted policy's point for Spied Treasure, or null when no legal point is found ("if
 * possible": the twist then does nothing). A deterministic search: the points of a 1" grid over
 * the table (x, y whole inches), nearest first to the centroid of `player`'s models on the
 * battlefield (so the underdog can reach it; the table's centre when it has none), ties by y
 * then x; the first point {@link spiedTreasureProblem} accepts.
 */
export function spiedTreasureSite(s: GameState, port: GeometryPort, player: PlayerId): [number, number] | null {
  if (!port.markerSite || !s.territories) return null;
  const table = s.battleplan.ascension?.table;
  if (!table) return null;
  let sx = 0;
  let sy = 0;
  let n = 0;
  for (const u of Object.values(s.units)) {
    if (u.owner !== player || u.manifestation !== undefined || u.status !== undefined) continue;
    for (const m of aliveModels(s, u.id)) {
      const at = port.modelPosition(m.id);
      if (!at) continue;
      sx += at[0];
      sy += at[1];
      n++;
    }
  }
  const from: Point2 = n > 0 ? [sx / n, sy / n] : [table.width / 2, table.depth / 2];
  const grid: [number, number][] = [];
  for (let y = 1; y < table.depth; y++) for (let x = 1; x < table.width; x++) grid.push([x, y]);
  const d = (p: Point2) => Math.hypot(p[0] - from[0], p[1] - from[1]);
  grid.sort((a, b) => d(a) - d(b) || a[1] - b[1] || a[0] - b[0]);
  return grid.find((p) => spiedTreasureProblem(s, port, p) === null) ?? null;
}

/** Objectives that cannot be controlled this battle round (Under Dust and Rubble, A-R27). */
export function suspendedObjectives(s: GameState): string[] {
  const o = currentTwist(s, 'Under Dust and Rubble')?.pick?.objectiveId;
  return o === undefined ? [] : [o];
}

/**
 * Twist modifiers for an attack by `attacker` on `target` this battle round: Lead the Attack (+1
 * Attacks, melee weapons, "until the start of the next battle round"), Steeled Resolve (−1 to
 * wound rolls for attacks that target the unit), Defensive Formation (+1 to save rolls).
 */
export function twistAttackModifiers(s: GameState, attacker: string, target: string, kind: 'shoot' | 'fight' = 'fight'): { attacks: number; wound: number; save: number } {
  if (!s.ascension) return { attacks: 0, wound: 0, save: 0 };
  // The Ritual › Ritual of Darkness: "While the ritualist has 8 or more victory points, they can
  // add 1 to wound rolls for combat attacks made by friendly units."
  const setup = s.battleplan.ascension;
  const owner = s.units[attacker].owner;
  const darkness = kind === 'fight' && setup?.ritual === 'darkness' && setup.roles[owner] === 'ritualist' && s.players[owner].vp >= 8 ? 1 : 0;
  return {
    attacks: twistPicked(s, 'Lead the Attack', attacker) ? 1 : 0,
    wound: (twistPicked(s, 'Steeled Resolve', target) ? -1 : 0) + darkness,
    save: twistPicked(s, 'Defensive Formation', target) ? 1 : 0,
  };
}

/**
 * STRIKE-FIRST / STRIKE-LAST from a twist this battle round: Storm the Enemy (STRIKE-FIRST),
 * Line-breakers (STRIKE-FIRST "if it charged in the same turn"), The Earth Trembles (STRIKE-LAST).
 */
export function twistStrike(s: GameState, unitId: string): { first: boolean; last: boolean } {
  if (!s.ascension) return { first: false, last: false };
  return {
    first: twistPicked(s, 'Storm the Enemy', unitId) || (twistPicked(s, 'Line-breakers', unitId) && s.units[unitId].turn.charged) || s.units[unitId].turn.primalForce === true,
    last: twistPicked(s, 'The Earth Trembles', unitId),
  };
}

/** Control score bonus from a twist: At All Costs / An Eye For Riches (+3 "until the start of the next battle round"). */
export function twistControlBonus(s: GameState, unitId: string): number {
  return s.ascension && (twistPicked(s, 'At All Costs', unitId) || twistPicked(s, 'An Eye For Riches', unitId)) ? 3 : 0;
}

/** Hold the Line (The Ambush): the underdog's Rally spends no command points this battle round; the rule, or null. */
export function rallyFree(s: GameState, player: PlayerId): string | null {
  const t = currentTwist(s, 'Hold the Line');
  return t && t.roller === player ? 'Ascension › The Ambush › Hold the Line' : null;
}

/**
 * The twist pick still owed this battle round (issue 37 item 2): the round's twist names something
 * to pick, its roller has neither picked nor declined, and the start-of-turn phase of the round's
 * first turn (the only time it is picked) is on. When the roller is not the active player the
 * phase cannot end until the roller answers (`endPhase` is refused with this), so the pick is
 * never lost; the active roller ending the phase picks nothing. Null when nothing is owed.
 */
export function twistPickOwed(s: GameState): { player: PlayerId; name: string; reason: string; rule: string } | null {
  const t = s.ascension?.twists.find((x) => x.round === s.round);
  if (!t || t.pick || t.declined || TWIST_PICKS[t.name] === undefined) return null;
  if (s.stage !== 'turn' || s.turnInRound !== 0 || s.phase !== 'startOfTurn') return null;
  const def = s.battleplan.ascension ? ASCENSION[s.battleplan.ascension.id] : undefined;
  const kind = TWIST_PICKS[t.name];
  const what = kind === 'objective' ? 'an objective' : kind === 'terrainFeatures' ? 'terrain features' : kind === 'point' ? 'a point for a new objective' : kind === 'enemyUnit' ? 'an enemy unit' : 'a friendly unit';
  return {
    player: t.roller,
    name: t.name,
    reason: `${t.roller} rolled ${t.name} and picks ${what} for it first (or picks nothing)`,
    rule: def ? `Ascension › ${def.name} › ${t.name}` : 'Ascension › Path to Glory Battles › Twists',
  };
}

/**
 * `twistPick` (Ascension › Path to Glory Battles › Twists): the player who rolled the twist this
 * battle round picks what it names: a friendly unit (Lead the Attack, At All Costs, An Eye For
 * Riches, Steeled Resolve, Line-breakers, Defensive Formation, Storm the Enemy), an enemy unit (The
 * Earth Trembles), an objective (Under Dust and Rubble, Fool's Gold: removed from play, Eruption
 * of Power: a dice for each unit contesting it, 4+ → D3 mortal damage, nobody's kill), terrain
 * features (Wild Fire: `featureIds`, 1 to the twist's D3 different features of the battlefield;
 * they are Obscuring this battle round, {@link twistObscuring}, and each unit with one of them
 * within its combat range rolls a dice, 4+ → D3 mortal damage, nobody's kill) or a point (Spied
 * Treasure: `at`, inches; a new objective is placed there, {@link placeSpiedTreasure}). Once, at
 * the start of the battle round: in the start-of-turn phase of its first turn; a pick naming nothing
 * declines it ("can pick"; event `twistDeclined`). Refused with the twist's rule otherwise.
 */
export function twistPick(c: Ctx, a: { player: PlayerId; unitId?: string; objectiveId?: string; featureIds?: readonly string[]; at?: readonly [number, number] }): void {
  const s = c.s;
  const st = s.ascension;
  const t = st?.twists.find((x) => x.round === s.round);
  const def = s.battleplan.ascension ? ASCENSION[s.battleplan.ascension.id] : undefined;
  const rule = t && def ? `Ascension › ${def.name} › ${t.name}` : 'Ascension › Path to Glory Battles › Twists';
  if (!t || !st) reject('no twist was rolled this battle round', rule);
  const kind = TWIST_PICKS[t.name];
  if (kind === undefined) reject(`${t.name} has nothing to pick`, rule);
  if (a.player !== t.roller) reject(`${t.roller} rolled the twist and picks for it`, rule);
  if (t.pick || t.declined) reject(`${t.name} was already ${t.pick ? 'picked' : 'declined'} this battle round`, rule);
  if (s.stage !== 'turn' || s.turnInRound !== 0 || s.phase !== 'startOfTurn') reject('the twist is picked at the start of the battle round (the start of its first turn)', rule);
  const given = (['unitId', 'objectiveId', 'featureIds', 'at'] as const).filter((k) => a[k] !== undefined);
  // "The underdog can pick": a pick naming nothing declines it (and lets the phase end).
  if (given.length === 0) {
    t.declined = true;
    c.events.push({ type: 'twistDeclined', name: t.name, player: a.player });
    return;
  }
  const field = kind === 'objective' ? 'objectiveId' : kind === 'terrainFeatures' ? 'featureIds' : kind === 'point' ? 'at' : 'unitId';
  if (given.length !== 1 || given[0] !== field) {
    const what = kind === 'objective' ? 'an objective' : kind === 'terrainFeatures' ? `up to ${t.features ?? 0} terrain features` : kind === 'point' ? 'a point for the new objective' : kind === 'enemyUnit' ? 'an enemy unit' : 'a friendly unit';
    reject(`${t.name} picks ${what} ("${field}")`, rule);
  }
  if (kind === 'terrainFeatures') {
    const ids = a.featureIds as readonly string[];
    const known = c.port.terrainFeatures();
    const limit = t.features ?? 0;
    if (ids.length === 0) reject(`${t.name} picks at least 1 terrain feature (or none is picked)`, rule);
    if (ids.length > limit) reject(`${t.name} picks up to D3 terrain features: the D3 rolled ${limit}, ${ids.length} picked`, rule);
    for (const [i, f] of ids.entries()) {
      if (!known.includes(f)) reject(`"${f}" is not a terrain feature of the battlefield`, rule);
      if (ids.indexOf(f) !== i) reject(`"${f}" is picked twice`, rule);
    }
    t.pick = { featureIds: [...ids] };
    c.events.push({ type: 'twistPicked', name: t.name, player: a.player, featureIds: [...ids] });
    // "roll a dice for each unit that has any of those terrain features within its combat range. On a 4+, inflict D3 mortal damage on that unit."
    for (const u of unitsNearFeatures(s, c.port, ids)) {
      const [d] = rollLogged(c, 1, 6, `wildFire:${u}`, a.player);
      if (d >= 4) mortalDamage(c, u, rollLogged(c, 1, 3, `wildFire:${u}:mortal`, a.player)[0], `twist:${t.name}`);
    }
    return;
  }
  if (kind === 'point') {
    placeSpiedTreasure(c, a.player, a.at as readonly [number, number], rule);
    return;
  }
  if (kind === 'objective') {
    const objectiveId = a.objectiveId as string;
    const inPlay = s.battleplan.objectives.filter((o) => !st.burned.includes(o) && !(st.outOfPlay ?? []).includes(o));
    if (!inPlay.includes(objectiveId)) reject(`"${objectiveId}" is not an objective in play`, rule);
    t.pick = { objectiveId: objectiveId };
    c.events.push({ type: 'twistPicked', name: t.name, player: a.player, objectiveId: objectiveId });
    if (t.name === "Fool's Gold") {
      st.outOfPlay = [...(st.outOfPlay ?? []), objectiveId];
      s.objectives[objectiveId] = null;
    } else if (t.name === 'Eruption of Power') {
      for (const u of Object.values(s.units)) {
        if (u.manifestation !== undefined || !onBattlefield(c, u.id) || !c.port.contests(u.id, objectiveId)) continue;
        const [d] = rollLogged(c, 1, 6, `eruptionOfPower:${u.id}`, a.player);
        if (d >= 4) mortalDamage(c, u.id, rollLogged(c, 1, 3, `eruptionOfPower:${u.id}:mortal`, a.player)[0], `twist:${t.name}`);
      }
    }
    return;
  }
  const unitId = a.unitId as string;
  const u = Object.prototype.hasOwnProperty.call(s.units, unitId) ? s.units[unitId] : undefined;
  if (!u || u.manifestation !== undefined || !onBattlefield(c, unitId)) reject(`"${unitId}" is not a unit on the battlefield`, rule);
  if ((u.owner === a.player) !== (kind === 'friendlyUnit')) reject(`${t.name} picks ${kind === 'enemyUnit' ? 'an enemy' : 'a friendly'} unit`, rule);
  t.pick = { unitId };
  c.events.push({ type: 'twistPicked', name: t.name, player: a.player, unitId });
}

/**
 * Spied Treasure (Relics of Myth): "If possible, the underdog can place 1 new objective in neutral
 * territory, more than 9" from all other objectives and more than 3" from all units." Refused
 * with the rule unless {@link spiedTreasureProblem} finds none. The new objective (`spied-treasure-rN`,
 * a 40 mm marker) joins `battleplan.objectives`, uncontrolled, and is recorded in
 * `state.ascension.addedObjectives`, which the port learns with every sync: from then on it is
 * contested, controlled and scored like the others for the rest of the battle.
 */
function placeSpiedTreasure(c: Ctx, player: PlayerId, at: readonly [number, number], rule: string): void {
  const s = c.s;
  const st = s.ascension as AscensionState;
  const t = currentTwist(s, 'Spied Treasure') as AscensionState['twists'][number];
  const problem = spiedTreasureProblem(s, c.port, at);
  if (problem !== null) reject(problem, rule);
  const taken = new Set([...s.battleplan.objectives, ...Object.keys(s.units), ...c.port.terrainFeatures(), ...PLAYERS.flatMap((p) => s.players[p].roster.units.flatMap((u) => u.models.map((m) => m.id)))]);
  let id = `spied-treasure-r${s.round}`;
  for (let k = 2; taken.has(id); k++) id = `spied-treasure-r${s.round}-${k}`;
  const point: [number, number] = [at[0], at[1]];
  t.pick = { at: point, objectiveId: id };
  st.addedObjectives = [...(st.addedObjectives ?? []), { id, at: point, diameterInches: NEW_OBJECTIVE_DIAMETER_INCHES, round: s.round }];
  // The one change to the battleplan during play: the objective is an objective of the battle from now on.
  (s as { battleplan: GameState['battleplan'] }).battleplan = { ...s.battleplan, objectives: [...s.battleplan.objectives, id] };
  s.objectives[id] = null;
  c.events.push({ type: 'twistPicked', name: t.name, player, objectiveId: id, at: point });
  c.events.push({ type: 'objectiveAdded', objectiveId: id, at: point, diameterInches: NEW_OBJECTIVE_DIAMETER_INCHES, rule });
  syncPort(c);
}

/**
 * The Ritual › Nature of the Ritual, for each victory point the ritualist scores (A-R17: once per
 * point): Ritual of Blessings ("pick a friendly unit contesting an objective to Heal (D3)": the
 * most damaged one, roster order on ties; none damaged, none picked) and Cursed Ritual ("pick an
 * enemy unit contesting an objective and roll a dice. On a 4+, inflict D3 mortal damage": the
 * first such unit in roster order; nobody's kill, A-R16).
 */
function ritualOnVictoryPoints(c: Ctx, p: PlayerId, vp: number, ritual: RitualId): void {
  const s = c.s;
  const contesting = (side: PlayerId) => Object.values(s.units).filter((u) => u.owner === side && u.manifestation === undefined && onBattlefield(c, u.id) && s.battleplan.objectives.some((o) => c.port.contests(u.id, o)));
  for (let i = 0; i < vp; i++) {
    if (ritual === 'blessings') {
      const hurt = contesting(p).filter((u) => u.damage > 0).sort((a, b) => b.damage - a.damage)[0];
      if (!hurt) return;
      const [d] = rollLogged(c, 1, 3, `ritualOfBlessings:${hurt.id}`, p);
      const healed = Math.min(d, hurt.damage);
      hurt.damage -= healed;
      c.events.push({ type: 'healed', unitId: hurt.id, amount: d, healed, damage: hurt.damage, rule: 'Ascension › The Ritual › Ritual of Blessings' });
    } else if (ritual === 'cursed') {
      const target = contesting(opponentOf(p))[0];
      if (!target) return;
      const [d] = rollLogged(c, 1, 6, `cursedRitual:${target.id}`, p);
      if (d >= 4) mortalDamage(c, target.id, rollLogged(c, 1, 3, `cursedRitual:${target.id}:mortal`, p)[0], 'ritual:Cursed Ritual');
    }
  }
}

/**
 * The Ritual › Ritual of Primal Force: "Each time the ritualist makes an unmodified charge roll
 * equal to the number of victory points they have, the charging unit has STRIKE-FIRST this turn"
 * (T-59: 7 VP, a roll of 7). Called with each charge roll (and re-roll) of the unit.
 */
export function ritualOfPrimalForce(c: Ctx, unitId: string, roll: number): void {
  const s = c.s;
  const setup = s.battleplan.ascension;
  const owner = s.units[unitId].owner;
  if (setup?.ritual !== 'primal-force' || setup.roles[owner] !== 'ritualist' || roll !== s.players[owner].vp) return;
  s.units[unitId].turn.primalForce = true;
  c.events.push({ type: 'ritual', ritual: 'Ritual of Primal Force', unitId, roll, rule: 'Ascension › The Ritual › Ritual of Primal Force' });
}
