/**
 * Faction resources in an Effect's text (issue 34, session 38, ab38b): the sentences that give, subtract and read a
 * unit's named counters (points and tokens; the mechanism: `resourceCounts38.ts`, `engine/resourceTriggers38.ts`).
 * Asked by `parseEffect.ts`'s sentence loop; each shape is read whole or not at all (then the rest of the loop tries
 * the sentence, and an unread sentence leaves the ability by hand):
 *
 * | sentence (real text) | effect |
 * | --- | --- |
 * | `Each time this unit has charged as a result of using a Charge ability, it gains 1 momentum point.` (passive) | `{resource, gain: 1, on: "charged"}` |
 * | `Each time it uses a Run ability, it gains 2 momentum points.` (passive) | `{resource, gain: 2, on: "run"}` |
 * | `It can have a maximum of 3 momentum points at once.` (passive) | `{resource, max: 3}` |
 * | `At the end of each battle round, subtract 1 from its momentum points, to a minimum of 0.` (passive) | `{resource, gain: -1, on: "endOfRound"}` |
 * | `Add the number of momentum points this unit has to the Damage characteristic of its Maw-grunta's Tusks.` (passive) | `{modify: "damage", by: 1, perResource, weapon}` |
 * | `Add 1 momentum point to each target.` / `to the target` | `{resource, gain: 1, targets: "targets"}` |
 * | `Give this unit 1 ritual point.`, `[If any enemy models were slain this turn by this unit's combat attacks, ]give this unit D3 ritual points.` | `{resource: "ritual point", gain, [if: {slewInCombat: true, unit: "self"}]}` |
 * | `Roll a dice and add the number of momentum points this unit has to the roll.` + `On a 5+, <clause>.` | the clause gated `if: {roll: "5+", rollAddResource}` |
 *
 * A resource is "<words> point(s)" or "<words> token(s)"; rage dice, fury levels and the like are not read.
 *
 * @module
 */

import { fail } from './parseDeclare';
import { resourceName } from './resourceCounts38';
import type { AbilityEffect } from './schema';

/** What the reader needs of parseEffect.ts. */
export interface ResourceCtx {
  readonly passive: boolean;
  readonly hasTargets: boolean;
  /** parseEffect.ts's clause reader (one clause → its effects; `gate`: "N+" of a roll made first). */
  readonly readClause: (clause: string, gate?: string) => AbilityEffect[];
}

/** A resource phrase: "momentum points", "Waaagh! token", "ritual points" (a word or three, then point(s) / token(s)). */
const RES = "((?:[A-Za-z!'-]+ ){1,3}?(?:points?|tokens?))";
const AMOUNT = '(\\d+|D3|D6|an?)';

