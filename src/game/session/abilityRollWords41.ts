/**
 * A roll made for an army ability, in words (session 41, ui41; issue 34 item 5: "names, not ids"). The engine logs an
 * ability's dice under a purpose made of ids (`abilityUse.ts`: `ability:<unit or player>:<ability id>[:if]`;
 * `afterShoot40.ts`: `ability:<ability id>:<unit>:afterShoot`; `passedAcross40f.ts`: `ability:<ability>:<unit>:move`),
 * and an imported ability's id holds a colon itself (`sce-lord:fanatical-blademaster`), so the battle log read
 * "p1 rolls ability (Lord-Vindictor, Lord-Vindictor, fanatical-blademaster, if)" and the dice panel
 * "Lord-Vindictor · sce-lord:fanatical-blademaster:if". Here the purpose is read back into the ability's name, the
 * unit's name and what the roll is for.
 *
 * @module
 */

import { armyAbilities, unitAbilities } from '../../rules/abilities/catalog';
import type { GameState } from '../../rules/engine';
import { unitName } from './roster';

/** What a roll's purpose `tail` word says the roll is for ("if": the Effect's condition roll). */
const WHAT: Readonly<Record<string, string>> = { if: 'the roll of its condition', move: 'the distance of its move', afterShoot: 'after its Shoot ability' };

/** An ability's roll in words: the ability's name, the unit's name (or ''), and what it is for (or ''). */
export interface AbilityRollWords {
  ability: string;
  unit: string;
  what: string;
}

/**
 * The words of a roll whose purpose starts with `ability:` (see the module comment); null for any other purpose, or when
 * no ability of the game has an id found in it.
 */
export function abilityRollWords(s: GameState, purpose: string): AbilityRollWords | null {
  if (!purpose.startsWith('ability:')) return null;
  const rest = purpose.slice('ability:'.length);
  const abilities = [...Object.keys(s.units).flatMap((u) => unitAbilities(s, u)), ...armyAbilities(s, 'p1'), ...armyAbilities(s, 'p2')];
  // The longest ability id (or name) found between colons in the purpose.
  let found: { name: string; at: number; len: number } | null = null;
  for (const a of abilities) {
    for (const key of [a.id, a.name]) {
      const at = `:${rest}:`.indexOf(`:${key}:`);
      if (at >= 0 && (found === null || key.length > found.len)) found = { name: a.name, at, len: key.length };
    }
  }
  if (found === null) return null;
  const others = (rest.slice(0, found.at) + ':' + rest.slice(found.at + found.len)).split(':').filter((x) => x !== '');
  const unitId = others.find((x) => s.units[x] !== undefined);
  const words = others.filter((x) => x !== unitId && s.units[x] === undefined && x !== 'p1' && x !== 'p2').map((x) => WHAT[x] ?? x);
  return { ability: found.name, unit: unitId === undefined ? '' : unitName(s, unitId), what: words.join(', ') };
}
