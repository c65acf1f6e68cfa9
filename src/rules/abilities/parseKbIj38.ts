/**
 * Shapes of the Kruleboyz (kb-001) and Ironjawz (ij-001) rosters read in session 38 (ab38a; docs/abilities.md
 * "Faction terrain, session 38 (ab38a)"), each the unit reading of `parseEffect.ts` with one more form:
 *
 * - {@link normalizeClause38}: "... for combat attacks made by friendly K units wholly within N" of this unit"
 *   (That's Ours, Ya Gitz) is the aura written "... while they are wholly within N" of this unit"; "the Damage
 *   characteristic of this unit's X is N if the target is a K" (Skewering Bolts; an ability with no Declare, so
 *   "the target" is the unit attacked) is "... for attacks that target a K" (`against`).
 * - {@link readSentence38}: "In addition, if the chanting roll was N+, <clause>" with no duration of its own
 *   (Get 'Em Beat) lasts as the sentence before it ("In addition" continues that effect, docs/interpretations.md);
 *   "If the target is a K, inflict X mortal damage on the target instead." (Mighty 'Eadbutt) splits the mortal
 *   damage before it by the target's keyword (`if: {notKeyword: K}` / `if: {keyword: K}`); "Add 1 to this unit's
 *   power level while there are any friendly K units that have N or more models wholly within M" of it." (Brutal
 *   Power) is `friendlyNear` with `models`.
 *
 * As everywhere in the parser, a text that starts like one of these but holds a word more stays by hand.
 * Pure; no three.
 *
 * @module
 */

import { readUnitPhrase } from './parseDeclare';
import type { AbilityEffect } from './schema';

/** The parser's state a sentence reader needs (parseEffect.ts `Ctx`). */
export interface Sentence38Ctx {
  readonly passive: boolean;
  readonly castRoll?: boolean;
  readonly hasTargets: boolean;
  readonly known: Iterable<string>;
}

/** A clause rewritten into the form the unit reading knows (see the module notes), or unchanged. */
export function normalizeClause38(c: string, hasTargets: boolean): string {
  const aura = /^(.+ made by friendly [\w' -]+? units) ((?:wholly )?within \d+" of this unit)$/i.exec(c);
  if (aura) return `${aura[1]} while they are ${aura[2]}`;
  if (!hasTargets) {
    const vs = /^(.*the (?:damage|attacks|rend) characteristic of this unit's .+? is \d+) if the target is (an? [\w' -]+)$/i.exec(c);
    if (vs) return `${vs[1]} for attacks that target ${vs[2]}`;
  }
  return c;
}

/** The one duration all of `prev` share, or undefined. */
function sharedDuration(prev: readonly AbilityEffect[]): AbilityEffect['duration'] {
  const ds = new Set(prev.map((e) => e.duration));
  return ds.size === 1 ? prev[0].duration : undefined;
}

/**
 * One sentence `s` (full stop removed) read with the effects of the sentence before it (`out` from
 * `prevStart`), or null when it is none of these shapes. May replace those effects in `out` (Mighty 'Eadbutt).
 * `readClause(c, duration)`: the parser's clause reader with an outer duration.
 */
export function readSentence38(s: string, out: AbilityEffect[], prevStart: number, ctx: Sentence38Ctx, readClause: (c: string, duration: AbilityEffect['duration']) => AbilityEffect[]): AbilityEffect[] | null {
  const prev = out.slice(prevStart);
  // Get 'Em Beat: "For the rest of the turn, add 1 to charge rolls for the target. In addition, if the chanting
  // roll was 8+, add 1 to the number of dice rolled when making charge rolls for the target, to a maximum of 3."
  const more = /^in addition, (if the (?:casting|chanting) roll was \d+\+, .+)$/i.exec(s);
  if (more) {
    // A sentence with a duration of its own (Catechism of Murder) is the unit reading's, as before.
    if (/for the rest of|until the start of|this turn/i.test(more[1])) return null;
    const d = sharedDuration(prev);
    // Only after effects that apply whole (no roll or condition of their own the new one might share or not).
    if (ctx.passive || ctx.castRoll !== true || prev.length === 0 || d === undefined || prev.some((e) => e.if !== undefined || e.while !== undefined)) return null;
    return readClause(more[1], d);
  }
  // Mighty 'Eadbutt: "Inflict D3 mortal damage on the target. If the target is a Wizard, inflict 3 mortal damage on the target instead."
  const kw = /^if the target is an? ([\w' -]+?), inflict (\d+|D[36]) mortal damage on the target instead$/i.exec(s);
  if (kw) {
    const k = readUnitPhrase(kw[1], ctx.known);
    if (!ctx.hasTargets || !k.keyword || k.notKeyword || k.anyKeyword || prev.length !== 1) return null;
    const p = prev[0];
    if (!('mortal' in p) || p.targets !== 'targets' || p.if !== undefined || p.while !== undefined || p.on !== undefined || p.each !== undefined || p.unlessCastRoll !== undefined || p.duration !== undefined) return null;
    out[prevStart] = { ...p, if: { notKeyword: k.keyword } };
    const amount = /^\d+$/.test(kw[2]) ? Number(kw[2]) : kw[2].toUpperCase();
    return [{ mortal: amount, targets: 'targets', if: { keyword: k.keyword } }];
  }
  // Brutal Power (a passive): the WIZARD's power level while a big friendly unit is near (Magic 1.1).
  const pow = /^add (\d) to this unit's power level while there are any friendly ([\w' -]+?) units that have (\d+) or more models (wholly )?within (\d+)" of it$/i.exec(s);
  if (pow) {
    const k = readUnitPhrase(`${pow[2]} units`, ctx.known);
    if (!ctx.passive || !k.keyword || k.notKeyword || k.anyKeyword) return null;
    return [{ modify: 'power', by: Number(pow[1]), targets: 'self', while: { friendlyNear: { within: Number(pow[5]), ...(pow[4] ? { wholly: true } : {}), keyword: k.keyword, models: Number(pow[3]) } } }];
  }
  return null;
}
