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

import { z } from 'zod';
import {
  characteristicDistribution,
  characteristicRange,
  parseCharacteristic,
  type Characteristic,
} from './characteristics';

// ---------------------------------------------------------------------------------------------
// Validation (zod, strict)
// ---------------------------------------------------------------------------------------------

/** Weapon abilities understood by the damage query (Core 20.0), besides `anti-<KEYWORD>`. */
export const FIXED_WEAPON_ABILITIES = [
  'crit-2-hits',
  'crit-auto-wound',
  'crit-mortal',
  'charge-damage',
  'anti-charge',
  'companion',
  'shoot-in-combat',
] as const;

/** The three abilities that apply on a critical hit (Core 20.0). */
export type CritAbility = 'crit-2-hits' | 'crit-auto-wound' | 'crit-mortal';

/** Upper bound on the estimated convolution work, in multiply-adds (about 0.2-0.5 s). */
export const MAX_DAMAGE_WORK = 2e8;

/** A parsed weapon ability. */
type ParsedAbility =
  | { kind: 'crit'; name: CritAbility }
  | { kind: 'charge-damage' }
  | { kind: 'anti-charge' }
  | { kind: 'anti-keyword'; keyword: string }
  | { kind: 'none'; name: 'companion' | 'shoot-in-combat' };

/**
 * Canonical keyword: upper case, single spaces, without a power level's value: `WIZARD (1)` and
 * `PRIEST (2)` are a WIZARD and a PRIEST (Magic 1.1: "a power level, shown in brackets after the
 * keyword, e.g. WIZARD (2)"). Only a bare number in brackets is dropped: `WARD (5+)` keeps its value.
 */
function normaliseKeyword(k: string): string {
  return k.trim().replace(/\s+/g, ' ').replace(/ ?\(\d+\)$/, '').toUpperCase();
}

/**
 * Whether two keywords are the same for rules purposes: case-insensitive, and the singular
 * and plural forms are synonymous (Core 5.1), e.g. HERO = HEROES, MONSTER = MONSTERS; a power
 * level's value is not part of the keyword (`WIZARD (3)` = `WIZARD`, Magic 1.1).
 */
export function keywordsMatch(a: string, b: string): boolean {
  const x = normaliseKeyword(a);
  const y = normaliseKeyword(b);
  if (x === y) return true;
  const plural = (s: string, p: string) => s + 'S' === p || s + 'ES' === p || (s.endsWith('Y') && s.slice(0, -1) + 'IES' === p);
  return plural(x, y) || plural(y, x);
}

function parseAbility(a: string): ParsedAbility | string {
  switch (a) {
    case 'crit-2-hits':
    case 'crit-auto-wound':
    case 'crit-mortal':
      return { kind: 'crit', name: a };
    case 'charge-damage':
      return { kind: 'charge-damage' };
    case 'companion':
    case 'shoot-in-combat':
      return { kind: 'none', name: a };
    default:
      break;
  }
  if (a.startsWith('anti-')) {
    const kw = normaliseKeyword(a.slice('anti-'.length));
    if (kw === '') return `"${a}": Anti- needs a keyword or condition, e.g. "anti-HERO" or "anti-charge"`;
    if (kw === 'CHARGE') return { kind: 'anti-charge' };
    return { kind: 'anti-keyword', keyword: kw };
  }
  return `unknown weapon ability "${a}"; expected one of ${FIXED_WEAPON_ABILITIES.map((x) => `"${x}"`).join(', ')} or "anti-<KEYWORD>"`;
}

function abilityKey(p: ParsedAbility): string {
  switch (p.kind) {
    case 'crit':
      return p.name;
    case 'anti-keyword':
      return `anti-${p.keyword}`;
    case 'none':
      return p.name;
    default:
      return p.kind;
  }
}

type Ctx = { addIssue: (issue: { code: 'custom'; message: string; path?: (string | number)[] }) => void };

/** Parse "3", 3 or "3+" as a roll target in `[min, max]`; `"-"` only when `allowNone`. */
function parseRollTarget(
  v: unknown,
  min: number,
  max: number,
  allowNone: boolean,
): number | 'none' | { error: string } {
  const expected = `expected a whole number from ${min} to ${max} (e.g. 3 or "3+" for 3+)${allowNone ? ' or "-"' : ''}`;
  if (v === undefined) return { error: `required: ${expected}` };
  if (typeof v === 'string') {
    const t = v.trim();
    if (allowNone && t === '-') return 'none';
    const m = /^(\d+)\+?$/.exec(t);
    if (!m) return { error: `${expected}, got "${v}"` };
    v = Number(m[1]);
  }
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
    return { error: `${expected}, got ${JSON.stringify(v)}` };
  }
  return v;
}

