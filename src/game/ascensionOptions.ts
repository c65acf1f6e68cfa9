/**
 * A Path to Glory battle's decisions as options of the game session (issue 26 item 5: a campaign
 * battle played in the app, not only headless): the twist the underdog rolled this battle round
 * and its pick (Ascension › Path to Glory Battles › Twists), withdrawing from battle (Ascension ›
 * Withdrawing from Battle), the Path abilities a player uses (`useAbility`: Berserker,
 * Line-breakers, Well of Strength, Full-on Attack, Tactical Acumen, Hunter's Eye) and Sunder the
 * Earth's point (Ascension › Path of the Mage). Every option is an engine action tried with
 * `reduce` by the session's `probe`: the engine decides, nothing is re-implemented here.
 *
 * Only what a player can do now is offered for the battleplan's own decisions (a twist pick,
 * withdrawing), so a battle that has none shows nothing new; a unit's Path abilities are offered
 * when the unit has them, with the engine's reason when they cannot be used now. Outside a Path to
 * Glory battle (`state.ascension` absent) and for units without Path abilities, nothing is added.
 */
import { ASCENSION, spiedTreasureSite, TWIST_PICKS, twistPicked, twistPickOwed, wildFireSuggestion, type AscensionId } from '../rules/engine/ascension';
import { hasPathAbility, isAlive, rosterUnit } from '../rules/engine/core';
import { SPELLS, type Action, type GameState, type GeometryPort, type PlayerId } from '../rules/engine';

/** Tries an action and records it as an option (the session's probe): group, label, rule, action, extra fields. */
export type Probe = (group: string, label: string, rule: string, action: Action, extra?: { target?: string }) => { ok: boolean };

const TWISTS_RULE = 'Ascension › Twists';

/** The twist rolled for the current battle round, with its text and what it asks the roller to pick. */
export interface TwistSummary {
  round: number;
  name: string;
  /** The twist's text as printed in the battleplan. */
  text: string;
  /** The player who rolled it (the underdog, else the roll-off winner, Core 12.0). */
  roller: PlayerId;
  underdog: boolean;
  roll: number;
  /** Wild Fire: the D3 rolled with the twist, the most terrain features the roller can pick; absent otherwise. */
  features?: number;
  /** What the roller picks (a friendly unit, an enemy unit, an objective, ...); null: nothing to pick. */
  picks: string | null;
  /** What was picked, in words (a unit by its roster name, an objective, terrain features by their names, a point in inches; see {@link ascensionSummary}'s `name`); null: not yet (or nothing to pick). */
  pick: string | null;
  /** The pick is still owed now (the start of the battle round, not yet picked nor declined): the roller answers before the phase ends. */
  owed: boolean;
  /** The roller picked nothing. */
  declined: boolean;
}

/** A Path to Glory battle as the Play panel shows it: the battleplan's id, the round's twist and, at the end, the Glorious Victory. */
export interface AscensionSummary {
  battleplan: string;
  twist: TwistSummary | null;
  /** Glorious Victory per player once the battle has ended (Ascension › Path to Glory Battles), else null. */
  result: Record<PlayerId, string> | null;
  /** The player who withdrew from battle, if one did. */
  withdrawn: PlayerId | null;
}

/**
 * The summary of a Path to Glory battle; null outside one. `name` gives a unit, objective or
 * terrain feature's id in words for the twist's pick (the session's dictionary: roster names, the
 * table's names; issue 37 item 8); by default the ids themselves.
 */
export function ascensionSummary(s: GameState, name: (id: string) => string = (id) => id): AscensionSummary | null {
  const st = s.ascension;
  const id = s.battleplan.ascension?.id as AscensionId | undefined;
  if (!st || !id) return null;
  const t = st.twists.find((x) => x.round === s.round) ?? null;
  const def = ASCENSION[id];
  const pick = t?.pick as { unitId?: string; objectiveId?: string; featureIds?: readonly string[]; at?: readonly [number, number] } | undefined;
  const pickText = !pick
    ? null
    : pick.at
      ? `${pick.objectiveId ? name(pick.objectiveId) : 'a new objective'} at (${pick.at[0].toFixed(1)}", ${pick.at[1].toFixed(1)}")`
      : pick.unitId
        ? name(pick.unitId)
        : pick.objectiveId
          ? name(pick.objectiveId)
          : pick.featureIds
            ? pick.featureIds.map(name).join(', ')
            : null;
  return {
    battleplan: id,
    twist: t && {
      round: t.round,
      name: t.name,
      text: def.twists.find((x) => x.name === t.name)?.text ?? '',
      roller: t.roller,
      underdog: t.underdog,
      roll: t.roll,
      ...(t.features !== undefined ? { features: t.features } : {}),
      picks: twistPickKind(t.name),
      pick: pickText,
      owed: twistPickOwed(s) !== null,
      declined: t.declined === true,
    },
    result: st.result,
    withdrawn: st.withdrawn,
  };
}

/** What a twist asks its roller to pick: `friendlyUnit`, `enemyUnit`, `objective`, `terrainFeatures` (Wild Fire), `point` (Spied Treasure), or null for nothing. */
export function twistPickKind(name: string): string | null {
  return (TWIST_PICKS as Readonly<Record<string, string>>)[name] ?? null;
}

