/**
 * Weapon profiles of a roster (`Melee Weapon` / `Ranged Weapon` profiles: `Rng`, `Atk`, `Hit`,
 * `Wnd`, `Rnd`, `Dmg`, `Ability`) mapped to Sightline's weapon format (`WeaponSchema` of
 * `src/rules/engine/roster.ts`), and the printed weapon abilities mapped to the engine's
 * (Core 20.0, `src/rules/damage.ts`).
 *
 * @module
 */

import { WeaponSchema, type RosterInput } from '../rules/engine/roster';
import { attr, characteristic, cleanText, type RNode } from './tree';

/** A weapon in Sightline's army format. */
export type ArmyWeapon = RosterInput['units'][number]['weapons'][number];

/** Result of mapping the `Ability` text of a weapon: engine abilities plus what is not known. */
export interface MappedAbilities {
  /** Engine ability names (`crit-2-hits`, `anti-INFANTRY`, ...), each once, in printed order. */
  readonly abilities: string[];
  /** Printed abilities the engine does not know (cleaned text). */
  readonly unknown: string[];
}

/**
 * Map a weapon's printed `Ability` characteristic to engine weapon abilities (Core 20.0).
 * Markup (`**^^Infantry^^**`), non-breaking spaces and hyphens are cleaned first; the list is
 * split at commas. `-`, `None` and empty mean no ability. Mapping (case-insensitive):
 * `Crit (2 Hits)` → `crit-2-hits`, `Crit (Auto-wound)` → `crit-auto-wound`, `Crit (Mortal)` →
 * `crit-mortal`, `Charge (+1 Damage)` → `charge-damage`, `Anti-charge (+1 Rend)` →
 * `anti-charge`, `Anti-X (+1 Rend)` → `anti-X` (X upper-cased), `Companion` → `companion`,
 * `Shoot in Combat` → `shoot-in-combat`. Anything else goes to `unknown`.
 */
export function mapWeaponAbilities(printed: string): MappedAbilities {
  const abilities: string[] = [];
  const unknown: string[] = [];
  const t = cleanText(printed);
  for (const raw of t.split(',')) {
    const a = raw.trim().replace(/\s+/g, ' ');
    if (a === '' || a === '-' || /^none$/i.test(a)) continue;
    let m: RegExpExecArray | null;
    let key: string | undefined;
    if (/^crit ?\( ?2 hits ?\)$/i.test(a)) key = 'crit-2-hits';
    else if (/^crit ?\( ?auto-? ?wound ?\)$/i.test(a)) key = 'crit-auto-wound';
    else if (/^crit ?\( ?mortal ?\)$/i.test(a)) key = 'crit-mortal';
    else if (/^charge ?\( ?\+1 damage ?\)$/i.test(a)) key = 'charge-damage';
    else if (/^anti-? ?charge ?\( ?\+1 rend ?\)$/i.test(a)) key = 'anti-charge';
    else if ((m = /^anti-? ?(.+?) ?\( ?\+1 rend ?\)$/i.exec(a))) key = `anti-${m[1].toUpperCase()}`;
    else if (/^companion$/i.test(a)) key = 'companion';
    else if (/^shoot in combat$/i.test(a)) key = 'shoot-in-combat';
    if (key === undefined) unknown.push(a);
    else if (!abilities.includes(key)) abilities.push(key);
  }
  return { abilities, unknown };
}

/** Whether a profile is a weapon profile. */
export function isWeaponProfile(p: RNode): boolean {
  const t = attr(p, 'typeName');
  return t === 'Melee Weapon' || t === 'Ranged Weapon';
}

function characteristicValue(s: string | undefined): number | string | undefined {
  if (s === undefined) return undefined;
  const t = cleanText(s);
  return /^\d+$/.test(t) ? Number(t) : t;
}

/** Result of {@link mapWeapon}. */
export type MapWeaponResult =
  | { readonly ok: true; readonly weapon: ArmyWeapon; readonly unknownAbilities: string[] }
  | { readonly ok: false; readonly error: string };

/**
 * Map one weapon profile to Sightline's weapon format and validate it with `WeaponSchema`.
 * Range: melee weapons `"melee"`, ranged weapons the `Rng` in inches (`12"` → 12). Attacks and
 * Damage: a whole number or a dice expression as printed (`D6`, `D3+1`); Hit/Wound as printed
 * (`3+`); Rend as a number or `"-"`.
 * @returns the weapon, or an error naming the characteristic that is not usable.
 */
export function mapWeapon(p: RNode): MapWeaponResult {
  const name = cleanText(attr(p, 'name') ?? '');
  const ranged = attr(p, 'typeName') === 'Ranged Weapon';
  let range: number | 'melee' = 'melee';
  if (ranged) {
    const rng = cleanText(characteristic(p, 'Rng') ?? '');
    const m = /^(\d+(?:\.\d+)?) ?(?:"|''|”|in(?:ches)?)?$/.exec(rng);
    if (!m) return { ok: false, error: `range "${rng}" is not a distance in inches` };
    range = Number(m[1]);
  }
  const { abilities, unknown } = mapWeaponAbilities(characteristic(p, 'Ability') ?? '');
  const w = {
    name,
    range,
    attacks: characteristicValue(characteristic(p, 'Atk')),
    hit: characteristicValue(characteristic(p, 'Hit')),
    wound: characteristicValue(characteristic(p, 'Wnd')),
    rend: characteristicValue(characteristic(p, 'Rnd')),
    damage: characteristicValue(characteristic(p, 'Dmg')),
    ...(abilities.length > 0 ? { abilities } : {}),
  };
  const r = WeaponSchema.safeParse(w);
  if (!r.success) {
    const i = r.error.issues[0];
    return { ok: false, error: `${i.path.join('.') || 'profile'}: ${i.message}` };
  }
  return { ok: true, weapon: w as ArmyWeapon, unknownAbilities: unknown };
}

/** Same profile (every characteristic equal), for merging weapons met on several models. */
export function sameWeapon(a: ArmyWeapon, b: ArmyWeapon): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
