/**
 * A battle's outcome for one player, read from a finished game's state (`campaign aftermath
 * --game`): the result (Ascension › Glorious Victory), the Order of Battle units that took part
 * and whether each was destroyed, whether the general was slain, and the quest points the game can
 * see in its log, and whether the Rising Champion slew an enemy HERO or MONSTER. Pure: works on the engine's {@link GameState}.
 *
 * @module
 */
import { keywordsMatch } from '../rules/damage';
import { stateHash } from '../rules/engine/hash';
import { rosterPoints } from '../rules/engine/roster';
import type { GameState, PlayerId } from '../rules/engine/state';
import type { BattleResult } from './data';
import type { BattleOutcome } from './aftermath';
import type { Refusal, Ruled } from './roster';
import type { Campaign } from './schema';

/**
 * Glorious Victory (Ascension › Path to Glory Battles): a lead of 5 or more victory points is a
 * major victory, 1-4 a minor one, a tie a draw; for the trailing player, the matching defeat.
 * Worked example T-53: 14 vs 9 → major, 14 vs 10 → minor.
 */
export function gloriousVictory(vp: number, opponentVp: number): BattleResult {
  const lead = vp - opponentVp;
  if (lead >= 5) return 'major-victory';
  if (lead >= 1) return 'minor-victory';
  if (lead === 0) return 'draw';
  return lead <= -5 ? 'major-defeat' : 'minor-defeat';
}

/**
 * The result a game state reports for `player`: the Path to Glory battleplan's Glorious Victory
 * `state.ascension.result` when the battle set one (at its end, a withdrawal included: Ascension ›
 * Path to Glory Battles › Withdrawing from Battle, the withdrawing player's major defeat whatever
 * the victory points), else by victory points ({@link gloriousVictory}).
 */
export function resultFor(s: GameState, player: PlayerId): BattleResult {
  const r = s.ascension?.result;
  if (r) return r[player];
  const other = player === 'p1' ? 'p2' : 'p1';
  return gloriousVictory(s.players[player].vp, s.players[other].vp);
}

/**
 * Quest points the game's log shows for the player's quest: Master Magical Lore, 1 per casting
 * roll of 8+ for a WIZARD (the 2D6 as logged, `cast:` rolls); Learn Ancient Scriptures, 1 each time
 * a PRIEST banked a chanting roll of 4+ as ritual points (`chant:` roll then `answerPrayer bank`).
 * A casting die re-rolled by Arcane Familiar (`cast:…:reroll`) replaces the lowest die of the roll
 * before it. Search for the Artefact: the clues the game counted (`state.ascension.clues`, see
 * {@link cluesFoundInGame}). Harness Manifestation: the quest points of the 'Wild' uses the game
 * counted (`state.ascension.wildQuestPoints`, see {@link wildQuestPointsInGame}); 0 when the game
 * did not carry the 'Wild' entry.
 */
export function questPointsInLog(s: GameState, player: PlayerId, quest: Campaign['quest']): number {
  if (!quest) return 0;
  if (quest.id === 'search-for-the-artefact') return cluesFoundInGame(s, player) ?? 0;
  if (quest.id === 'harness-manifestation') return wildQuestPointsInGame(s, player) ?? 0;
  let n = 0;
  let lastChant = 0;
  let lastCast: number[] = [];
  for (const e of s.log) {
    if (e.kind === 'roll' && e.player === player) {
      const sum = e.dice.reduce((a, b) => a + b, 0);
      if (quest.id === 'master-magical-lore' && e.purpose.startsWith('cast:')) {
        if (e.purpose.endsWith(':reroll')) {
          // Arcane Familiar: the lowest die re-rolled; the casting roll is the new pair.
          const before = lastCast.reduce((a, b) => a + b, 0);
          const after = before - Math.min(...lastCast) + e.dice[0];
          n += (after >= 8 ? 1 : 0) - (before >= 8 ? 1 : 0);
        } else {
          lastCast = [...e.dice];
          if (sum >= 8) n++;
        }
      }
      // Master of Ceremonies rolls 2 dice and picks the higher as the chanting roll.
      if (e.purpose.startsWith('chant:')) lastChant = e.dice.length > 1 ? Math.max(...e.dice) : sum;
    } else if (e.kind === 'action' && e.action.type === 'answerPrayer' && e.action.player === player) {
      if (quest.id === 'learn-ancient-scriptures' && e.action.choice === 'bank' && lastChant >= 4) n++;
    }
  }
  return n;
}

