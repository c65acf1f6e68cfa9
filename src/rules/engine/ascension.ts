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
import { aliveModels, inCombat, isAlive, mortalDamage, onBattlefield, reject, rollLogged, rosterUnit, unitHasKeyword, type Ctx } from './core';
import { ASCENSION, SEARCH_FOR_THE_ARTEFACT, type AscensionSetup, type AscensionState, type RitualId, type Twist } from './ascensionData';
import { suspendedObjectives } from './ascensionTwists';
import { opponentOf, PLAYERS, type GameState, type PlayerId } from './state';

// The battleplans' data and their twists live in their own modules; everything stays importable from here.
export * from './ascensionData';
export * from './ascensionTwists';


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
