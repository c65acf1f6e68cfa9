/**
 * The adjudicator's `damage` query (docs: /work/shared/contract/SCENARIO.md, `damage` row):
 * the exact distribution of damage points one weapon profile allocates to one target unit,
 * computed by enumerating every die face of a single attack and convolving the per-attack
 * distributions (never by sampling).
 *
 * Rules implemented: the attack sequence (Core 17.0), modifier caps (Core 17.1), mortal damage
 * (Core 17.2), the damage sequence with ward saves and allocation (Core 18.0-18.4), weapon
 * abilities (Core 20.0), random characteristics (Core 26.0) and modifier order (Core 27.0).
 * Every interpretation is listed, with its section, in `docs/interpretations-damage.md`:
 *
 * - **Allocation (Core 18.2, 18.4):** damage points go into one pool for the unit; after the
 *   ward step they are allocated one at a time, and each time the allocated count reaches
 *   Health a model is slain and the count resets to 0. Damage therefore *does* carry over
 *   from one model to the next (there is no per-attack or per-model waste, unlike 3rd
 *   edition). When the last model is slain the rest of the pool has no effect (Core 18.4), so
 *   with `target.models` given the points allocated are capped at `models × health`. Without
 *   `target.models` the unit is treated as having enough models for the whole pool. The
 *   target starts undamaged.
 * - **Random Attacks (Core 26.0):** rolled once per attacking model; random Damage rolled
 *   once per successful attack (per hit that gets through for Crit (2 Hits), and for the
 *   mortal damage of Crit (Mortal)); Charge (+1 Damage) is added after the roll (Core 27.0).
 * - **Critical hits (Core 17.0, INVENTORY A-R7):** an unmodified 6 is a critical hit and
 *   counts as a successful hit even when modifiers would make it fail (`critAlwaysHits`).
 * - **Save modifier cap (Core 17.1, INVENTORY A-R8):** −Rend is summed with the save modifiers
 *   before the +1 cap (`rendInSaveCap`).
 * - **Several crit abilities (Core 20.0):** the commander picks one before the attack
 *   sequence; this module picks the one with the highest expected damage.
 *
 * @module
 */

import {
  DamageInputError,
  validateDamageInput,
  type CritAbility,
  type DamageAttacker,
  type DamageOptions,
  type DamageResult,
  type DamageTarget,
} from './damageInput';
import { allocateDamagePoints, attackProfile, type AttackProfile } from './damageProfile';

export {
  DamageAttackerSchema,
  DamageInputError,
  DamageTargetSchema,
  DamageWeaponSchema,
  FIXED_WEAPON_ABILITIES,
  MAX_DAMAGE_WORK,
  formatIssuePath,
  keywordsMatch,
  validateDamageInput,
  zodIssues,
  type CritAbility,
  type DamageAttacker,
  type DamageIssue,
  type DamageOptions,
  type DamageResult,
  type DamageTarget,
} from './damageInput';
export {
  allocateDamagePoints,
  attackProfile,
  capHitWoundModifier,
  effectiveRend,
  finalSaveModifier,
  type AttackProfile,
} from './damageProfile';

// ---------------------------------------------------------------------------------------------
// Distribution arithmetic (pure; index = number of damage points)
// ---------------------------------------------------------------------------------------------

/** Convolution of two distributions; mass at indices ≥ `cap` is lumped into index `cap`. */
function convolve(a: readonly number[], b: readonly number[], cap: number): number[] {
  const len = Math.min(a.length + b.length - 1, cap + 1);
  const out = new Array<number>(len).fill(0);
  for (let i = 0; i < a.length; i++) {
    const ai = a[i];
    if (ai === 0) continue;
    const direct = Math.min(b.length, len - 1 - i); // j < direct → i + j < cap
    for (let j = 0; j < direct; j++) out[i + j] += ai * b[j];
    for (let j = Math.max(direct, 0); j < b.length; j++) out[len - 1] += ai * b[j];
  }
  return out;
}