/**
 * Search for the Artefact (Ascension › Quests): the clues `player` found in the game, counted by
 * the engine at the end of each of their turns (`state.ascension.clues`, ascension.ts
 * `searchForTheArtefact`) when the battleplan carried their quest. Null when the game did not know
 * the player searched (no Path to Glory battleplan, or their quest was not given to it).
 */
export function cluesFoundInGame(s: GameState, player: PlayerId): number | null {
  if (s.battleplan.ascension?.quests?.[player] !== 'search-for-the-artefact') return null;
  return s.ascension?.clues?.[player] ?? null;
}

/**
 * Harness Manifestation (Ascension › Quests): the quest points `player` gained from uses of their
 * 'Wild' spell or prayer, counted by the engine (`state.ascension.wildQuestPoints`,
 * `harnessManifestation.ts`) when the battleplan carried the 'Wild' entry. Null otherwise (the
 * points are then entered by hand, `--quest-points`).
 */
export function wildQuestPointsInGame(s: GameState, player: PlayerId): number | null {
  if (s.battleplan.ascension?.wild?.[player] === undefined) return null;
  return s.ascension?.wildQuestPoints?.[player] ?? null;
}

/**
 * Rise of a Champion (Ascension › Quests): was an enemy HERO or MONSTER slain by the Rising
 * Champion? Read from the game's record of destroyed units and who destroyed them
 * (`state.ascension.destroyed`, A-R16: the unit that inflicted the final damage): a unit of the
 * other army with the HERO or MONSTER keyword destroyed by the player's army unit whose campaign
 * id is the quest's unit. False for any other quest, or a game without that record.
 */
export function championSlewInGame(s: GameState, player: PlayerId, quest: Campaign['quest']): boolean {
  if (!quest || quest.id !== 'rise-of-a-champion' || quest.unit === null) return false;
  const champion = s.players[player].roster.units.find((u) => u.campaign?.unitId === quest.unit)?.id;
  if (champion === undefined) return false;
  const other = player === 'p1' ? 'p2' : 'p1';
  return (s.ascension?.destroyed ?? []).some((d) => {
    if (d.by !== champion) return false;
    const victim = s.players[other].roster.units.find((u) => u.id === d.unitId);
    return victim !== undefined && victim.warscroll.keywords.some((k) => keywordsMatch(k, 'HERO') || keywordsMatch(k, 'MONSTER'));
  });
}

/**
 * The outcome of a finished game for `player`, for the campaign's aftermath. Units that took part
 * are the player's army units whose `campaign.unitId` is on the Order of Battle (summoned
 * manifestations and units from elsewhere are ignored); a unit is destroyed when every model is
 * slain. The general is slain when its unit is destroyed. Points limit: the army's `pointsLimit`,
 * else its points. `game`: the game's identity (its seed and state hash), so the campaign refuses a
 * second aftermath of it. Refused: a game that has not ended.
 */
export function outcomeFromGame(s: GameState, player: PlayerId, c: Campaign): Ruled<BattleOutcome> {
  const refusals: Refusal[] = [];
  if (s.stage !== 'ended') refusals.push({ rule: 'Ascension › The Aftermath Sequence', message: `the game has not ended (round ${s.round}, stage ${s.stage}): the aftermath comes after the battle` });
  const roster = s.players[player].roster;
  const units: Record<string, 'survived' | 'destroyed'> = {};
  for (const u of roster.units) {
    const id = u.campaign?.unitId;
    if (id === undefined || !c.units.some((x) => x.id === id)) continue;
    const st = s.units[u.id];
    units[id] = st && st.slain.length >= u.models.length ? 'destroyed' : 'survived';
  }
  if (Object.keys(units).length === 0) refusals.push({ rule: 'CAMPAIGN.md › army', message: `${player}'s army has no unit of the campaign "${c.name}" (draw it with \`campaign army\`)` });
  if (refusals.length) return { ok: false, refusals };
  const gen = s.units[roster.general];
  const genUnit = roster.units.find((u) => u.id === roster.general);
  return {
    ok: true,
    value: {
      pointsLimit: roster.pointsLimit ?? rosterPoints(roster) ?? 0,
      result: resultFor(s, player),
      generalSlain: !!gen && !!genUnit && gen.slain.length >= genUnit.models.length,
      units,
      questPoints: questPointsInLog(s, player, c.quest),
      championSlew: championSlewInGame(s, player, c.quest),
      battleplan: s.battleplan.name,
      victoryPoints: s.players[player].vp,
      game: { seed: s.seed, stateHash: stateHash(s) },
    },
  };
}
