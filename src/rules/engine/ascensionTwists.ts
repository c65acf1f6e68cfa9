/**
 * The twists of the Path to Glory: Ascension battleplans (Ascension › Path to Glory Battles ›
 * Twists, each battleplan's Twist table): what each lets the underdog pick ({@link TWIST_PICKS},
 * {@link twistPick}), the modifiers and rules they grant this battle round, and Spied Treasure's
 * new objective. Rolled by `ascension.ts` (`ascensionStartOfRound`); split from it (issue 34).
 *
 * @module
 */
import { aliveModels, isAlive, mortalDamage, onBattlefield, reject, rollLogged, syncPort, type Ctx } from './core';
import type { GeometryPort, Point2 } from './geometryPort';
import { ASCENSION, type AscensionState } from './ascensionData';
import { PLAYERS, type GameState, type PlayerId } from './state';


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
