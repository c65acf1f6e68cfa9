/**
 * The aftermath sequence (Ascension › The Aftermath Sequence, `campaign aftermath`): 1. glory by the
 * table's brackets; 2. renown (D3 survived, 1 destroyed, D6 favoured warriors, never the warlord,
 * none for UNIQUE units) and the ranks it gives; 3. quests; 4. the Order of Battle (add one unit,
 * reinforce one, retire any). Pure and deterministic: the same campaign, outcome, choices and seed
 * give the same campaign and record. Every roll is recorded with its reason.
 *
 * @module
 */
import type { RosterUnit } from '../rules/engine/roster';
import { GLORY_TABLE, gloryBracket, QUESTS, rankFor, ranksCrossed, RESULTS, RULE, type BattleResult, type QuestId, type Rank } from './data';
import { CampaignDice } from './dice';
import { hasKeyword, orderOfBattleUnit, questProblems, wildProblems, withWild, type Refusal, type Ruled } from './roster';
import { CampaignSchema, issueLines, type AftermathRecord, type Campaign, type CampaignUnit } from './schema';

/** What happened in the battle, for one player (CAMPAIGN.md `--outcome`). */
export interface BattleOutcome {
  /** The battle's points limit (picks the glory table's column). */
  readonly pointsLimit: number;
  readonly result: BattleResult;
  readonly generalSlain: boolean;
  /** The Order of Battle units that took part, by id. */
  readonly units: Readonly<Record<string, 'survived' | 'destroyed'>>;
  /** Quest points gained this battle (clues found, casting rolls of 8+, ritual points, Wild uses). */
  readonly questPoints?: number;
  /** Rise of a Champion: an enemy HERO or MONSTER was slain by the Rising Champion. */
  readonly championSlew?: boolean;
  /** The battleplan played (recorded): its id or name; Relics of Myth's campaign reward reads it. */
  readonly battleplan?: string | null;
  /** The player's victory points at the end of the battle (Relics of Myth's campaign reward). */
  readonly victoryPoints?: number;
  /**
   * The game's identity (read from a game: its seed and the hash of its state when read,
   * `stateHash`). Recorded with the aftermath; a second aftermath of the same game is refused.
   */
  readonly game?: GameIdentity;
}

/** A played game's identity: the seed of its dice and the hash of its state (docs/campaign.md). */
export interface GameIdentity {
  readonly seed: string;
  readonly stateHash: string;
}

/** Rule cited when a game's aftermath is run twice (Ascension › The Aftermath Sequence: one per battle). */
export const ONE_AFTERMATH_RULE = 'Ascension › The Aftermath Sequence';

/** Relics of Myth's campaign reward, as printed (Ascension › Battleplan: Relics of Myth › Campaign Reward). */
export const RELICS_REWARD = 'Relics of Myth: 1 artefact of power to an eligible HERO on your Order of Battle';

/**
 * Relics of Myth's campaign reward (Ascension › Relics of Myth › Campaign Reward; T-58): "The
 * winner rolls a dice and adds their victory points: on 15+, 1 artefact of power to an eligible
 * HERO on their Order of Battle." Null when the battle was not Relics of Myth, the player did not
 * win (a major or minor victory) or the victory points are unknown.
 */
export function relicsReward(o: BattleOutcome, roll: () => number): { battleplan: string; roll: number; victoryPoints: number; total: number; earned: boolean; reward: string | null } | null {
  const relics = o.battleplan === 'relics-of-myth' || o.battleplan === 'Relics of Myth';
  if (!relics || (o.result !== 'major-victory' && o.result !== 'minor-victory') || o.victoryPoints === undefined) return null;
  const d = roll();
  const total = d + o.victoryPoints;
  return { battleplan: 'relics-of-myth', roll: d, victoryPoints: o.victoryPoints, total, earned: total >= 15, reward: total >= 15 ? RELICS_REWARD : null };
}

