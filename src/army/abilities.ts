/**
 * Every ability profile of a roster (`Ability (Activated | Passive | Spell | Prayer | Command | ...)`)
 * read into an {@link Ability} (ABILITIES.md "Import"): its timing parsed (`parseTiming`), its
 * Declare and Effect read by the effect-text parser (`parseEffect`: `resolves` or `null` for by
 * hand), its keywords, casting / chanting value, command-point cost and `Used By`, on the unit or
 * army that uses it (Core 28.2 "Who is Using the Ability?"):
 * - a warscroll's abilities on its unit (source `warscroll`; a warscroll spell / prayer: `spell` /
 *   `prayer`);
 * - an enhancement (selection group "Heroic Traits", "Artefacts of Power", "Enhancements", ...) on
 *   the unit it was given to (`enhancement`); a regiment ability on the unit it sits under, the
 *   regiment's leader (`regiment`);
 * - battle traits (`battleTrait`), battle formations (`formation`), faction terrain abilities and
 *   anything else used by the player on the army;
 * - the spells and prayers of the army's lores on every WIZARD / PRIEST that knows them (ArmyComp
 *   4.2: "all WIZARDS in your army know all spells from that lore"; the Declare's "Pick a friendly
 *   K Wizard to cast this spell" names who may use it, Core 28.2), source `spell`, `prayer` or, for
 *   a manifestation lore, `manifestation`. A lore no unit can use stays on the army, by hand, with
 *   a warning.
 * Core abilities the engine already applies from keywords or command models (Ward Save, Fly,
 * Guarded Hero, Champion, Musician, Standard Bearer) are not repeated.
 *
 * @module
 */

import { casterClause, parseEffect } from '../rules/abilities/parseEffect';
import { keywordSpecMatches, splitKeywords } from '../rules/abilities/parseKeywords';
import { parseTiming } from '../rules/abilities/parseTiming';
import type { Ability, AbilityEffect, AbilityPick, AbilitySource } from '../rules/abilities/schema';
import { attr, characteristic, cleanText, list, slugBody, type RNode } from './tree';

/** Ability profiles the engine applies itself as core rules (keywords, command models), not repeated. */
export const CORE_ABILITY_NAMES = new Set(['Ward Save', 'Fly', 'Guarded Hero', 'Champion', 'Musician', 'Standard Bearer']);

/** Makes ids unique in the army: `base`, then `base-2`, `base-3`, ... */
export class AbilityIds {
  private readonly used = new Set<string>();
  /** A fresh id from an owner id and an ability name. */
  next(owner: string, name: string): string {
    const b = `${owner}:${slugName(name)}`.slice(0, 190);
    let id = b;
    for (let k = 2; this.used.has(id); k++) id = `${b}-${k}`;
    this.used.add(id);
    return id;
  }
}

function slugName(s: string): string {
  const t = slugBody(s);
  return t === '' ? 'ability' : t;
}

/** An ability profile: `typeName` "Ability (...)". */
export function isAbilityProfile(p: RNode): boolean {
  return /^Ability\b/.test(attr(p, 'typeName') ?? '');
}

function value(p: RNode, name: string): string {
  return cleanText(characteristic(p, name) ?? '');
}

function whole(s: string): number | undefined {
  const m = /^(\d{1,2})\+?$/.exec(s.trim());
  return m ? Number(m[1]) : undefined;
}

/** What the reader needs besides the profile. */
export interface AbilityContext {
  readonly ids: AbilityIds;
  /** Keywords of the army (for keyword runs in rules text). */
  readonly known: readonly string[];
  /** The army's unit (warscroll) names, read as nouns in a Declare's pick ("a friendly Grimghast Reapers unit"). */
  readonly names?: readonly string[];
  readonly warnings: string[];
  /** Parses already made in this import (the same text on several units parses once). */
  readonly parsed?: Map<string, ReturnType<typeof parseEffect>>;
  /** The weapons of the unit whose abilities are read (absent: not a unit; an effect on a named weapon is then by hand). */
  readonly weapons?: readonly { readonly name: string }[];
  /** Session 40 (sh40a): the weapons of each unit of the army by warscroll name (a named weapon of a Declare's target picked by warscroll). */
  readonly weaponsOfWarscroll?: ReadonlyMap<string, readonly (readonly { readonly name: string }[])[]>;
}