/** Weighted mixture Σ w·dist. */
function mixture(parts: readonly (readonly [number, readonly number[]])[]): number[] {
  const len = Math.max(...parts.map(([, d]) => d.length));
  const out = new Array<number>(len).fill(0);
  for (const [w, d] of parts) {
    if (w === 0) continue;
    for (let i = 0; i < d.length; i++) out[i] += w * d[i];
  }
  return out;
}

/** Mixture of "nothing" (probability 1 − p) and `d` (probability p). */
function succeedWith(p: number, d: readonly number[]): number[] {
  return mixture([
    [1 - p, [1]],
    [p, d],
  ]);
}

/**
 * Ward thinning (Core 18.1): each damage point independently survives with probability `q`.
 * Returns Σ_d dist[d]·Binomial(d, q).
 */
function thin(dist: readonly number[], q: number): number[] {
  if (q === 1) return dist.slice();
  const out = new Array<number>(dist.length).fill(0);
  let row = [1]; // Binomial(d, q) for d = 0, 1, ...
  for (let d = 0; d < dist.length; d++) {
    if (d > 0) {
      const next = new Array<number>(d + 1).fill(0);
      for (let k = 0; k < row.length; k++) {
        next[k] += row[k] * (1 - q);
        next[k + 1] += row[k] * q;
      }
      row = next;
    }
    const p = dist[d];
    if (p === 0) continue;
    for (let k = 0; k <= d; k++) out[k] += p * row[k];
  }
  return out;
}

/** Drop trailing zeros (no effect on anything). */
function dropZeros(d: number[]): number[] {
  let end = d.length;
  while (end > 1 && d[end - 1] === 0) end--;
  return end === d.length ? d : d.slice(0, end);
}

/**
 * Trim the tail: trailing entries are dropped only while the dropped mass stays below 1e-15
 * and the dropped contribution to the mean (Σ k·p_k) stays at most 1e-12.
 */
function trimTail(d: readonly number[]): number[] {
  let end = d.length;
  let mass = 0;
  let moment = 0;
  while (end > 1) {
    const k = end - 1;
    const p = d[k];
    if (p === 0) {
      end--;
      continue;
    }
    if (mass + p < 1e-15 && moment + k * p <= 1e-12) {
      mass += p;
      moment += k * p;
      end--;
    } else break;
  }
  return d.slice(0, end);
}

/** Distribution of damage points (after wards) from one attack, for one crit choice. */
function perAttackDistribution(profile: AttackProfile, crit: CritAbility | null): number[] {
  const { pHit, pCrit, pWound, pUnsaved, damage } = profile;
  // A hit that must still wound and get through the save (Core 17.0 steps 2-4).
  const normalHit = succeedWith(pWound * pUnsaved, damage);
  let critHit: number[];
  switch (crit) {
    case 'crit-2-hits': // 2 hits, a wound roll for each (Core 20.0)
      critHit = convolve(normalHit, normalHit, Infinity);
      break;
    case 'crit-auto-wound': // wounds automatically, save as normal
      critHit = succeedWith(pUnsaved, damage);
      break;
    case 'crit-mortal': // mortal damage = Damage, no wound or save roll (Core 17.2, 20.0)
      critHit = damage.slice();
      break;
    default:
      critHit = normalHit;
  }
  const attack = mixture([
    [1 - pHit - pCrit, [1]],
    [pHit, normalHit],
    [pCrit, critHit],
  ]);
  return dropZeros(thin(attack, profile.pWardFails));
}


function computeForCrit(
  profile: AttackProfile,
  crit: CritAbility | null,
  models: number,
  cap: number,
): number[] {
  const perAttack = perAttackDistribution(profile, crit);
  // Number of attacks: random Attacks are generated per model (Core 26.0).
  let count: number[] = [1];
  for (let m = 0; m < models; m++) count = convolve(count, profile.attacksPerModel, Infinity);
  count = dropZeros(count);
  // Σ_n P(N = n) · perAttack^{*n}, powers built one attack at a time, lumped at the cap.
  let total = new Array<number>(1).fill(0);
  let power: number[] = [1];
  for (let n = 0; n < count.length; n++) {
    if (n > 0) power = convolve(power, perAttack, cap);
    const w = count[n];
    if (w === 0) continue;
    if (total.length < power.length) total = total.concat(new Array<number>(power.length - total.length).fill(0));
    for (let k = 0; k < power.length; k++) total[k] += w * power[k];
  }
  return total;
}

