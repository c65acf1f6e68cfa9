/**
 * A point on the battlefield, then units near it (issue 34, session 40, sh40d; docs/abilities.md "Objective picks, a
 * point on the battlefield ..., session 40 (sh40d)"), asked by `parseDeclare.ts` `readDeclareText` (one insertion):
 * "pick a point on the battlefield within 18" of this unit, pick up to 3 enemy units within 3" of that point to be
 * the targets" (Black Horror of Ulgu, dok; "of them", the caster, already read as "this unit") → the picks
 * `[{kind: "point", within: 18}, {kind: "enemyUnit", count: 3, within: 3, fromPoint: true}]` (`engine/pointPicks40.ts`
 * checks both ranges). The unit clause is read by the ordinary reader without its range; a clause with a range, a
 * visibility or more than one pick of its own is not read (NotUnderstood). Pure; no three.
 *
 * @module
 */

import { fail } from './parseDeclare';
import type { AbilityPick } from './schema';

const POINT = /^pick a point on the battlefield within (\d+)" of this unit, (pick .+?) within (\d+)" of that point (to be the targets?)\.?$/i;

/** The picks of "pick a point ..., pick ... within N" of that point to be the target(s)", or null for any other Declare. */
export function readPointPicks40(d: string, readDeclare: (text: string) => AbilityPick[]): AbilityPick[] | null {
  const m = POINT.exec(d.trim());
  if (!m) return null;
  const units = readDeclare(`P${m[2].slice(1)} ${m[4]}`);
  if (units.length !== 1) fail(d);
  const u = units[0];
  if (u.kind === 'point' || u.kind === 'choice' || u.kind === 'terrain' || u.kind === 'objective' || u.within !== undefined || u.visible || u.closest || u.each || u.from !== undefined) fail(d);
  return [
    { kind: 'point', within: Number(m[1]) },
    { ...u, within: Number(m[3]), fromPoint: true },
  ];
}