/**
 * The battleplan's player-level options now, only those the engine accepts: the twist's pick for
 * its roller (one option per unit or objective; Wild Fire: each terrain feature alone, and the
 * features that burn more enemy than friendly units up to the D3 rolled, `wildFireSuggestion`;
 * Spied Treasure: the first legal point nearest the roller's models, `spiedTreasureSite`; and
 * picking nothing, since the roller "can pick") and withdrawing for the active player in its hero phase. `port` answers the battlefield's questions.
 */
export function ascensionGeneralOptions(s: GameState, port: GeometryPort, probe: Probe): void {
  const st = s.ascension;
  if (!st || s.stage !== 'turn') return;
  const t = st.twists.find((x) => x.round === s.round);
  if (t && !t.pick && !t.declined && s.turnInRound === 0 && s.phase === 'startOfTurn') {
    const kind = twistPickKind(t.name);
    const label = (what: string) => `${t.roller}: ${t.name} → ${what}`;
    if (kind === 'objective') {
      for (const o of s.battleplan.objectives) probe('twist', label(o), TWISTS_RULE, { type: 'twistPick', player: t.roller, objectiveId: o });
    } else if (kind === 'friendlyUnit' || kind === 'enemyUnit') {
      const owner = kind === 'friendlyUnit' ? t.roller : t.roller === 'p1' ? 'p2' : 'p1';
      for (const u of Object.values(s.units)) if (u.owner === owner && isAlive(s, u.id)) probe('twist', label(u.id), TWISTS_RULE, { type: 'twistPick', player: t.roller, unitId: u.id });
    } else if (kind === 'terrainFeatures') {
      const suggested = wildFireSuggestion(s, port, t.roller, t.features ?? 0);
      if (suggested.length > 1) probe('twist', label(`${suggested.join(', ')} (the features that burn more enemy units)`), TWISTS_RULE, { type: 'twistPick', player: t.roller, featureIds: suggested });
      for (const f of port.terrainFeatures()) probe('twist', label(f), TWISTS_RULE, { type: 'twistPick', player: t.roller, featureIds: [f] });
    } else if (kind === 'point') {
      const at = spiedTreasureSite(s, port, t.roller);
      if (at) probe('twist', label(`a new objective at (${at[0].toFixed(1)}", ${at[1].toFixed(1)}")`), TWISTS_RULE, { type: 'twistPick', player: t.roller, at });
    }
    // "The underdog can pick": picking nothing answers the twist too (issue 37 item 2).
    if (kind !== null) probe('twist', label('pick nothing'), TWISTS_RULE, { type: 'twistPick', player: t.roller });
  }
  if (s.phase === 'hero' && s.active) probe('withdraw', `${s.active}: withdraw from battle (the opponent wins a major victory)`, 'Ascension › Withdrawing from Battle', { type: 'withdraw', player: s.active });
}

/** Path abilities used with no target (`useAbility`). Line-breakers is the twist's re-roll (The Decisive Battle). */
const UNTARGETED = ['Berserker', 'Line-breakers', 'Well of Strength', 'Full-on Attack'] as const;
/** Path abilities used on an enemy unit. */
const TARGETED = ['Tactical Acumen', "Hunter's Eye"] as const;

/**
 * A unit's Path to Glory options: the Path abilities it has (and Line-breakers when the round's
 * twist picked it), on each enemy unit for those with a target; Sunder the Earth cast at each
 * enemy unit (the point: its first model on the battlefield, so the line runs from the WIZARD
 * through that unit). `port` answers where models stand.
 */
export function ascensionUnitOptions(s: GameState, port: GeometryPort, unitId: string, probe: Probe): void {
  const u = s.units[unitId];
  if (!u) return;
  const p = u.owner;
  const enemies = Object.values(s.units).filter((e) => e.owner !== p && isAlive(s, e.id) && e.status === undefined);
  const name = (id: string) => rosterUnit(s, id).name;
  const lineBreaker = twistPicked(s, 'Line-breakers', unitId);
  for (const ability of UNTARGETED) {
    if (ability === 'Line-breakers' ? !lineBreaker : !hasPathAbility(s, unitId, ability)) continue;
    probe(`ability:${ability}`, `Use ${ability}`, ability === 'Line-breakers' ? TWISTS_RULE : 'Ascension › Paths', { type: 'useAbility', player: p, unitId, ability });
  }
  for (const ability of TARGETED) {
    if (!hasPathAbility(s, unitId, ability)) continue;
    for (const e of enemies) probe(`ability:${ability}`, `Use ${ability} → ${name(e.id)}`, 'Ascension › Paths', { type: 'useAbility', player: p, unitId, ability, target: e.id }, { target: e.id });
  }
  for (const spell of rosterUnit(s, unitId).warscroll.spells ?? []) {
    const def = SPELLS[spell];
    if (!def || def.target !== 'point') continue;
    for (const e of enemies) {
      // The line is drawn through a unit's model (manifestations are not units here, Magic 7.0).
      if (e.manifestation !== undefined) continue;
      const model = rosterUnit(s, e.id).models.find((m) => !e.slain.includes(m.id));
      const at = model ? port.modelPosition(model.id) : null;
      if (!at) continue;
      const point: [number, number] = [Math.round(at[0] * 100) / 100, Math.round(at[1] * 100) / 100];
      probe(`cast:${spell}`, `Cast ${def.name} → the line through ${name(e.id)}`, 'Magic 2.0', { type: 'cast', player: p, unitId, spell, point }, { target: e.id });
    }
  }
}
