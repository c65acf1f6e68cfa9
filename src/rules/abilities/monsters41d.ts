/**
 * "The first time an enemy Monster is destroyed by this unit, add 1 to wound rolls for this unit's attacks for the rest
 * of the battle." (In Their Element, Morgok's Krushas, ij-001; issue 34, session 41, sh41d; docs/abilities.md
 * "Monsters and moves across units, session 41 (sh41d)").
 *
 * The record: when a unit is destroyed (Core 19.0 / 18.0: its last model slain) and it is a MONSTER, the unit the
 * damage is attributed to (`core.ts` `damageAttribution`: an attack's attacker, an ability's unit) is added to
 * `GameState.monsterSlayers41d` if it is a unit of the other army and not there yet. The condition
 * `destroyedMonster41d` (`passives.ts` `conditionHolds`) holds for a unit in that list, so a passive with it applies
 * from that moment for the rest of the battle.
 *
 * The passive reader: "The first time an enemy Monster is destroyed by this unit, add N to hit / wound rolls for this
 * unit's attacks for the rest of the battle." → `{modify: "hit" | "wound", by: N, attacks: "all", targets: "self",
 * while: {destroyedMonster41d: true, unit: "self"}}`. Only that whole text, as a passive with no Declare.
 *
 * @module
 */

import { plainRulesText } from './parseTiming';
import { hasKeywordPhrase, rosterKeywords } from './passives';
import type { AbilityEffect, AbilityTiming } from './schema';
import type { GameState } from '../engine/state';

/** Record that `by` destroyed unit `unitId`, when that unit is an enemy MONSTER of `by` (module docs). Mutates `s`. */
export function noteMonsterDestroyed41d(s: GameState, unitId: string, by: string | null): void {
  if (by === null || !Object.prototype.hasOwnProperty.call(s.units, by) || s.units[by].owner === s.units[unitId].owner) return;
  if (s.units[unitId].manifestation !== undefined || !hasKeywordPhrase(rosterKeywords(s, unitId), 'MONSTER')) return;
  if ((s.monsterSlayers41d ?? []).includes(by)) return;
  s.monsterSlayers41d = [...(s.monsterSlayers41d ?? []), by];
}

const FIRST_MONSTER = /^The first time an enemy Monster is destroyed by this unit, add ([1-3]) to (hit|wound) rolls for this unit's attacks for the rest of the battle\.$/i;

/** The passive of the module docs, or null. */
export function readFirstMonster41d(input: { readonly declare: string | null; readonly effect: string; readonly timing: AbilityTiming }): AbilityEffect[] | null {
  if (input.declare !== null || input.timing.when !== 'passive') return null;
  const m = FIRST_MONSTER.exec(plainRulesText(input.effect).replace(/\s+/g, ' ').trim());
  if (!m) return null;
  return [{ modify: m[2].toLowerCase() as 'hit' | 'wound', by: Number(m[1]), attacks: 'all', targets: 'self', while: { destroyedMonster41d: true, unit: 'self' } } as AbilityEffect];
}