function rollTargetField(min: number, max: number, allowNone: boolean) {
  return z.custom<number | string>().superRefine((v, ctx) => {
    const r = parseRollTarget(v, min, max, allowNone);
    if (typeof r === 'object') (ctx as Ctx).addIssue({ code: 'custom', message: r.error });
  });
}

function parseRend(v: unknown): number | { error: string } {
  const expected = 'expected a whole number from 0 to 20 or "-" (no Rend)';
  if (v === undefined) return { error: `required: ${expected}` };
  if (typeof v === 'string') {
    const t = v.trim();
    if (t === '-') return 0;
    if (!/^\d+$/.test(t)) return { error: `${expected}, got "${v}"` };
    v = Number(t);
  }
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 20) {
    return { error: `${expected}, got ${JSON.stringify(v)}` };
  }
  return v;
}

function characteristicField(what: string) {
  return z.custom<number | string>().superRefine((v, ctx) => {
    if (v === undefined) {
      (ctx as Ctx).addIssue({ code: 'custom', message: `required: the ${what} characteristic, e.g. 2 or "D6"` });
      return;
    }
    if (typeof v !== 'number' && typeof v !== 'string') {
      (ctx as Ctx).addIssue({ code: 'custom', message: `expected a number or a string like "D3+1", got ${JSON.stringify(v)}` });
      return;
    }
    const r = parseCharacteristic(v);
    if (!r.ok) {
      (ctx as Ctx).addIssue({ code: 'custom', message: r.error });
      return;
    }
    if (characteristicRange(r.value).min < 1) {
      (ctx as Ctx).addIssue({ code: 'custom', message: `${what} must be at least 1 (Core 27.0), got ${JSON.stringify(v)}` });
    }
  });
}

/** A roll modifier: one whole number, or a list of them to be summed (each -20..20). */
const ModifierSchema = z.custom<number | number[]>().superRefine((v, ctx) => {
  const ok = (x: unknown) => typeof x === 'number' && Number.isInteger(x) && x >= -20 && x <= 20;
  if (v === undefined) return;
  if (Array.isArray(v)) {
    if (v.length > 50) (ctx as Ctx).addIssue({ code: 'custom', message: 'at most 50 modifiers' });
    v.forEach((x, i) => {
      if (!ok(x)) {
        (ctx as Ctx).addIssue({ code: 'custom', message: `expected a whole number from -20 to 20, got ${JSON.stringify(x)}`, path: [i] });
      }
    });
  } else if (!ok(v)) {
    (ctx as Ctx).addIssue({
      code: 'custom',
      message: `expected a whole number from -20 to 20 or a list of them (summed, then capped, Core 17.1), got ${JSON.stringify(v)}`,
    });
  }
});

/** Zod schema of the weapon profile (strict). Characteristics are written as printed. */
export const DamageWeaponSchema = z.strictObject({
  /** Attacks per model: integer ≥ 1 or a random characteristic like "D6" (Core 26.0). */
  attacks: characteristicField('Attacks'),
  /** Hit characteristic: 3 (or "3+") means 3+. */
  hit: rollTargetField(2, 6, false),
  /** Wound characteristic: 3 (or "3+") means 3+. */
  wound: rollTargetField(2, 6, false),
  /** Rend: integer ≥ 0 or "-". */
  rend: z.custom<number | string>().superRefine((v, ctx) => {
    const r = parseRend(v);
    if (typeof r === 'object') (ctx as Ctx).addIssue({ code: 'custom', message: r.error });
  }),
  /** Damage per successful attack: integer ≥ 1 or a random characteristic like "D3+1". */
  damage: characteristicField('Damage'),
  /** Weapon abilities (Core 20.0), each at most once. */
  abilities: z
    .array(
      z.string().superRefine((a, ctx) => {
        const p = parseAbility(a);
        if (typeof p === 'string') (ctx as Ctx).addIssue({ code: 'custom', message: p });
      }),
    )
    .max(50)
    .superRefine((arr, ctx) => {
      const seen: { key: string; index: number }[] = [];
      arr.forEach((a, i) => {
        if (typeof a !== 'string') return;
        const p = parseAbility(a);
        if (typeof p === 'string') return;
        const key = abilityKey(p);
        const same = (k: string) =>
          k === key || (k.startsWith('anti-') && key.startsWith('anti-') && keywordsMatch(k.slice(5), key.slice(5)));
        const first = seen.find((e) => same(e.key));
        if (first !== undefined) {
          (ctx as Ctx).addIssue({
            code: 'custom',
            message: `duplicate weapon ability "${a}" (same as abilities[${first.index}]); list each ability once`,
            path: [i],
          });
        } else {
          seen.push({ key, index: i });
        }
      });
    })
    .optional(),
});

