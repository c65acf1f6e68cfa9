/**
 * Rally extras (issue 34, session 39, sh39a; docs/abilities.md "Auras of named warscrolls and roll-gated choices,
 * session 39 (sh39a)"): a passive whose Effect is, whole,
 *
 * - "If a friendly Ruination Chamber unit wholly within 12" of this unit uses the 'Rally' command, you receive 3
 *   additional rally points." (Herald of Redemption, sce Tornus the Redeemed);
 * - "Each time a friendy Daughters of Khaine unit wholly within 12" of this unit uses the 'Rally' command, you can make
 *   3 additional rally rolls of D6. In addition, if there are any friendly Hag Queens on Cauldrons of Blood on the
 *   battlefield when that command is used, you receive D3 additional rally points." (Icon of Slaughter, dok Slaughter
 *   Queen on Cauldron of Blood; "friendy" as printed)
 *
 * → **`{rallyExtra: {rolls?, points?}, targets: "friendly", while: {within, wholly?, keyword}}`** (an aura on the
 * friendly units with the keyword run), the second sentence's points with the condition **`friendlyOnBattlefield:
 * [name]`** (the army's unit name the plural names: "Hag Queens on Cauldrons of Blood" is the roster's "Hag Queen on
 * Cauldron of Blood"). The engine adds them when the unit uses Rally (Commands 2.0; `engine/rally39.ts`). Any other
 * wording, a group that is no keyword run of the army, or a name no unit of the army has, leaves the ability by hand.
 * Pure; no three.
 *
 * @module
 */

import { fail, readUnitPhrase } from './parseDeclare';
import { armyUnitName } from './parseNear39';
import type { AbilityEffect } from './schema';

const LEAD = /^(?:if|each time) an? friendl?y (.+?) unit (wholly )?within (\d+)" of this unit uses the ['’]rally['’] command, you (can make ([1-6]) additional rally rolls of D6|receive (\d|D3|D6) additional rally points)$/i;
const MORE = /^in addition, if there are any friendly (.+?) on the battlefield when that command is used, you receive (\d|D3|D6) additional rally points$/i;

const amount = (x: string): number | string => (/^\d$/.test(x) ? Number(x) : x.toUpperCase());

/**
 * The whole Effect of a passive as rally extras, or null when its first sentence is not this shape. Throws
 * NotUnderstood when it is and the rest is not read.
 */
export function readRally39(effect: string, passive: boolean, declare: string | null, known: Iterable<string>, names: readonly string[] | undefined): AbilityEffect[] | null {
  const ss = effect
    .trim()
    .split(/(?<=\.)\s+/)
    .map((x) => x.trim().replace(/\.$/, ''))
    .filter((x) => x !== '');
  const m = ss.length > 0 ? LEAD.exec(ss[0]) : null;
  if (!m) return null;
  if (!passive || (declare ?? '').trim() !== '' || ss.length > 2) fail(ss[0]);
  // A group that is not a keyword run (a warscroll's name: Iron-fisted Commander's "Ardboyz") is left to
  // sh39c's reader of the same lead (parseKbIj39.ts, `rallyDice` with `warscroll`), which runs after this one.
  let kw: ReturnType<typeof readUnitPhrase>;
  try {
    kw = readUnitPhrase(`${m[1]} units`, known);
  } catch {
    return null;
  }
  if (kw.notKeyword || kw.anyKeyword || !kw.keyword) return null;
  const aura = { within: Number(m[3]), ...(m[2] ? { wholly: true } : {}), keyword: kw.keyword };
  const first: AbilityEffect = { rallyExtra: m[5] ? { rolls: Number(m[5]) } : { points: amount(m[6]) }, targets: 'friendly', while: aura } as AbilityEffect;
  if (ss.length === 1) return [first];
  const more = MORE.exec(ss[1]);
  if (!more) fail(ss[1]);
  const name = armyUnitName(more[1], names ?? []);
  if (name === undefined) fail(more[1]);
  return [first, { rallyExtra: { points: amount(more[2]) }, targets: 'friendly', while: { ...aura, friendlyOnBattlefield: [name] } } as AbilityEffect];
}