/** The player's choices for the aftermath. */
export interface AftermathChoices {
  /** Seed of the aftermath's dice. */
  readonly seed: number | string;
  /** Die faces used before the seeded dice (tests only). */
  readonly diceScript?: readonly number[];
  /** The favoured warriors: a unit that took part, not the warlord. */
  readonly favoured?: string;
  readonly giveUpQuest?: boolean;
  /** A new quest (when the log is empty after completing or giving up, or was empty). */
  readonly newQuest?: { readonly id: QuestId; readonly unit?: string; readonly wild?: string };
  /** Units to add (at most 1 per aftermath), from any army file. */
  readonly add?: readonly RosterUnit[];
  /** Units to reinforce (at most 1 per aftermath; may be the unit just added, by its id). */
  readonly reinforce?: readonly string[];
  readonly retire?: readonly string[];
  /**
   * The starting spells or prayers of the first WIZARD or PRIEST added (Ascension › Path to Glory
   * Roster › 3 › Adding your Starting Spells / Prayers): 1 spell (WIZARD) or 1 prayer (PRIEST) and 1
   * from a manifestation lore, added to the campaign's lores. Refused unless the unit added is the
   * Order of Battle's first WIZARD (spell) or PRIEST (prayer).
   */
  readonly startingLores?: { readonly spell?: string; readonly prayer?: string; readonly manifestation?: string };
}

/**
 * Whether the unit added makes the Order of Battle's first WIZARD / PRIEST (its starting spells or
 * prayers are then to pick): none of `before` has the keyword and `added` has it.
 */
export function firstCaster(before: readonly CampaignUnit[], added: CampaignUnit | RosterUnit | undefined): { wizard: boolean; priest: boolean } {
  const unitOf = (u: CampaignUnit | RosterUnit): RosterUnit => ('unit' in u ? u.unit : u);
  const first = (k: string) => !!added && hasKeyword(unitOf(added), k) && !before.some((u) => hasKeyword(u.unit, k));
  return { wizard: first('WIZARD'), priest: first('PRIEST') };
}

/** Output of {@link runAftermath}: the new campaign and the record appended to its `battles`. */
export interface AftermathOutput {
  readonly campaign: Campaign;
  readonly aftermath: AftermathRecord;
}

/**
 * Glory points earned (Ascension › The Aftermath Sequence › 1; cumulative): fought, major or minor
 * victory, general not slain, by the points limit's column (1000-1250, 1251-1750, 1751-2250, over
 * 2250; under 1000 uses the first, INVENTORY §3.3 D12). Worked example T-55: 1000 points, minor
 * victory, general survived → 30 + 10 + 5 = 45.
 */
export function gloryEarned(pointsLimit: number, result: BattleResult, generalSlain: boolean): { fought: number; victory: number; generalNotSlain: number; total: number } {
  const b = gloryBracket(pointsLimit);
  const fought = GLORY_TABLE.fought[b];
  const victory = result === 'major-victory' ? GLORY_TABLE.majorVictory[b] : result === 'minor-victory' ? GLORY_TABLE.minorVictory[b] : 0;
  const generalNotSlain = generalSlain ? 0 : GLORY_TABLE.generalNotSlain[b];
  return { fought, victory, generalNotSlain, total: fought + victory + generalNotSlain };
}

