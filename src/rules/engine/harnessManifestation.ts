/**
 * Harness Manifestation (Ascension › Quests) counted in the game: "pick 1 spell or prayer from a
 * manifestation lore available to your army's faction and add it to your own manifestation lore
 * marked as 'Wild'. Each time that spell or prayer is used, roll a dice. On a 1-3, inflict an
 * amount of mortal damage equal to the roll on the unit using the ability. On a 4+, you gain a
 * number of quest points equal to the roll."
 *
 * The battleplan carries each player's 'Wild' entry (`state.battleplan.ascension.wild`, from the
 * campaign's quest through `campaign army` and `game start`); the points are kept in
 * `state.ascension.wildQuestPoints` and read by the aftermath (`src/campaign/outcome.ts`). A game
 * without a 'Wild' entry never reaches this (no roll, no state).
 *
 * @module
 */
import { mortalDamage, rollLogged, type Ctx } from './core';
import type { PlayerId } from './state';

/** The quest id (the campaign's `quest.id`). */
export const HARNESS_MANIFESTATION = 'harness-manifestation';
const RULE = 'Ascension › Quests › Harness Manifestation';

/** Lower-case name with runs of spaces made one, for comparing lore names. */
const norm = (x: string) => x.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * Is the manifestation `manifestationId` of `player`'s roster summoned by the 'Wild' spell or
 * prayer `wild`? The campaign names lore entries as printed: the manifestation's id, its name, or
 * "Summon " + its name all match (case and spacing ignored).
 */
export function isWild(c: Ctx, player: PlayerId, manifestationId: string, wild: string): boolean {
  const m = (c.s.players[player].roster.manifestations ?? []).find((x) => x.id === manifestationId);
  if (!m) return false;
  const w = norm(wild);
  return w === norm(m.id) || w === norm(m.name) || w === norm(`Summon ${m.name}`);
}

/**
 * After `player`'s WIZARD / PRIEST `userId` used the spell or prayer that summons
 * `manifestationId` (Sightline counts a use when the spell is cast and not unbound, or the prayer
 * answered: the manifestation is summoned; docs/interpretations.md): when it is the player's
 * 'Wild' entry, roll a dice (`harnessManifestation:<user>`): 1-3 → that much mortal damage on the
 * user's unit (nobody's kill: the source is not an attack or a spell of an enemy, A-R16), 4+ →
 * that many quest points (`state.ascension.wildQuestPoints`). Event `wildUse`.
 */
export function harnessManifestation(c: Ctx, player: PlayerId, userId: string, manifestationId: string): void {
  const s = c.s;
  const wild = s.battleplan.ascension?.wild?.[player];
  const points = s.ascension?.wildQuestPoints;
  if (wild === undefined || points === undefined || !isWild(c, player, manifestationId, wild)) return;
  const [roll] = rollLogged(c, 1, 6, `harnessManifestation:${userId}`, player);
  if (roll >= 4) points[player] += roll;
  c.events.push({ type: 'wildUse', player, unitId: userId, manifestationId, roll, questPointsGained: roll >= 4 ? roll : 0, questPoints: points[player], rule: RULE });
  if (roll <= 3) mortalDamage(c, userId, roll, `harnessManifestation:${userId}`);
}
