/**
 * A Path to Glory battle from the campaign's side (Ascension › Path to Glory Battles): the
 * battleplan rolled on the table (2. Determine the Battleplan), the starting units offered and a
 * battle ended by the players before its last round. Pure: no three, no React, no file system.
 *
 * @module
 */
import { ASCENSION, ASCENSION_IDS, type AscensionId } from '../rules/engine/ascension';
import type { GameState, PlayerId } from '../rules/engine/state';
import type { BattleOutcome } from './aftermath';
import { CampaignDice, type RecordedRoll } from './dice';
import { outcomeFromGame } from './outcome';
import { hasKeyword, pathProblems, warlordProblems, type Refusal, type Ruled } from './roster';
import { PATH_IDS, type PathId } from './data';
import type { RosterUnit } from '../rules/engine/roster';
import type { Campaign } from './schema';

/** Rule cited when the battleplan is rolled or picked. */
export const BATTLEPLAN_RULE = 'Ascension › Path to Glory Battles › 2';

/**
 * Rolls the battleplan (Ascension › Path to Glory Battles › 2: "One player rolls on the following
 * table"). The table itself is missing from the source (INVENTORY §3.3, §902): a D6, faces 1-6 in
 * the battlepack's order (The Ruined Settlement, Relics of Myth, The Decisive Battle, The Ambush,
 * Wreck and Ruin, The Ritual); docs/campaign.md records this interpretation.
 * @param seed The roll's seed (the same seed gives the same battleplan).
 */
export function rollBattleplan(seed: number | string): { battleplan: AscensionId; name: string; roll: RecordedRoll } {
  const dice = new CampaignDice(seed);
  const [face] = dice.roll(1, 6, 'battleplan: D6 on the battleplan table (1 The Ruined Settlement … 6 The Ritual)');
  const battleplan = ASCENSION_IDS[face - 1];
  return { battleplan, name: ASCENSION[battleplan].name, roll: dice.rolls[0] };
}

/** The name of a battleplan id as printed ("The Ruined Settlement"), or the id when unknown. */
export function battleplanName(id: string): string {
  return (ASCENSION as Record<string, { name: string }>)[id]?.name ?? id;
}

/**
 * A battle the players end before its last battle round, for the aftermath (an interpretation,
 * docs/campaign.md: the battlepack has no such ending; Glorious Victory is decided on the victory
 * points scored so far, as if the battle had ended now). A battle that has ended is taken as it is
 * ({@link outcomeFromGame}); one still in deployment or before the first turn of the first battle
 * round is refused (no battle was fought).
 */
export function outcomeEndedHere(s: GameState, player: PlayerId, c: Campaign): Ruled<BattleOutcome> {
  if (s.stage === 'ended') return outcomeFromGame(s, player, c);
  if (s.stage === 'deployment' || (s.stage === 'firstTurn' && s.round <= 1))
    return { ok: false, refusals: [{ rule: 'Ascension › The Aftermath Sequence', message: `the battle has not begun (stage ${s.stage}): play at least the first battle round before ending it` }] };
  return outcomeFromGame({ ...s, stage: 'ended' }, player, c);
}

/** A unit of an army as the new-campaign form offers it for the warlord: the Paths it may walk and why it cannot be the warlord. */
export interface WarlordCandidate {
  readonly id: string;
  readonly name: string;
  readonly points: number | null;
  /** Empty when the unit can be the warlord (Ascension › Path to Glory Roster › 1). */
  readonly refusals: readonly Refusal[];
  /** The HERO Paths it may walk (Warrior and Leader for any HERO; Mage for a WIZARD; Devout for a PRIEST). */
  readonly paths: readonly PathId[];
}

/** Every unit of an army as a warlord candidate (HEROES only: other units are never offered). */
export function warlordCandidates(units: readonly RosterUnit[], faction: string): WarlordCandidate[] {
  return units
    .filter((u) => hasKeyword(u, 'HERO'))
    .map((u) => ({
      id: u.id,
      name: u.name,
      points: u.points ?? null,
      refusals: warlordProblems(u, faction),
      paths: PATH_IDS.filter((p) => pathProblems(u, p).length === 0),
    }));
}