/**
 * Effects on a named weapon ("the Attacks characteristic of its Fortcrusha Flail is 4") are kept only
 * when the holder has a weapon of that name, written as the roster's weapon is (an effect on a weapon
 * it has not would never apply: a condition dropped). A Companion weapon named so is affected: Core
 * 20.0's Companion holds "unless otherwise specified", and naming the weapon specifies it
 * (docs/interpretations.md).
 */
function checkNamedWeapons(resolves: AbilityEffect[] | null, weapons: AbilityContext['weapons'], picks?: readonly AbilityPick[], ofWarscroll?: AbilityContext['weaponsOfWarscroll']): AbilityEffect[] | null {
  if (resolves === null || !resolves.some((e) => 'weapon' in e && e.weapon !== undefined)) return resolves;
  const out: AbilityEffect[] = [];
  for (const e of resolves) {
    if (!('weapon' in e) || e.weapon === undefined) {
      out.push(e);
      continue;
    }
    // Session 40 (sh40a): "the target's Slitta-knives" with the target picked by warscroll: the weapon of every unit of that warscroll.
    // (Asked only when the holder has no such weapon, so no reading of an earlier session changes.)
    const w = namedWeapon(e.weapon, weapons ?? []);
    if (!w && e.targets === 'targets') {
      const name = targetWeaponName(e.weapon, picks, ofWarscroll);
      if (name === null) return null;
      out.push({ ...e, weapon: name });
      continue;
    }
    if (!w) return null;
    out.push({ ...e, weapon: w.name });
  }
  return out;
}

/**
 * A weapon named on the Declare's target (session 40, sh40a): only when every pick is of one warscroll of the army and
 * every unit of that warscroll has a weapon of that name ({@link namedWeapon}); its name as the roster writes it, or
 * null (by hand: a weapon a picked unit has not would never apply).
 */
function targetWeaponName(named: string, picks: readonly AbilityPick[] | undefined, ofWarscroll: AbilityContext['weaponsOfWarscroll']): string | null {
  const scroll = picks?.[0]?.warscroll;
  if (picks === undefined || picks.length === 0 || scroll === undefined || picks.some((p) => p.warscroll !== scroll) || ofWarscroll === undefined) return null;
  const units = ofWarscroll.get(scroll) ?? [];
  const found = units.map((ws) => namedWeapon(named, ws)?.name);
  return found.length > 0 && found.every((n) => n !== undefined && n === found[0]) ? (found[0] as string) : null;
}

/**
 * The holder's weapon an effect names: the weapon of that name, else (session 37, decl37) the one whose
 * name the text gives in the plural ("this unit's Decimator Thunderaxes" for the roster's "Decimator
 * Thunderaxe", "Poisoned Wind Globes" for "Poisoned Wind Globe": the text speaks of every model's
 * weapon). The plural is read only as the name plus "s" or "es", and only when one weapon fits.
 */