function meanOf(d: readonly number[]): number {
  let s = 0;
  for (let k = 1; k < d.length; k++) s += k * d[k];
  return s;
}

/**
 * The `damage` query (SCENARIO.md): exact damage statistics of one weapon profile used by
 * `attacker.models` models against one target unit, by enumeration and convolution.
 *
 * Sequence (Core 17.0-18.4, 20.0, 26.0): per attacking model, the Attacks characteristic (a
 * random one rolled per model); per attack, hit roll → wound roll → save roll → Damage
 * (random Damage rolled per successful attack, Charge (+1 Damage) added after, Core 27.0);
 * crit abilities on an unmodified 6 to hit; all damage points pooled; one ward roll per
 * damage point (Core 18.1); then allocation one point at a time with excess carrying over to
 * the next model, stopping when the last of `target.models` models is slain (Core 18.2, 18.4).
 *
 * @param attacker `{models, weapon: {attacks, hit, wound, rend, damage, abilities?}, charged?, modifiers?: {hit?, wound?}}`
 * @param target `{save, ward?, health, models?, keywords?, charged?, modifiers?: {save?}}`
 * @param options Ruleset flags (defaults: `critAlwaysHits` and `rendInSaveCap` true).
 * @returns `value`: expected damage points allocated after wards (points, exact up to
 *   floating-point rounding); `distribution[k]`: probability of exactly `k` points allocated
 *   (sums to 1; trailing entries dropped only when their mass is < 1e-15 and their share of
 *   `value` ≤ 1e-12); `slain`: expected number of models slain.
 * @throws {DamageInputError} listing every invalid field with its path, or when the query is
 *   too large to compute exactly (see {@link MAX_DAMAGE_WORK}).
 */
export function computeDamage(
  attacker: DamageAttacker,
  target: DamageTarget,
  options: DamageOptions = {},
): DamageResult {
  const issues = validateDamageInput(attacker, target);
  if (issues.length > 0) throw new DamageInputError(issues);
  const profile = attackProfile(attacker, target, options);
  const cap = target.models === undefined ? Infinity : target.models * target.health;

  // Several crit abilities: the commander picks one (Core 20.0); we take the best for them:
  // the highest expected damage, and between choices whose expected damage is equal (up to
  // floating-point rounding) the one expected to slay more models. Without the tie rule the
  // choice between equal means (e.g. Crit (2 Hits) vs Crit (Mortal) at Damage 1, wound 4+,
  // no save) would be decided by rounding noise.
  const choices: (CritAbility | null)[] = profile.critAbilities.length === 0 ? [null] : [...profile.critAbilities];
  let best: { dist: number[]; value: number; slain: number } | null = null;
  for (const crit of choices) {
    const dist = computeForCrit(profile, crit, attacker.models, cap);
    const value = meanOf(dist);
    const slain = expectedSlain(dist, target.health, target.models);
    if (best === null) {
      best = { dist, value, slain };
      continue;
    }
    const tie = Math.abs(value - best.value) <= 1e-9 * Math.max(1, value, best.value);
    if ((!tie && value > best.value) || (tie && slain > best.slain)) best = { dist, value, slain };
  }
  return { value: best!.value, distribution: trimTail(best!.dist), slain: best!.slain };
}

/** Expected models slain for a distribution of allocated damage points (Core 18.2, 18.4). */
function expectedSlain(dist: readonly number[], health: number, models: number | undefined): number {
  let slain = 0;
  for (let k = health; k < dist.length; k++) {
    if (dist[k] !== 0) slain += dist[k] * allocateDamagePoints(k, health, models).slain;
  }
  return slain;
}