/** Checks an outcome's shape and that its units are on the Order of Battle (replacement and summoned units never are). */
export function outcomeProblems(c: Campaign, o: BattleOutcome): Refusal[] {
  const out: Refusal[] = [];
  const r = (message: string) => out.push({ rule: 'CAMPAIGN.md › aftermath', message });
  if (!Number.isInteger(o.pointsLimit) || o.pointsLimit < 0) r(`pointsLimit: expected a whole number of points, got ${JSON.stringify(o.pointsLimit)}`);
  if (!RESULTS.includes(o.result)) r(`result: expected one of ${RESULTS.join(', ')}, got ${JSON.stringify(o.result)}`);
  if (typeof o.generalSlain !== 'boolean') r('generalSlain: expected true or false');
  if (o.questPoints !== undefined && (!Number.isInteger(o.questPoints) || o.questPoints < 0)) r('questPoints: expected a whole number >= 0');
  if (o.victoryPoints !== undefined && (!Number.isInteger(o.victoryPoints) || o.victoryPoints < 0)) r('victoryPoints: expected a whole number >= 0');
  if (o.game !== undefined) {
    if (typeof o.game !== 'object' || o.game === null || typeof o.game.seed !== 'string' || typeof o.game.stateHash !== 'string') r('game: expected {"seed": "...", "stateHash": "..."}');
    else {
      const seen = c.battles.find((b) => b.game?.seed === o.game?.seed && b.game?.stateHash === o.game?.stateHash);
      if (seen)
        out.push({
          rule: ONE_AFTERMATH_RULE,
          message: `this game (seed ${o.game.seed}, state hash ${o.game.stateHash}) is already counted: battle ${seen.battle} of the campaign was its aftermath (one aftermath per battle)`,
        });
    }
  }
  if (typeof o.units !== 'object' || o.units === null) r('units: expected {"unit-id": "survived" | "destroyed"}');
  else
    for (const [id, v] of Object.entries(o.units)) {
      if (v !== 'survived' && v !== 'destroyed') r(`units.${id}: expected "survived" or "destroyed", got ${JSON.stringify(v)}`);
      if (!c.units.some((u) => u.id === id)) out.push({ rule: 'Ascension › Path to Glory Battles › Replacement Units and Summoned Units', message: `units.${id}: not on the Order of Battle (replacement and summoned units are never added to it)` });
    }
  return out;
}

/** Adds renown to a unit (never to a UNIQUE one), updating its rank and pending ranks. */
function gainRenown(u: CampaignUnit, gained: number): { unit: CampaignUnit; ranksGained: Rank[] } {
  if (u.unique || gained <= 0) return { unit: u, ranksGained: [] };
  const renown = u.renown + gained;
  const ranksGained = ranksCrossed(u.renown, renown);
  return { unit: { ...u, renown, rank: rankFor(renown), pendingRanks: [...u.pendingRanks, ...ranksGained] }, ranksGained };
}

/** A unit from an army file with ids that clash with nothing on the Order of Battle (a suffix `-2`, `-3`, … when needed). */
function freshIds(c: Campaign, u: RosterUnit): RosterUnit {
  const unitIds = new Set(c.units.map((x) => x.id));
  const modelIds = new Set(c.units.flatMap((x) => x.unit.models.map((m) => m.id)));
  let id = u.id;
  for (let k = 2; unitIds.has(id); k++) id = `${u.id}-${k}`;
  const clash = u.models.some((m) => modelIds.has(m.id));
  return { ...structuredClone(u), id, models: u.models.map((m) => ({ ...structuredClone(m), id: clash ? `${id}/${m.id}` : m.id })) };
}

/** The unit with twice its models (ArmyComp 3.3): each model copied with the id suffix `-r`. */
export function doubledModels(u: RosterUnit): RosterUnit {
  return { ...u, models: [...u.models, ...u.models.map((m) => ({ ...structuredClone(m), id: `${m.id}-r` }))] };
}

/**
 * Runs the aftermath sequence for one battle (Ascension › The Aftermath Sequence 1-4) and appends
 * its record to the campaign's `battles`. Refusals (a favoured warlord, two units added, not
 * enough glory, retiring the warlord, …) come back with their rules and nothing changes.
 */