export function namedWeapon<W extends { readonly name: string }>(named: string, weapons: readonly W[]): W | undefined {
  const want = named.toLowerCase();
  const exact = weapons.find((x) => x.name.toLowerCase() === want);
  if (exact) return exact;
  const plural = weapons.filter((x) => want === `${x.name.toLowerCase()}s` || want === `${x.name.toLowerCase()}es`);
  if (plural.length === 1) return plural[0];
  // Session 39 (sh39b): the mount's weapon named without its possessive ("This unit's Skeletal Talons" for the roster's
  // "Terrorgheist's Skeletal Talons", Necromantic Limits), only when one weapon fits.
  const mount = weapons.filter((x) => /^[\w' -]+?'s /.test(x.name) && x.name.toLowerCase().endsWith(`'s ${want}`));
  if (mount.length === 1) return mount[0];
  // Session 41 (sh41c): a misprint of one letter in a long name ("Sunmental Blades" for the roster's "Sunmetal Blade",
  // Masters of Combat), the name or its plural, only when one weapon fits (docs/interpretations.md).
  const misprint = weapons.filter((x) => want.length >= 8 && [x.name.toLowerCase(), `${x.name.toLowerCase()}s`, `${x.name.toLowerCase()}es`].some((n) => oneLetterOff41c(want, n)));
  return misprint.length === 1 ? misprint[0] : undefined;
}

/** Do two names differ by exactly one letter inserted, removed or changed (session 41, sh41c)? */
function oneLetterOff41c(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const rest = (x: string, y: string) => x === y;
  return rest(a.slice(i + 1), b.slice(i + 1)) || rest(a.slice(i + 1), b.slice(i)) || rest(a.slice(i), b.slice(i + 1));
}

/**
 * One ability profile → an {@link Ability}.
 * @param owner Id of the unit / manifestation / terrain / "army" that holds it (for the id).
 * @param where Name for warnings ("unit \"Swampcalla Shaman\"").
 * @param usedBy Who uses it when the profile's `Used By` is blank.
 */
export function readAbility(p: RNode, source: AbilitySource, owner: string, where: string, usedBy: string, ctx: AbilityContext): Ability {
  const typeName = attr(p, 'typeName') ?? 'Ability';
  const kind = /^Ability \((.*)\)$/.exec(typeName)?.[1] ?? '';
  const name = cleanText(attr(p, 'name') ?? '').slice(0, 200) || 'Ability';
  const timingText = value(p, 'Timing');
  const passive = /passive/i.test(kind) || (timingText === '' && !/spell|prayer|command/i.test(kind));
  const timing = parseTiming(timingText, passive);
  if (timing.parsed === false) ctx.warnings.push(`${where}: ability "${name}": timing "${timing.text}" not understood; usable by hand at any time`);
  const declareText = value(p, 'Declare');
  const declare = declareText === '' || declareText === '-' ? null : declareText.slice(0, 4000);
  const effect = value(p, 'Effect').slice(0, 4000);
  const keywords = value(p, 'Keywords')
    .split(',')
    .map((k) => k.trim().toUpperCase())
    .filter((k) => k !== '' && k !== '-')
    .slice(0, 20);
  if (/^spell$/i.test(kind) && !keywords.includes('SPELL')) keywords.unshift('SPELL');
  if (/^prayer$/i.test(kind) && !keywords.includes('PRAYER')) keywords.unshift('PRAYER');
  const castingValue = whole(value(p, 'Casting Value'));
  const chantingValue = whole(value(p, 'Chanting Value'));
  const cost = whole(value(p, 'Cost'));
  const profileUsedBy = value(p, 'Used By');
  const key = `${kind}\u0000${timingText}\u0000${declare ?? ''}\u0000${effect}`;
  let parsed = timing.parsed === false ? { resolves: null } : ctx.parsed?.get(key);
  if (!parsed) {
    parsed = parseEffect({ declare, effect, timing, knownKeywords: ctx.known, ...(ctx.names ? { unitNames: ctx.names } : {}) });
    ctx.parsed?.set(key, parsed);
  }
  return {
    id: ctx.ids.next(owner, name),
    name,
    source,
    timing,
    declare,
    effect,
    keywords,
    ...(castingValue !== undefined ? { castingValue } : {}),
    ...(chantingValue !== undefined ? { chantingValue } : {}),
    usedBy: (profileUsedBy !== '' && profileUsedBy !== '-' ? profileUsedBy : usedBy).slice(0, 400),
    ...(cost !== undefined ? { cost } : {}),
    ...(parsed.picks ? { picks: parsed.picks } : {}),
    resolves: checkNamedWeapons(parsed.resolves, ctx.weapons, parsed.picks, ctx.weaponsOfWarscroll),
  };
}

/** Source of an ability under an upgrade of a unit, from its selection group. */
function sourceOfGroup(group: string | undefined): AbilitySource | undefined {
  if (!group) return undefined;
  if (/heroic trait|artefact|enhancement|relic|mount trait|big name|scripture|blessing|trait/i.test(group)) return 'enhancement';
  if (/regiment/i.test(group)) return 'regiment';
  return undefined;
}

/**
 * The abilities of a unit (or manifestation) selection: its own profiles and those of its
 * upgrades (enhancements, wargear), not crossing into nested units. Same-named duplicates once.
 */
export function selectionAbilities(sel: RNode, owner: string, label: string, ctx: AbilityContext): Ability[] {
  const out: Ability[] = [];
  const seen = new Set<string>();
  const visit = (n: RNode, inherited: AbilitySource | undefined, depth: number) => {
    const src = sourceOfGroup(attr(n, 'group')) ?? inherited;
    for (const p of list(n, 'profiles')) {
      if (!isAbilityProfile(p)) continue;
      const name = cleanText(attr(p, 'name') ?? '');
      if (CORE_ABILITY_NAMES.has(name) || seen.has(name) || out.length >= 100) continue;
      seen.add(name);
      const kind = attr(p, 'typeName') ?? '';
      const source: AbilitySource = src ?? (/\(Spell\)/.test(kind) ? 'spell' : /\(Prayer\)/.test(kind) ? 'prayer' : 'warscroll');
      const usedBy = src === 'enhancement' ? `this unit (enhancement "${cleanText(attr(n, 'name') ?? name)}", Core 28.2)` : 'this unit';
      out.push(readAbility(p, source, owner, label, usedBy, ctx));
    }
    if (depth < 50) for (const s of list(n, 'selections')) if (attr(s, 'type') !== 'unit') visit(s, src, depth + 1);
  };
  visit(sel, undefined, 0);
  return out;
}

/** Source of an army-level choice ("Battle Traits: Kruleboyz", "Battle Formation", "Spell Lore", ...). */
export function sourceOfChoice(kind: string): AbilitySource | 'lore' {
  if (/battle trait/i.test(kind)) return 'battleTrait';
  if (/formation/i.test(kind)) return 'formation';
  if (/lore/i.test(kind)) return 'lore';
  if (/regiment/i.test(kind)) return 'regiment';
  return 'other';
}

/** A unit as the lore assignment needs it. */
export interface LoreUnit {
  readonly id: string;
  readonly name: string;
  readonly keywords: readonly string[];
}

/**
 * The ability profiles of an army-level selection (battle traits, formation, lores), not those of
 * manifestation warscrolls under it (they go on the manifestation). `lore` is the lore's name.
 */
export function choiceProfiles(sel: RNode): { profile: RNode; lore: string }[] {
  const out: { profile: RNode; lore: string }[] = [];
  const visit = (n: RNode, lore: string, depth: number) => {
    for (const p of list(n, 'profiles')) if (isAbilityProfile(p)) out.push({ profile: p, lore });
    if (depth < 50) for (const c of list(n, 'selections')) if (attr(c, 'type') !== 'unit') visit(c, depth === 0 ? (attr(c, 'name') ?? lore) : lore, depth + 1);
  };
  visit(sel, attr(sel, 'name') ?? '', 0);
  return out;
}

/**
 * The spells / prayers of a lore put on each WIZARD / PRIEST that may use them (ArmyComp 4.2; the
 * Declare's "Pick a friendly K Wizard" checked against the unit's keywords). Returns the copies per
 * unit id, or `[]` when no unit of the army can use it.
 */
export function loreCopies(p: RNode, lore: string, loreKind: string, units: readonly LoreUnit[], ctx: AbilityContext): { unitId: string; ability: Ability }[] {
  const typeName = attr(p, 'typeName') ?? '';
  const isPrayer = /\(Prayer\)/.test(typeName);
  const caster = casterClause(characteristic(p, 'Declare') ?? '');
  const need = caster?.kind ?? (isPrayer ? 'PRIEST' : 'WIZARD');
  const extra = caster && caster.keywords !== '' ? splitKeywords(caster.keywords, ctx.known) : [];
  const manifestation = /manifestation/i.test(loreKind);
  const source: AbilitySource = manifestation ? 'manifestation' : isPrayer ? 'prayer' : 'spell';
  const out: { unitId: string; ability: Ability }[] = [];
  for (const u of units) {
    if (!keywordSpecMatches(u.keywords, need)) continue;
    if (extra === null) {
      // The caster's keywords could not be read: every WIZARD / PRIEST gets it, by hand.
      const { picks: _p, ...a } = readAbility(p, source, u.id, `unit "${u.name}"`, `a ${need} of the army (${lore}, ArmyComp 4.2)`, ctx);
      void _p;
      out.push({ unitId: u.id, ability: { ...a, resolves: null } });
      continue;
    }
    if (!extra.every((k) => keywordSpecMatches(u.keywords, k))) continue;
    out.push({ unitId: u.id, ability: readAbility(p, source, u.id, `unit "${u.name}"`, `a friendly ${[...extra, need].join(' ')} (${lore}, ArmyComp 4.2)`, ctx) });
  }
  return out;
}

/**
 * The army-level abilities: battle traits, formations and other army choices on the army (used by
 * the player, Core 28.2); lore spells and prayers on the units that know them ({@link loreCopies});
 * faction terrain abilities on the army (used by the player through the terrain feature).
 * @param armyOwner The id part of the army's own abilities (`army`, or `p2-army` with an id prefix,
 *   so two imported armies never share an ability id).
 * @returns the army's abilities and, per unit id, the lore abilities it knows.
 */
export function armyLevelAbilities(
  choices: readonly { kind: string; selection: RNode }[],
  units: readonly LoreUnit[],
  terrain: readonly { id: string; name: string; selection: RNode }[],
  ctx: AbilityContext,
  armyOwner = 'army',
): { army: Ability[]; perUnit: Map<string, Ability[]> } {
  const army: Ability[] = [];
  const perUnit = new Map<string, Ability[]>();
  const seen = new Set<string>();
  for (const c of choices) {
    const src = sourceOfChoice(c.kind);
    for (const { profile, lore } of choiceProfiles(c.selection)) {
      const name = cleanText(attr(profile, 'name') ?? '');
      const key = `${src}|${name}`;
      // The same choice exported twice (a roster with two "Spell Lore" selections) is one lore.
      if (seen.has(key) || army.length >= 300) continue;
      seen.add(key);
      if (src === 'lore') {
        const copies = loreCopies(profile, lore, c.kind, units, ctx);
        if (copies.length > 0) {
          for (const { unitId, ability } of copies) perUnit.set(unitId, [...(perUnit.get(unitId) ?? []), ability]);
          continue;
        }
        const typeName = attr(profile, 'typeName') ?? '';
        const need = /\(Prayer\)/.test(typeName) ? 'PRIEST' : 'WIZARD';
        ctx.warnings.push(`${c.kind} "${lore}": no ${need} in the army can use "${name}"; it is kept on the army, by hand`);
        const a = readAbility(profile, /manifestation/i.test(c.kind) ? 'manifestation' : need === 'PRIEST' ? 'prayer' : 'spell', armyOwner, `${c.kind} "${lore}"`, `a ${need} of the army (${lore})`, ctx);
        const { picks: _p, ...rest } = a;
        void _p;
        army.push({ ...rest, resolves: null });
        continue;
      }
      army.push(readAbility(profile, src, armyOwner, `${c.kind}`, 'the player (Core 28.2)', ctx));
    }
  }
  for (const t of terrain) {
    for (const p of list(t.selection, 'profiles')) {
      if (!isAbilityProfile(p) || army.length >= 300) continue;
      const name = cleanText(attr(p, 'name') ?? '');
      if (CORE_ABILITY_NAMES.has(name)) continue;
      army.push(readAbility(p, 'warscroll', t.id, `faction terrain "${t.name}"`, `the player, through the faction terrain feature "${t.name}" (${t.id})`, ctx));
    }
  }
  return { army, perUnit };
}