const GAINS_ON_CHARGE = new RegExp(`^each time this unit has charged as a result of using a charge ability, (?:it|this unit) gains (\\d+) ${RES}$`, 'i');
const GAINS_ON_RUN = new RegExp(`^each time (?:it|this unit) uses a run ability, (?:it|this unit) gains (\\d+) ${RES}$`, 'i');
const MAXIMUM = new RegExp(`^(?:it|this unit) can have a maximum of (\\d+) ${RES} at once$`, 'i');
const ROUND_DECAY = new RegExp(`^at the end of each battle round, subtract (\\d+) from (?:its|this unit's) ${RES}, to a minimum of 0$`, 'i');
const PER_POINT = new RegExp(`^add the number of ${RES} this unit has to the (damage|attacks|rend) characteristic of (?:its|this unit's) (.+)$`, 'i');
const ADD_TO = new RegExp(`^add (\\d+) ${RES} to (each target|the target|this unit)$`, 'i');
const GIVE = new RegExp(`^(if any enemy models were slain this turn by this unit's combat attacks, )?give (this unit|the target) ${AMOUNT} ${RES}$`, 'i');
const ROLL_PLUS = new RegExp(`^roll a dice and add the number of ${RES} this unit has to the roll$`, 'i');
/** A token model of the unit (Core 23.0): "This unit's Gryph-hound is a token" (one token, a name of one to three words). */
const TOKEN = /^this unit's ((?:[A-Za-z'-]+ ){0,2}[A-Za-z'-]+) is a token$/i;
const WHILE_TOKEN = /^(.+) while its ((?:[A-Za-z'-]+ ){0,2}[A-Za-z'-]+) is on the battlefield$/i;
const SAVE_OF_1 = /^if you make an unmodified save roll of 1 for this unit, remove its ((?:[A-Za-z'-]+ ){0,2}[A-Za-z'-]+) from the battlefield after the attack ability has been resolved \(the damage point is still inflicted\)$/i;
/** Strength From Victory (ij): a token given to a maximum, when an enemy unit its combat attacks damaged this turn has been destroyed. */
const GIVE_UP_TO = new RegExp(`^if any damage points were allocated to an enemy unit by this unit's combat attacks this turn and that enemy unit has been destroyed, give this unit (a|an|\\d+) ${RES}, to a maximum of (\\d+)$`, 'i');
const PER_POINT_NEXT_TURN = new RegExp(`^until the end of the next turn, add 1 to the (attacks|damage|rend) characteristic of this unit's (weapons|melee weapons|ranged weapons) for each ${RES} it has$`, 'i');

function amount(x: string): number | string {
  if (/^an?$/i.test(x)) return 1;
  return /^\d+$/.test(x) ? Number(x) : x.toUpperCase();
}

/** The weapons phrase of a per-point modifier: "melee weapons", "weapons", or a named weapon. */
function weaponPart(x: string): { attacks?: 'melee' | 'ranged'; weapon?: string } {
  if (/^weapons$/i.test(x)) return {};
  const r = /^(melee|ranged) weapons$/i.exec(x);
  if (r) return { attacks: r[1].toLowerCase() as 'melee' | 'ranged' };
  if (/\b(and|or|while|if|for|that|when)\b|,/i.test(x)) fail(x);
  return { weapon: x };
}

/**
 * "<clause> while its Gryph-hound is on the battlefield" (a passive): the clause's effects, each holding only while the
 * ability's unit still has its token. On this unit: `while.has`; an aura ("friendly Ruination Chamber units wholly
 * within 12" of this unit"): `while.also: {has, unit: "self"}` (the token is this unit's, not the affected unit's).
 */
function whileToken(clause: string, token: string, ctx: ResourceCtx): AbilityEffect[] {
  // "friendly K units wholly within 12" of this unit" is the aura the clause reader knows as "... while they are wholly within 12" of this unit".
  const c = clause.replace(/^(add \d+ to the control scores of friendly [\w' -]+? units) ((?:wholly )?within \d+" of this unit)$/i, '$1 while they are $2');
  const has = { resource: token, atLeast: 1 };
  return ctx.readClause(c).map((e) => {
    if (e.if !== undefined || e.duration !== undefined) fail(clause);
    const w = e.while;
    if (w === undefined) {
      if ((e.targets ?? 'self') !== 'self') fail(clause);
      return { ...e, while: { has } } as AbilityEffect;
    }
    if (w.also !== undefined || w.of !== 'self' || e.targets !== 'friendly') fail(clause);
    return { ...e, while: { ...w, also: { has, unit: 'self' as const } } } as AbilityEffect;
  });
}

/**
 * The resource sentence(s) at `ss[i]` (markup-free, without the final full stop), or null when `ss[i]` is not one.
 * @returns the effects and how many sentences were used.
 */
export function readResourceSentences(ss: readonly string[], i: number, ctx: ResourceCtx): { effects: AbilityEffect[]; used: number } | null {
  const s = ss[i].replace(/\.$/, '');
  let m: RegExpExecArray | null;
  if (ctx.passive) {
    if ((m = GAINS_ON_CHARGE.exec(s))) return { effects: [{ resource: resourceName(m[2]), gain: Number(m[1]), on: 'charged' }], used: 1 };
    if ((m = GAINS_ON_RUN.exec(s))) return { effects: [{ resource: resourceName(m[2]), gain: Number(m[1]), on: 'run' }], used: 1 };
    if ((m = MAXIMUM.exec(s))) return { effects: [{ resource: resourceName(m[2]), max: Number(m[1]) }], used: 1 };
    if ((m = ROUND_DECAY.exec(s))) return { effects: [{ resource: resourceName(m[2]), gain: -Number(m[1]), on: 'endOfRound' }], used: 1 };
    if ((m = PER_POINT.exec(s))) {
      const what = m[2].toLowerCase() as 'damage' | 'attacks' | 'rend';
      return { effects: [{ modify: what, by: 1, perResource: resourceName(m[1]), ...weaponPart(m[3]) }], used: 1 };
    }
    if ((m = TOKEN.exec(s))) return { effects: [{ resource: resourceName(m[1]), start: 1 }], used: 1 };
    if ((m = SAVE_OF_1.exec(s))) return { effects: [{ resource: resourceName(m[1]), gain: -1, on: 'saveOf1' }], used: 1 };
    if ((m = WHILE_TOKEN.exec(s))) return { effects: whileToken(m[1], resourceName(m[2]), ctx), used: 1 };
    return null;
  }
  if ((m = GIVE_UP_TO.exec(s))) {
    return { effects: [{ resource: resourceName(m[2]), gain: /^an?$/i.test(m[1]) ? 1 : Number(m[1]), max: Number(m[3]), if: { destroyedInCombat: true, unit: 'self' } }], used: 1 };
  }
  if ((m = PER_POINT_NEXT_TURN.exec(s))) {
    const what = m[1].toLowerCase() as 'damage' | 'attacks' | 'rend';
    return { effects: [{ modify: what, by: 1, perResource: resourceName(m[3]), ...weaponPart(m[2]), duration: 'nextTurnEnd' }], used: 1 };
  }
  if ((m = ADD_TO.exec(s))) {
    const self = /^this unit$/i.test(m[3]);
    if (!self && !ctx.hasTargets) fail(s);
    return { effects: [{ resource: resourceName(m[2]), gain: Number(m[1]), ...(self ? {} : { targets: 'targets' as const }) }], used: 1 };
  }
  if ((m = GIVE.exec(s))) {
    const self = /^this unit$/i.test(m[2]);
    if (!self && !ctx.hasTargets) fail(s);
    return {
      effects: [{ resource: resourceName(m[4]), gain: amount(m[3]), ...(self ? {} : { targets: 'targets' as const }), ...(m[1] ? { if: { slewInCombat: true as const, unit: 'self' as const } } : {}) }],
      used: 1,
    };
  }
  if ((m = ROLL_PLUS.exec(s))) {
    const next = /^on a ([2-6])\+, (.+?)\.?$/i.exec(ss[i + 1] ?? '');
    if (!next) fail(ss[i + 1] ?? s);
    const res = resourceName(m[1]);
    const effects = ctx.readClause(next[2], `${next[1]}+`).map((e) => {
      // The gate must be the effect's `if` roll (mortal damage's own `on` dice would not carry the points).
      if (e.if?.roll === undefined || ('on' in e && e.on !== undefined)) fail(next[2]);
      return { ...e, if: { ...e.if, rollAddResource: res } } as AbilityEffect;
    });
    return { effects, used: 2 };
  }
  return null;
}