export function runAftermath(c0: Campaign, o: BattleOutcome, ch: AftermathChoices): Ruled<AftermathOutput> {
  const refusals: Refusal[] = outcomeProblems(c0, o);
  if (refusals.length) return { ok: false, refusals };
  const dice = new CampaignDice(ch.seed, ch.diceScript);
  let units = c0.units.map((u) => ({ ...u }));
  const byId = (id: string) => units.find((u) => u.id === id);
  const put = (u: CampaignUnit) => (units = units.map((x) => (x.id === u.id ? u : x)));
  const record: { renown: AftermathRecord['renown'] } = { renown: [] };

  // 1. Earn glory points.
  const glory = gloryEarned(o.pointsLimit, o.result, o.generalSlain);
  let gloryNow = c0.glory + glory.total;

  // 2. Gain renown points: fighting a battle (in Order of Battle order), then the favoured warriors.
  for (const u of c0.units) {
    const fate = o.units[u.id];
    if (fate === undefined) continue;
    const cur = byId(u.id) as CampaignUnit;
    if (cur.unique) {
      record.renown.push({ unit: u.id, gained: 0, rolls: [], why: `${fate}; UNIQUE units gain no renown`, total: cur.renown, ranksGained: [] });
      continue;
    }
    const rolls = fate === 'survived' ? dice.roll(1, 3, `renown: ${u.id} took part and was not destroyed (D3)`) : [];
    const gained = fate === 'survived' ? rolls[0] : 1;
    const g = gainRenown(cur, gained);
    put(g.unit);
    record.renown.push({ unit: u.id, gained, rolls, why: fate, total: g.unit.renown, ranksGained: g.ranksGained });
  }
  if (ch.favoured !== undefined) {
    const f = byId(ch.favoured);
    if (ch.favoured === c0.warlord) refusals.push({ rule: RULE.favoured, message: `the favoured warriors cannot be your warlord ("${ch.favoured}")` });
    else if (!f || o.units[ch.favoured] === undefined) refusals.push({ rule: RULE.favoured, message: `the favoured warriors must be a unit that took part in the battle ("${ch.favoured}" did not)` });
    else if (f.unique) record.renown.push({ unit: f.id, gained: 0, rolls: [], why: 'favoured warriors; UNIQUE units gain no renown', total: f.renown, ranksGained: [] });
    else {
      const rolls = dice.roll(1, 6, `renown: ${f.id} are the favoured warriors (D6)`);
      const g = gainRenown(f, rolls[0]);
      put(g.unit);
      record.renown.push({ unit: f.id, gained: rolls[0], rolls, why: 'favoured warriors', total: g.unit.renown, ranksGained: g.ranksGained });
    }
  }

  // 3. Complete quests.
  let quest = c0.quest ? { ...c0.quest } : null;
  // Harness Manifestation adds its 'Wild' spell or prayer to the manifestation lore.
  let lores = c0.lores;
  let questRecord: AftermathRecord['quest'] = null;
  const pendingRewards = [...(c0.pendingRewards ?? [])];
  if (quest && ch.giveUpQuest) {
    questRecord = { id: quest.id, points: quest.points, completed: false, reward: null, givenUp: true };
    quest = null;
  } else if (quest) {
    const def = QUESTS[quest.id];
    const victory = o.result === 'major-victory' || o.result === 'minor-victory';
    let completed = false;
    let reward: string | null = null;
    if (def.pointsToComplete !== null) {
      quest.points += o.questPoints ?? 0;
      completed = quest.points >= def.pointsToComplete;
    } else if (quest.id === 'seek-glory-in-battle') {
      completed = victory && quest.unit !== null && o.units[quest.unit] === 'survived';
    } else if (quest.id === 'rise-of-a-champion') {
      completed = o.championSlew === true && quest.unit !== null && o.units[quest.unit] !== undefined;
    }
    if (completed) {
      if (quest.id === 'seek-glory-in-battle' && quest.unit !== null) {
        const gs = byId(quest.unit) as CampaignUnit;
        const [d3] = dice.roll(1, 3, `quest reward: Seek Glory in Battle, ${gs.id} earn D3+3 renown`);
        const g = gainRenown(gs, gs.unique ? 0 : d3 + 3);
        put(g.unit);
        record.renown.push({ unit: gs.id, gained: gs.unique ? 0 : d3 + 3, rolls: [d3], why: gs.unique ? 'Seek Glory in Battle; UNIQUE units gain no renown' : 'Seek Glory in Battle (D3+3)', total: g.unit.renown, ranksGained: g.ranksGained });
        reward = `${gs.id} earned ${gs.unique ? 0 : d3 + 3} renown points`;
      } else {
        reward = def.reward + (quest.unit ? ` (${quest.unit})` : '');
        // Harness Manifestation's reward gives itself: the quest (and its 'Wild' mark) is cleared.
        if (quest.id !== 'harness-manifestation') pendingRewards.push(`${def.name}: ${reward}`);
      }
    }
    questRecord = { id: quest.id, points: quest.points, completed, reward };
    if (completed) quest = null; // the quest log is cleared (Ascension › Completing Quests)
  }
  // The battleplan's campaign reward (Relics of Myth), after the quests.
  const campaignReward = relicsReward(o, () => dice.roll(1, 6, 'campaign reward: Relics of Myth, the winner rolls a dice and adds their victory points (15+: an artefact of power)')[0]);
  if (campaignReward?.earned) pendingRewards.push(RELICS_REWARD);

  // 4. Manage your Order of Battle.
  let spent = 0;
  let added: string | null = null;
  let reinforced: string | null = null;
  const adds = ch.add ?? [];
  if (adds.length > 1) refusals.push({ rule: RULE.orderOfBattle, message: `only 1 new unit can be added per aftermath sequence (${adds.length} given)` });
  else if (adds.length === 1) {
    const u = freshIds({ ...c0, units }, adds[0]);
    if (u.points === undefined) refusals.push({ rule: RULE.orderOfBattle, message: `${u.name} has no points value: its cost in glory points is unknown` });
    else if (u.points > gloryNow) refusals.push({ rule: RULE.orderOfBattle, message: `adding ${u.name} costs ${u.points} glory points; you have ${gloryNow}` });
    else {
      gloryNow -= u.points;
      spent += u.points;
      units.push(orderOfBattleUnit(u));
      added = u.id;
    }
  }
  const reinf = ch.reinforce ?? [];
  if (reinf.length > 1) refusals.push({ rule: RULE.orderOfBattle, message: `only 1 unit can be reinforced per aftermath sequence (${reinf.length} given)` });
  else if (reinf.length === 1) {
    const id = reinf[0] === adds[0]?.id && added !== null ? added : reinf[0];
    const u = byId(id);
    if (!u) refusals.push({ rule: RULE.orderOfBattle, message: `no unit "${id}" on the Order of Battle to reinforce` });
    else if (u.reinforced) refusals.push({ rule: RULE.reinforced, message: `${u.name} is already reinforced (a unit is reinforced once: twice its minimum size)` });
    else if (u.unit.models.length < 2) refusals.push({ rule: RULE.reinforced, message: `${u.name} has a single model: a unit with a minimum size of 1 cannot be reinforced` });
    else if (u.points > gloryNow) refusals.push({ rule: RULE.orderOfBattle, message: `reinforcing ${u.name} costs ${u.points} glory points; you have ${gloryNow}` });
    else {
      gloryNow -= u.points;
      spent += u.points;
      put({ ...u, reinforced: true, unit: doubledModels(u.unit) });
      reinforced = id;
    }
  }
  const retired: string[] = [];
  for (const id of ch.retire ?? []) {
    if (id === c0.warlord) refusals.push({ rule: RULE.orderOfBattle, message: `the warlord "${id}" cannot be retired (the campaign follows its warlord; docs/campaign.md)` });
    else if (!byId(id)) refusals.push({ rule: RULE.orderOfBattle, message: `no unit "${id}" on the Order of Battle to retire` });
    else if (quest?.unit === id) refusals.push({ rule: RULE.completeQuests, message: `"${id}" is the unit of the quest "${quest.id}": give the quest up first (--give-up-quest)` });
    else {
      units = units.filter((u) => u.id !== id);
      retired.push(id);
    }
  }
  // The first WIZARD / PRIEST added brings its starting spells / prayers (Roster › 3).
  const sl = ch.startingLores;
  if (sl && (sl.spell || sl.prayer || sl.manifestation)) {
    const first = firstCaster(c0.units, added !== null ? byId(added) : undefined);
    const rule = RULE.lores;
    if (sl.spell && !first.wizard) refusals.push({ rule, message: `a starting spell is picked when the first WIZARD is added to the Order of Battle (${added !== null ? `${byId(added)?.name} is not, or not the first` : 'no unit added'})` });
    if (sl.prayer && !first.priest) refusals.push({ rule, message: `a starting prayer is picked when the first PRIEST is added to the Order of Battle (${added !== null ? `${byId(added)?.name} is not, or not the first` : 'no unit added'})` });
    if (sl.manifestation && !first.wizard && !first.priest) refusals.push({ rule, message: 'a starting manifestation spell or prayer comes with the first WIZARD or PRIEST added' });
    const addTo = (lore: readonly string[], name: string | undefined, what: string) => {
      if (!name) return [...lore];
      if (lore.some((x) => x.toLowerCase() === name.toLowerCase())) return [...lore];
      if (lore.length >= 6) refusals.push({ rule, message: `your ${what} lore holds 6 already` });
      return [...lore, name];
    };
    lores = { spells: addTo(lores.spells, sl.spell, 'spell'), prayers: addTo(lores.prayers, sl.prayer, 'prayer'), manifestations: addTo(lores.manifestations, sl.manifestation, 'manifestation') };
  }
  // A new quest (Aftermath › 3) is picked once the Order of Battle is settled, so it can name the unit added in step 4.
  if (ch.newQuest) {
    if (quest) refusals.push({ rule: RULE.completeQuests, message: `a new quest can be picked only when the quest log is empty (complete or give up "${quest.id}" first: --give-up-quest)` });
    else if (!(ch.newQuest.id in QUESTS)) refusals.push({ rule: RULE.quest, message: `unknown quest "${ch.newQuest.id}"` });
    else {
      // The unit may be the one added in this aftermath, named by its id in the army file (it may have been given a fresh one).
      const named = ch.newQuest.unit;
      const questUnit = named !== undefined && !units.some((u) => u.id === named) && named === adds[0]?.id && added !== null ? added : named;
      const qp = [...questProblems(units, ch.newQuest.id, questUnit), ...wildProblems(ch.newQuest.id, ch.newQuest.wild)];
      refusals.push(...qp);
      if (!qp.length) {
        quest = { id: ch.newQuest.id, points: 0, unit: questUnit ?? null, ...(ch.newQuest.wild !== undefined ? { wild: ch.newQuest.wild } : {}) };
        lores = { ...lores, manifestations: withWild(lores.manifestations, ch.newQuest.wild) };
      }
    }
  }

  if (refusals.length) return { ok: false, refusals };

  const enhancements = c0.enhancements.filter((e) => units.some((u) => u.id === e.unit));
  const aftermath: AftermathRecord = {
    battle: c0.battles.length + 1,
    seed: ch.seed,
    pointsLimit: o.pointsLimit,
    result: o.result,
    generalSlain: o.generalSlain,
    battleplan: o.battleplan ?? null,
    ...(o.game ? { game: { seed: o.game.seed, stateHash: o.game.stateHash } } : {}),
    glory: { ...glory, spent },
    renown: record.renown,
    quest: questRecord,
    orderOfBattle: { added, reinforced, retired },
    ...(campaignReward ? { campaignReward } : {}),
    rolls: dice.rolls.map((r) => ({ why: r.why, dice: [...r.dice] })),
  };
  const next = {
    ...c0,
    glory: gloryNow,
    units,
    quest,
    lores,
    enhancements,
    ...(pendingRewards.length ? { pendingRewards } : {}),
    battles: [...c0.battles, aftermath],
  };
  const check = CampaignSchema.safeParse(next);
  if (!check.success) return { ok: false, refusals: issueLines(check.error).map((m) => ({ rule: 'CAMPAIGN.md', message: m })) };
  return { ok: true, value: { campaign: check.data, aftermath } };
}

/** The unit's path-eligibility keywords, for the app and `show`. */
export function unitKind(u: CampaignUnit): string {
  return ['HERO', 'WIZARD', 'PRIEST', 'UNIQUE', 'MONSTER'].filter((k) => hasKeyword(u.unit, k)).join(' ') || 'unit';
}