/**
 * Zod schema of the contract's `attacker` (strict, unknown keys rejected):
 * `{models, weapon: {attacks, hit, wound, rend, damage, abilities?}, charged?, modifiers?: {hit?, wound?}}`.
 * `models` is the number of models attacking with the weapon (1..1000); `charged` says the
 * attacking unit charged this turn; `modifiers.hit` / `modifiers.wound` are one integer or a
 * list of integers, summed then capped at ±1 (Core 17.1).
 */
export const DamageAttackerSchema = z.strictObject({
  models: z.number().int().min(1).max(1000),
  weapon: DamageWeaponSchema,
  charged: z.boolean().optional(),
  modifiers: z
    .strictObject({
      hit: ModifierSchema.optional(),
      wound: ModifierSchema.optional(),
    })
    .optional(),
});

/**
 * Zod schema of the contract's `target` (strict, unknown keys rejected):
 * `{save, ward?, health, models?, keywords?, charged?, modifiers?: {save?}}`.
 * `save` is 2..6 (or "4+") or "-" for no save; `ward` is the ward value 2..6 (WARD (X+),
 * Core 18.1); `health` is the per-model Health (1..1000); `models` the number of models in the
 * unit (1..10000; absent = as many as needed); `keywords` are matched by Anti-X; `charged`
 * says the target charged this turn (Anti-charge); `modifiers.save` is one integer or a list,
 * summed with −Rend then capped at +1 (Core 17.1).
 */
export const DamageTargetSchema = z.strictObject({
  save: rollTargetField(2, 6, true),
  ward: rollTargetField(2, 6, false).optional(),
  health: z.number().int().min(1).max(1000),
  models: z.number().int().min(1).max(10000).optional(),
  keywords: z.array(z.string().regex(/\S/, { error: 'keyword must not be blank' })).max(100).optional(),
  charged: z.boolean().optional(),
  modifiers: z
    .strictObject({
      save: ModifierSchema.optional(),
    })
    .optional(),
});

/** The `attacker` of a damage query, as written in a scenario file. */
export type DamageAttacker = z.infer<typeof DamageAttackerSchema>;
/** The `target` of a damage query, as written in a scenario file. */
export type DamageTarget = z.infer<typeof DamageTargetSchema>;

/** Ruleset flags for the two open questions of the attack sequence (INVENTORY §3.5). */
export interface DamageOptions {
  /** A-R7: an unmodified 6 to hit always hits (and is a critical hit). Default `true`. */
  readonly critAlwaysHits?: boolean;
  /** A-R8: −Rend is summed with the save modifiers before the +1 cap. Default `true`. */
  readonly rendInSaveCap?: boolean;
}

/** The answer of a damage query. */
export interface DamageResult {
  /** Expected number of damage points allocated to the target after ward saves. */
  value: number;
  /** `distribution[k]` = probability that exactly `k` damage points are allocated. */
  distribution: number[];
  /** Expected number of models slain. */
  slain: number;
}

/** One validation problem: a JSON path (e.g. `attacker.weapon.hit`) and what is wrong. */
export interface DamageIssue {
  readonly path: string;
  readonly message: string;
}

/** Thrown by {@link computeDamage} for invalid input; `issues` lists every problem. */
export class DamageInputError extends Error {
  readonly issues: readonly DamageIssue[];
  constructor(issues: readonly DamageIssue[]) {
    super(`invalid damage query:\n${issues.map((i) => `  ${i.path}: ${i.message}`).join('\n')}`);
    this.name = 'DamageInputError';
    this.issues = issues;
  }
}

/** Format a zod path as `a.b[2].c`, prefixed with `prefix`. */
export function formatIssuePath(prefix: string, path: readonly PropertyKey[]): string {
  let out = prefix;
  for (const seg of path) {
    if (typeof seg === 'number') out += `[${seg}]`;
    else out += out === '' ? String(seg) : `.${String(seg)}`;
  }
  return out === '' ? '(root)' : out;
}

/**
 * Convert zod issues to {@link DamageIssue}s under `prefix`. An unknown key is reported at
 * its own path (`attacker.weapon.dmg: unknown key "dmg"`), one issue per key.
 */
