/**
 * Rules arithmetic of one attack against one target (Core 17.0, 17.1, 18.1, 18.2, 18.4, 20.0, 27.0):
 * modifier caps, Rend with Anti-X, damage allocation and the per-step probabilities the `damage`
 * query convolves (`damage.ts`).
 *
 * @module
 */

import { characteristicDistribution, parseCharacteristic, type Characteristic } from './characteristics';
import {
  DamageInputError,
  keywordsMatch,
  parseAbility,
  parseRend,
  parseRollTarget,
  validateDamageInput,
  type CritAbility,
  type DamageAttacker,
  type DamageOptions,
  type DamageTarget,
  type ParsedAbility,
  type RerollKind,
} from './damageInput';

function sumModifiers(m: number | readonly number[] | undefined): number {
  if (m === undefined) return 0;
  return typeof m === 'number' ? m : m.reduce((s, x) => s + x, 0);
}

/**
 * Final modifier of a hit or wound roll: the sum of all modifiers capped to `[-1, +1]`
 * (Core 17.1).
 */
export function capHitWoundModifier(sum: number): number {
  return Math.max(-1, Math.min(1, sum));
}

/**
 * Final modifier of a save roll (Core 17.0 step 3, Core 17.1): the save modifiers and −Rend,
 * capped at +1 with no lower cap. With `rendInSaveCap` (default, INVENTORY A-R8) −Rend is part
 * of the capped sum (`min(mods − rend, +1)`); otherwise the bonuses are capped first and Rend
 * subtracted after (`min(mods, +1) − rend`).
 */
export function finalSaveModifier(saveModifierSum: number, rend: number, rendInSaveCap = true): number {
  return rendInSaveCap ? Math.min(saveModifierSum - rend, 1) : Math.min(saveModifierSum, 1) - rend;
}

/**
 * Rend used against this target (Core 20.0): the printed Rend plus 1 for every Anti-X ability
 * whose keyword the target has (Core 5.1 singular/plural) or whose condition it fulfils
 * (Anti-charge: the target charged this turn). Multiples are cumulative (INVENTORY T-11).
 */
export function effectiveRend(attacker: DamageAttacker, target: DamageTarget): number {
  const base = parseRend(attacker.weapon.rend);
  if (typeof base === 'object') throw new DamageInputError([{ path: 'attacker.weapon.rend', message: base.error }]);
  let rend = base;
  for (const a of attacker.weapon.abilities ?? []) {
    const p = parseAbility(a);
    if (typeof p === 'string') continue;
    if (p.kind === 'anti-charge' && target.charged === true) rend += 1;
    if (p.kind === 'anti-keyword' && (target.keywords ?? []).some((k) => keywordsMatch(k, p.keyword))) rend += 1;
  }
  return rend;
}

/**
 * Damage allocation for a fixed number of damage points after the ward step (Core 18.2, 18.4):
 * points are allocated one at a time; each time the unit's allocated count reaches `health`
 * a model is slain and the count resets to 0; once the last of `models` models is slain the
 * remaining points have no effect. `models` undefined = unlimited.
 *
 * @returns `allocated` points actually allocated, models `slain`, and the `remainder`
 *   still allocated to the (damaged) unit afterwards.
 */
export function allocateDamagePoints(
  points: number,
  health: number,
  models?: number,
): { allocated: number; slain: number; remainder: number } {
  const allocated = models === undefined ? points : Math.min(points, models * health);
  const slain = Math.floor(allocated / health);
  const remainder = models !== undefined && slain >= models ? 0 : allocated - slain * health;
  return { allocated, slain, remainder };
}

/** Per-step probabilities of one attack against one target (Core 17.0, 17.1, 18.1, 20.0). */
export interface AttackProfile {
  /** Final (capped) hit, wound and save modifiers. */
  readonly hitModifier: number;
  readonly woundModifier: number;
  readonly saveModifier: number;
  /** Rend after Anti-X abilities. */
  readonly rend: number;
  /** Probability of a successful non-critical hit, and of a critical hit, per attack. */
  readonly pHit: number;
  readonly pCrit: number;
  /** Probability that a hit wounds. */
  readonly pWound: number;
  /** Probability that a save roll fails (1 when the target has no save). */
  readonly pUnsaved: number;
  /** Probability that a damage point survives the ward roll (1 without a ward). */
  readonly pWardFails: number;
  /** Distribution of the Damage of one successful attack, Charge (+1 Damage) included. */
  readonly damage: readonly number[];
  /** Distribution of the Attacks characteristic of one model. */
  readonly attacksPerModel: readonly number[];
  /** Crit abilities on the weapon (the commander uses one, Core 20.0). */
  readonly critAbilities: readonly CritAbility[];
}

/**
 * Resolve the per-step probabilities for already-validated input.
 *
 * Hit roll: unmodified 1 fails; an unmodified 6 is a critical hit and, with `critAlwaysHits`
 * (A-R7), always a successful hit; otherwise roll + capped modifier ≥ Hit (Core 17.0, 17.1).
 * Wound roll: unmodified 1 fails; roll + capped modifier ≥ Wound. Save roll: unmodified 1
 * fails; roll + final save modifier ≥ Save saves; a `"-"` save never saves. Ward: each damage
 * point is removed on a D6 ≥ the ward value (Core 18.1).
 *
 * @throws {DamageInputError} when the input does not validate.
 */
