/**
 * Input of the `damage` query (SCENARIO.md): the strict zod schemas of the attacker, the weapon and
 * the target, the weapon abilities it understands (Core 20.0), keyword matching (Core 5.1) and the
 * validation that lists every problem with its JSON path. The arithmetic is in `damageProfile.ts`
 * and `damage.ts`.
 *
 * @module
 */

import { z } from 'zod';
import { characteristicRange, parseCharacteristic } from './characteristics';

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
export type ParsedAbility =
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

export function parseAbility(a: string): ParsedAbility | string {
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
export function parseRollTarget(
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

export function parseRend(v: unknown): number | { error: string } {
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
  /**
   * The army's abilities in force for this attack (issue 34; the engine reads them in
   * `engine/attackAbilities.ts`), so the expected damage is the one the engine plays. All optional:
   * - `critOn`: unmodified hit rolls of this or more are critical hits (Core 17.0; default 6);
   * - `failHitUpTo` / `failWoundUpTo`: an unmodified hit / wound roll of this or less fails whatever
   *   the modifiers (an ability on the target; default 0: none beyond the unmodified 1);
   * - `reroll`: re-rolls (Core 2.2) of the hit and wound rolls (the attacker's) and save rolls (the
   *   target's): `ones` re-rolls the 1s, `failed` / `any` every dice that fails (as the engine does);
   * - `attacksAdd`, `damageAdd`, `rendAdd`: added to the Attacks per model, Damage (after the roll,
   *   with Charge (+1 Damage), Core 27.0) and Rend (after Anti-X), each at least 0 as the engine does.
   */
  readonly critOn?: number;
  readonly failHitUpTo?: number;
  readonly failWoundUpTo?: number;
  readonly reroll?: { readonly hit?: RerollKind; readonly wound?: RerollKind; readonly save?: RerollKind };
  readonly attacksAdd?: number;
  readonly damageAdd?: number;
  /** Session 40 (sh40g): the Damage (after the roll, before Charge (+1 Damage) and `damageAdd`, Core 27.0) is multiplied by this ("Double the Damage characteristic ..."). */
  readonly damageTimes?: number;
  readonly rendAdd?: number;
}

/** Which dice a re-roll re-rolls (Core 2.2): the 1s, or every dice that fails. */
export type RerollKind = 'ones' | 'failed' | 'any' | null;

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
