/**
 * Wrathful Repulsion's Declare (dok-001 Hag Queen on Cauldron of Blood; issue 34, session 39, sh39a; docs/abilities.md
 * "Auras of named warscrolls and roll-gated choices, session 39 (sh39a)"): "Pick a visible friendly Daughters of
 * Khaine unit that is wholly within 12" of this unit and is in combat with an enemy unit that charged this turn to be
 * the target. If there are any friendly Slaughter Queens on Cauldrons of Blood on the battlefield, you can pick
 * another eligible unit to be a second target." → one pick `{kind: "friendlyUnit", visible, within, wholly, keyword,
 * cond: {foesCharged: true}, countIf: {count: 2, if: {friendlyOnBattlefield: [name]}}}`: the picked unit in combat
 * with an enemy unit that charged this turn (session 38's `foesCharged`, Core 13.0), and **`countIf`** (an extension
 * of the pick): up to `count` units when the condition holds for the ability's unit when it is declared (the plural
 * name matched word by word to a unit name of the army, as `parseRally39.ts` does). Without the second sentence, the
 * first alone. Pure; no three.
 *
 * @module
 */

import { fail, readUnitPhrase } from './parseDeclare';
import { armyUnitName } from './parseNear39';
import type { AbilityPick } from './schema';

const PICK = /^pick a (visible )?friendly (.+?) unit that is (wholly )?within (\d+)" of this unit and is in combat with an enemy unit that charged this turn to be the target\.?(?:\s+if there are any friendly (.+?) on the battlefield, you can pick another eligible unit to be a second target\.?)?$/i;

/** The Declare (as `readDeclareText` has it, the caster's part removed) as this pick, or null when it is not this shape. */
export function readPicks39(d: string, known: Iterable<string>, names: readonly string[]): AbilityPick[] | null {
  const m = PICK.exec(d.trim());
  if (!m) return null;
  const kw = readUnitPhrase(`${m[2]} unit`, known);
  if (kw.notKeyword || kw.anyKeyword || !kw.keyword) fail(m[2]);
  const pick: AbilityPick = { kind: 'friendlyUnit', ...(m[1] ? { visible: true } : {}), within: Number(m[4]), ...(m[3] ? { wholly: true } : {}), keyword: kw.keyword, cond: { foesCharged: true } };
  if (m[5] === undefined) return [pick];
  const name = armyUnitName(m[5], names);
  if (name === undefined) fail(m[5]);
  return [{ ...pick, countIf: { count: 2, if: { friendlyOnBattlefield: [name] } } }];
}
