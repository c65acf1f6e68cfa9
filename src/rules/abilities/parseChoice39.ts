/**
 * "Roll a dice. On a 3+, pick 1 of the following effects:" (issue 34, session 39, sh39a; docs/abilities.md "Auras of
 * named warscrolls and roll-gated choices, session 39 (sh39a)"): session 37's choice (parseChoice37.ts, Core 5.2:
 * the branch is named when the ability is used) behind one gate dice rolled for the whole use of the ability (Core
 * 28.0). Each branch's effects carry `choice` and the gate `if: {roll: "N+", rollOnce: "use"}` (an extension of
 * session 37's `rollOnce`: the one dice of this use, shared by every unit the chosen branch affects,
 * `engine/abilityUse.ts`). Mortal damage (which gates itself) in a branch leaves the ability by hand.
 *
 * Besides what the effect parser reads, a branch may be one of these (read here, whole):
 * - "If the target is [not] in combat, <branch>" (Light in the Dark, sce Knight-Azyros): the branch with the
 *   condition `inCombat` checked on the Declare's one target when the ability resolves (Core 13.0);
 * - "the target can immediately use the 'Retreat' ability as if it were your movement phase without any mortal
 *   damage being inflicted on it" → `{retreatNow: true, noDamage: true, targets: "targets"}` (session 38's
 *   permit, `engine/retreat38.ts`; Core 14.1);
 * - "For the rest of the turn, add / subtract N to / from hit | wound rolls for attacks made by enemy units while
 *   they are in combat with this unit." (The Light of Sigmar, sce) → `{modify, by, attacks: "all", targets:
 *   "enemy", duration: "turn", while: {within: 3, of: "self"}}` (in combat with this unit: within its 3" combat
 *   range, Core 13.0);
 * - "Heal (D3) each friendly K unit within this unit's combat range." → `{heal, targets: "friendly", if: {within:
 *   3, of: "self", keyword: K}}` (this unit included, as "each friendly K unit wholly within 12" of the chanter" is
 *   read since session 36).
 *
 * Anything else around the choice (a sentence after the branches, "pick up to 2", a branch that picks a unit of its
 * own) leaves the ability by hand. Pure; no three.
 *
 * @module
 */

import { fail, readUnitPhrase } from './parseDeclare';
import { splitChoice } from './parseChoice37';
import { plainRulesText } from './parseTiming';
import type { AbilityEffect, AbilityPick } from './schema';

type Read = (text: string) => { resolves: AbilityEffect[] | null; picks?: AbilityPick[]; unparsed?: string };

const LEAD = /^roll a dice\. on a ([2-6])\+, pick 1 of the following effects:$/i;
const IN_COMBAT = /^if the target is (not )?in combat, (.+)$/i;
const RETREAT = /^the target can immediately use the 'retreat' ability as if it were your movement phase without any mortal damage being inflicted on it\.?$/i;
const ENEMY_ROLLS = /^for the rest of the turn, (add|subtract) ([1-3]) (?:to|from) (hit|wound) rolls for attacks made by enemy units while they are in combat with this unit\.?$/i;
const HEAL_NEAR = /^heal \((D3|D6|\d)\) each friendly (.+?) unit within this unit's combat range\.?$/i;

/** The Declare picks exactly one unit (so "the target" is that unit and a dice rolled for it is the use's one dice). */
function oneTarget(picks: readonly AbilityPick[]): boolean {
  return picks.length === 1 && (picks[0].kind === 'friendlyUnit' || picks[0].kind === 'enemyUnit' || picks[0].kind === 'anyUnit') && (picks[0].count ?? 1) === 1 && picks[0].each !== true && picks[0].anyNumber !== true;
}

/** One branch's text → its effects (ungated), or throws NotUnderstood. */
function readBranch(text: string, picks: readonly AbilityPick[], known: Iterable<string>, read: Read): AbilityEffect[] {
  const t = text.trim();
  const cond = IN_COMBAT.exec(t);
  if (cond) {
    if (!oneTarget(picks)) fail(t);
    const inner = readBranch(cond[2], picks, known, read);
    // The condition is on the Declare's target: every effect must be on it and carry no condition of its own.
    if (inner.some((e) => e.targets !== 'targets' || e.if !== undefined || e.while !== undefined)) fail(t);
    return inner.map((e) => ({ ...e, if: { inCombat: cond[1] === undefined } }) as AbilityEffect);
  }
  if (RETREAT.test(t)) {
    if (!oneTarget(picks)) fail(t);
    return [{ retreatNow: true, noDamage: true, targets: 'targets' } as AbilityEffect];
  }
  const rolls = ENEMY_ROLLS.exec(t);
  if (rolls) {
    const by = Number(rolls[2]) * (rolls[1].toLowerCase() === 'add' ? 1 : -1);
    return [{ modify: rolls[3].toLowerCase() as 'hit' | 'wound', by, attacks: 'all', targets: 'enemy', duration: 'turn', while: { within: 3, of: 'self' } }];
  }
  const heal = HEAL_NEAR.exec(t);
  if (heal) {
    const kw = readUnitPhrase(`${heal[2]} units`, known);
    if (kw.notKeyword || kw.anyKeyword || !kw.keyword) fail(t);
    const amount = /^\d$/.test(heal[1]) ? Number(heal[1]) : heal[1].toUpperCase();
    return [{ heal: amount, targets: 'friendly', if: { within: 3, of: 'self', keyword: kw.keyword } } as AbilityEffect];
  }
  const r = read(t);
  if (r.resolves === null) fail(r.unparsed ?? t);
  if (JSON.stringify(r.picks ?? []) !== JSON.stringify(picks)) fail(t); // a branch that picks a unit of its own
  return r.resolves;
}

/**
 * The Effect "Roll a dice. On a N+, pick 1 of the following effects:" + one branch per line (module docs) → the
 * effects (each with `choice` and the use's gate) and the picks (the Declare's, then the choice). Null when the
 * Effect does not start with that lead-in; throws NotUnderstood when it does and a branch is not read.
 */
export function readGatedChoice39(effect: string, picks: readonly AbilityPick[], known: Iterable<string>, read: Read): { resolves: AbilityEffect[]; picks: AbilityPick[] } | null {
  const lines = effect.split(/\r?\n/).map((l) => plainRulesText(l)).filter((l) => l !== '');
  const lead = lines.length > 0 ? LEAD.exec(lines[0]) : null;
  if (!lead) return null;
  const choice = splitChoice(['Pick 1 of the following effects:', ...lines.slice(1)].join('\n'));
  if (choice === null) fail(lines[0]);
  const gate = `${lead[1]}+`;
  const out: AbilityEffect[] = [];
  for (const b of choice.branches) {
    for (const e of readBranch(b.text, picks, known, read)) {
      // Mortal damage gates itself (`on`); a branch with a roll or a choice of its own: not this shape.
      if ('mortal' in e || e.if?.roll !== undefined || e.if?.rollHealth !== undefined || e.choice !== undefined) fail(b.text);
      out.push({ ...e, if: { ...e.if, roll: gate, rollOnce: 'use' }, choice: b.name } as AbilityEffect);
    }
  }
  return { resolves: out, picks: [...picks, { kind: 'choice', choices: choice.branches.map((b) => b.name) }] };
}