export function attackProfile(
  attacker: DamageAttacker,
  target: DamageTarget,
  options: DamageOptions = {},
): AttackProfile {
  const issues = validateDamageInput(attacker, target, false);
  if (issues.length > 0) throw new DamageInputError(issues);
  const critAlwaysHits = options.critAlwaysHits ?? true;
  const rendInSaveCap = options.rendInSaveCap ?? true;
  const w = attacker.weapon;
  const hit = parseRollTarget(w.hit, 2, 6, false) as number;
  const wound = parseRollTarget(w.wound, 2, 6, false) as number;
  const save = parseRollTarget(target.save, 2, 6, true) as number | 'none';
  const ward = target.ward === undefined ? undefined : (parseRollTarget(target.ward, 2, 6, false) as number);

  const hitModifier = capHitWoundModifier(sumModifiers(attacker.modifiers?.hit));
  const woundModifier = capHitWoundModifier(sumModifiers(attacker.modifiers?.wound));
  const rend = Math.max(0, effectiveRend(attacker, target) + (options.rendAdd ?? 0));
  const saveModifier = finalSaveModifier(sumModifiers(target.modifiers?.save), rend, rendInSaveCap);
  const critOn = options.critOn ?? 6;
  const failHit = options.failHitUpTo ?? 0;
  const failWound = options.failWoundUpTo ?? 0;

  // Count faces of one D6 (a roll can't be modified below 1, Core 27.0; irrelevant as every
  // target value is at least 2). An unmodified 1 always fails; so does 1-N with `failHitUpTo` N.
  const modified = (r: number, m: number) => Math.max(1, r + m);
  let hitFaces = 0;
  let critFaces = 0;
  for (let r = 2; r <= 6; r++) {
    if (r <= failHit) continue;
    if (r >= critOn) {
      if (critAlwaysHits || modified(r, hitModifier) >= hit) critFaces++;
    } else if (modified(r, hitModifier) >= hit) hitFaces++;
  }
  let woundFaces = 0;
  for (let r = 2; r <= 6; r++) if (r > failWound && modified(r, woundModifier) >= wound) woundFaces++;
  let savedFaces = 0;
  if (save !== 'none') for (let r = 2; r <= 6; r++) if (modified(r, saveModifier) >= save) savedFaces++;
  // Re-rolls (Core 2.2): a re-rolled dice is a new roll with the same odds, so a success's
  // probability p becomes p · (1 + P(the dice is re-rolled)).
  const again = (kind: RerollKind | undefined, pSuccess: number) => (kind === 'ones' ? 1 / 6 : kind === 'failed' || kind === 'any' ? 1 - pSuccess : 0);
  const hitAgain = 1 + again(options.reroll?.hit, (hitFaces + critFaces) / 6);
  const woundAgain = 1 + again(options.reroll?.wound, woundFaces / 6);
  const saveAgain = save === 'none' ? 1 : 1 + again(options.reroll?.save, savedFaces / 6);

  const parsed = (w.abilities ?? []).map(parseAbility).filter((p): p is ParsedAbility => typeof p !== 'string');
  const critAbilities = parsed.flatMap((p) => (p.kind === 'crit' ? [p.name] : []));
  const chargeBonus = attacker.charged === true && parsed.some((p) => p.kind === 'charge-damage') ? 1 : 0;
  const damage = shifted(scaled(characteristicDistribution(parseCharacteristicOk(w.damage)), options.damageTimes ?? 1), chargeBonus + (options.damageAdd ?? 0));

  return {
    hitModifier,
    woundModifier,
    saveModifier,
    rend,
    pHit: (hitFaces / 6) * hitAgain,
    pCrit: (critFaces / 6) * hitAgain,
    pWound: (woundFaces / 6) * woundAgain,
    pUnsaved: 1 - (savedFaces / 6) * saveAgain,
    pWardFails: ward === undefined ? 1 : (ward - 1) / 6,
    damage,
    attacksPerModel: shifted(characteristicDistribution(parseCharacteristicOk(w.attacks)), options.attacksAdd ?? 0),
    critAbilities,
  };
}

/** A distribution over whole values (index = value) with `by` added to every value, those below 0 counted as 0 (Core 27.0). */
/** The distribution of `times` × a value of `dist` (index = value): "Double the Damage characteristic" (Core 27.0). */
function scaled(dist: readonly number[], times: number): number[] {
  if (times === 1) return [...dist];
  const out = new Array<number>((dist.length - 1) * times + 1).fill(0);
  dist.forEach((p, v) => (out[v * times] += p));
  return out;
}

function shifted(dist: readonly number[], by: number): number[] {
  if (by === 0) return [...dist];
  if (by > 0) return [...new Array<number>(by).fill(0), ...dist];
  const out = dist.slice(-by);
  out[0] = (out[0] ?? 0) + dist.slice(0, -by).reduce((a, b) => a + b, 0);
  return out.length > 0 ? out : [1];
}

function parseCharacteristicOk(v: number | string): Characteristic {
  const r = parseCharacteristic(v);
  if (!r.ok) throw new RangeError(r.error);
  return r.value;
}