export function zodIssues(
  prefix: string,
  issues: readonly { path: readonly PropertyKey[]; message: string; code?: string; keys?: readonly string[] }[],
): DamageIssue[] {
  const out: DamageIssue[] = [];
  for (const i of issues) {
    if (i.code === 'unrecognized_keys' && Array.isArray(i.keys)) {
      for (const k of i.keys) {
        out.push({ path: formatIssuePath(prefix, [...i.path, k]), message: `unknown key "${k}" (unknown keys are rejected)` });
      }
    } else {
      out.push({ path: formatIssuePath(prefix, i.path), message: i.message });
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Rules arithmetic
// ---------------------------------------------------------------------------------------------

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
  const rend = effectiveRend(attacker, target);
  const saveModifier = finalSaveModifier(sumModifiers(target.modifiers?.save), rend, rendInSaveCap);

  // Count faces of one D6 (a roll can't be modified below 1, Core 27.0; irrelevant as every
  // target value is at least 2).
  const modified = (r: number, m: number) => Math.max(1, r + m);
  let hitFaces = 0;
  for (let r = 2; r <= 5; r++) if (modified(r, hitModifier) >= hit) hitFaces++;
  const critFaces = critAlwaysHits || modified(6, hitModifier) >= hit ? 1 : 0;
  let woundFaces = 0;
  for (let r = 2; r <= 6; r++) if (modified(r, woundModifier) >= wound) woundFaces++;
  let savedFaces = 0;
  if (save !== 'none') for (let r = 2; r <= 6; r++) if (modified(r, saveModifier) >= save) savedFaces++;

  const parsed = (w.abilities ?? []).map(parseAbility).filter((p): p is ParsedAbility => typeof p !== 'string');
  const critAbilities = parsed.flatMap((p) => (p.kind === 'crit' ? [p.name] : []));
  const chargeBonus = attacker.charged === true && parsed.some((p) => p.kind === 'charge-damage') ? 1 : 0;
  const baseDamage = characteristicDistribution(parseCharacteristicOk(w.damage));
  const damage = chargeBonus === 0 ? baseDamage : [0, ...baseDamage];

  return {
    hitModifier,
    woundModifier,
    saveModifier,
    rend,
    pHit: hitFaces / 6,
    pCrit: critFaces / 6,
    pWound: woundFaces / 6,
    pUnsaved: (6 - savedFaces) / 6,
    pWardFails: ward === undefined ? 1 : (ward - 1) / 6,
    damage,
    attacksPerModel: characteristicDistribution(parseCharacteristicOk(w.attacks)),
    critAbilities,
  };
}

function parseCharacteristicOk(v: number | string): Characteristic {
  const r = parseCharacteristic(v);
  if (!r.ok) throw new RangeError(r.error);
  return r.value;
}

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

/** Estimated multiply-adds of the convolutions, used to refuse absurd inputs. */
function estimateWork(attacker: DamageAttacker, target: DamageTarget): number {
  const attacks = parseCharacteristic(attacker.weapon.attacks);
  const damage = parseCharacteristic(attacker.weapon.damage);
  if (!attacks.ok || !damage.ok) return 0;
  const maxAttacks = attacker.models * characteristicRange(attacks.value).max;
  const critFactor = (attacker.weapon.abilities ?? []).includes('crit-2-hits') ? 2 : 1;
  const perAttackLen = critFactor * (characteristicRange(damage.value).max + 1) + 1;
  const cap = target.models === undefined ? Infinity : target.models * target.health;
  let work = 0;
  for (let n = 1; n <= maxAttacks; n++) work += Math.min(n * perAttackLen, cap + 1) * perAttackLen;
  return work;
}

/**
 * Validate a damage query against the zod schemas (strict) and the work limit.
 *
 * @param attacker The contract's `attacker` (any JSON value).
 * @param target The contract's `target` (any JSON value).
 * @param checkWork Also refuse queries whose exact computation would exceed
 *   {@link MAX_DAMAGE_WORK} (default `true`).
 * @returns every problem found, each with its JSON path (`attacker.weapon.abilities[1]`,
 *   `target.save`, ...); an empty array when the query is valid.
 */
export function validateDamageInput(attacker: unknown, target: unknown, checkWork = true): DamageIssue[] {
  const issues: DamageIssue[] = [];
  const a = DamageAttackerSchema.safeParse(attacker);
  const t = DamageTargetSchema.safeParse(target);
  if (!a.success) issues.push(...zodIssues('attacker', a.error.issues));
  if (!t.success) issues.push(...zodIssues('target', t.error.issues));
  if (checkWork && a.success && t.success) {
    const work = estimateWork(a.data, t.data);
    if (work > MAX_DAMAGE_WORK) {
      issues.push({
        path: 'attacker',
        message: `too many attacks and damage points to compute exactly (about ${work.toExponential(1)} steps, limit ${MAX_DAMAGE_WORK.toExponential(0)}); give target.models or fewer attacks`,
      });
    }
  }
  return issues;
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
