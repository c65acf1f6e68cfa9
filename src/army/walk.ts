/**
 * The roster tree walk: from the root of a roster tree (XML or JSON, see `tree.ts`) to the
 * warscroll units, faction terrain, manifestations and army-level choices, with where each unit
 * sits (regiment, auxiliary). No mapping to Sightline's format happens here.
 *
 * Shapes (ANCHORS.md, "Roster files as players export them"): `roster` → `forces/force` (the
 * army, `catalogueName` = faction) → nested `forces/force` named "Regiment" or "Auxillary Units"
 * (sic), nested to any depth → `selections/selection`. A warscroll unit is a selection of type
 * `unit` with a `Unit` profile; faction terrain is one of those with the `FACTION TERRAIN`
 * category; a manifestation is a selection of type `unit` with a `Manifestation` profile (under
 * the Manifestation Lore).
 *
 * @module
 */

import { refuse } from './errors';
import { attr, categories, list, ownPoints, text, type RNode } from './tree';

/** Where a unit sits in the roster. */
export type Placement =
  | { readonly kind: 'regiment'; readonly regiment: number }
  | { readonly kind: 'auxiliary' }
  | { readonly kind: 'army' };

/** A warscroll unit of the roster (selection of type `unit` with a `Unit` profile). */
export interface RawUnit {
  readonly selection: RNode;
  readonly name: string;
  readonly profile: RNode;
  readonly categories: string[];
  readonly placement: Placement;
  /** Points of the selection and everything under it (enhancements included). */
  readonly points: number;
  /** The roster marks it as the general (a `General` upgrade under it). */
  readonly general: boolean;
  /** The roster marks it as its regiment's leader (category `Regimental Leader`, primary). */
  readonly regimentLeader: boolean;
  /** Path for messages, e.g. `forces[0].forces[1].selections[3]`. */
  readonly path: string;
}

/** A manifestation of the roster's Manifestation Lore, with its summoning spell when found. */
export interface RawManifestation {
  readonly selection: RNode;
  readonly name: string;
  readonly profile: RNode;
  readonly categories: string[];
  /** The `Summon <name>` spell/prayer profile of the same lore, if any. */
  readonly summon?: RNode;
  readonly lore: string;
}

/** An army-level choice (battle formation, lores, battle tactics, ...). */
export interface RawChoice {
  /** Top-level selection name, e.g. "Spell Lore". */
  readonly kind: string;
  /** The chosen entries under it, e.g. ["Lore of Madness"]. */
  readonly picks: string[];
  /** Names of the profiles under it (spells, prayers). */
  readonly profiles: string[];
  /** The top-level selection itself (its ability profiles are the army's, ABILITIES.md). */
  readonly selection: RNode;
}

/** The walked roster. */
export interface RawRoster {
  readonly name: string;
  readonly gameSystemName: string;
  readonly faction: string;
  /** Points limit of the roster (`costLimits` pts); 0 = none. */
  readonly pointsLimit: number;
  /** Number of regiments (forces named "Regiment"). */
  readonly regiments: number;
  readonly units: RawUnit[];
  readonly factionTerrain: RawUnit[];
  readonly manifestations: RawManifestation[];
  readonly choices: RawChoice[];
  /** Selections of type `unit` with neither a `Unit` nor a `Manifestation` profile. */
  readonly skipped: { name: string; path: string }[];
}

/**
 * The AoS 4.0 check of the roster's game system: `gameSystemName` must name Age of Sigmar 4.x. An
 * Age of Sigmar system named with no edition number ("Warhammer Age of Sigmar") is the 3rd edition's.
 * @throws ArmyImportError naming the other system (Age of Sigmar 3rd edition, Warhammer 40,000, ...).
 */
export function checkGameSystem(root: RNode, where: string): void {
  const name = attr(root, 'gameSystemName');
  if (name === undefined || name.trim() === '') refuse(`${where}: the roster names no game system (gameSystemName); expected an Age of Sigmar 4.0 roster`);
  if (/age of sigmar/i.test(name)) {
    const v = /(\d+)(?:\.\d+)?/.exec(name.replace(/age of sigmar/i, ''));
    if (v && v[1] === '4') return;
    // No edition number: the older game system ("Warhammer Age of Sigmar", id e51d-b1a3-75fc-dc33),
    // the 3rd edition's; 4.0 exports always name "Age of Sigmar 4.0" (issue 28).
    const edition = v ? (v[1] === '3' ? '3rd edition' : v[1] === '2' ? '2nd edition' : v[1] === '1' ? '1st edition' : `edition ${v[1]}`) : '3rd edition';
    refuse(`${where}: an Age of Sigmar ${edition} roster (gameSystemName "${name}"${v ? '' : `, gameSystemId "${attr(root, 'gameSystemId') ?? ''}"`}); Sightline plays Age of Sigmar 4.0 (export the list again from a 4th-edition roster)`);
  }
  if (/40,?000|40k/i.test(name)) refuse(`${where}: a Warhammer 40,000 roster (gameSystemName "${name}"), not Age of Sigmar 4.0`);
  refuse(`${where}: a roster for another game system ("${name}"), not Age of Sigmar 4.0`);
}

/** The `roster` element of a parsed file, or an error saying the file is not a roster. */
export function rosterRoot(tree: RNode, where: string): RNode {
  const r = tree.roster;
  if (r === null || typeof r !== 'object' || Array.isArray(r)) {
    refuse(`${where}: not a roster: no "roster" element at the top (keys: ${Object.keys(tree).slice(0, 5).join(', ') || 'none'})`);
  }
  return r as RNode;
}

function subtreePoints(n: RNode): number {
  let total = ownPoints(n);
  for (const s of list(n, 'selections')) total += subtreePoints(s);
  return total;
}

function unitProfile(s: RNode, typeName: string): RNode | undefined {
  return list(s, 'profiles').find((p) => attr(p, 'typeName') === typeName);
}

/**
 * Walk a roster (the `roster` element, game system already checked).
 * @throws ArmyImportError when the roster has no force.
 */
export function walkRoster(root: RNode, where: string): RawRoster {
  const forces = list(root, 'forces');
  if (forces.length === 0) refuse(`${where}: the roster has no force (roster/forces is empty)`);
  let pointsLimit = 0;
  for (const c of list(root, 'costLimits')) if (attr(c, 'name') === 'pts' || attr(c, 'typeId') === 'points') pointsLimit = Number(attr(c, 'value')) || 0;
  const out: RawRoster = {
    name: attr(root, 'name') ?? 'Imported army',
    gameSystemName: attr(root, 'gameSystemName') ?? '',
    faction: attr(forces[0], 'catalogueName') ?? attr(forces[0], 'name') ?? 'Unknown faction',
    pointsLimit,
    regiments: 0,
    units: [],
    factionTerrain: [],
    manifestations: [],
    choices: [],
    skipped: [],
  };
  let regimentCount = 0;
  const walkForce = (f: RNode, path: string, top: boolean) => {
    const fname = attr(f, 'name') ?? '';
    const placement: Placement = top
      ? { kind: 'army' }
      : /regiment/i.test(fname)
        ? { kind: 'regiment', regiment: regimentCount++ }
        : /aux/i.test(fname)
          ? { kind: 'auxiliary' }
          : { kind: 'army' };
    list(f, 'selections').forEach((s, i) => {
      const spath = `${path}.selections[${i}]`;
      const type = attr(s, 'type');
      const sname = attr(s, 'name') ?? `selection ${i + 1}`;
      const profile = type === 'unit' ? unitProfile(s, 'Unit') : undefined;
      if (profile) {
        const cats = categories(s);
        const u: RawUnit = {
          selection: s,
          name: sname,
          profile,
          categories: cats,
          placement,
          points: subtreePoints(s),
          general: list(s, 'selections').some((x) => attr(x, 'name') === 'General' && attr(x, 'type') !== 'model'),
          regimentLeader: list(s, 'categories').some((c) => attr(c, 'name') === 'Regimental Leader'),
          path: spath,
        };
        if (cats.some((c) => c.toUpperCase() === 'FACTION TERRAIN')) out.factionTerrain.push(u);
        else out.units.push(u);
        return;
      }
      if (type === 'unit' && !unitProfile(s, 'Manifestation')) {
        out.skipped.push({ name: sname, path: spath });
        return;
      }
      collectChoice(s, out, spath);
    });
    list(f, 'forces').forEach((x, i) => walkForce(x, `${path}.forces[${i}]`, false));
  };
  forces.forEach((f, i) => walkForce(f, `forces[${i}]`, true));
  return { ...out, regiments: regimentCount };
}

/** An army-level selection: record the choice, and any manifestations (with summons) under it. */
function collectChoice(s: RNode, out: RawRoster, path: string): void {
  const picks = list(s, 'selections').map((x) => attr(x, 'name') ?? '').filter((n) => n !== '');
  const profiles: string[] = [];
  const visit = (n: RNode, lore: string, depth: number) => {
    if (depth > 50) refuse(`${path}: selections nested more than 50 deep`);
    const children = list(n, 'selections');
    for (const c of children) {
      const m = attr(c, 'type') === 'unit' ? unitProfile(c, 'Manifestation') : undefined;
      if (m) {
        const name = attr(c, 'name') ?? '';
        const summon = children
          .flatMap((x) => list(x, 'profiles'))
          .find((p) => /^Ability \((Spell|Prayer)\)$/.test(attr(p, 'typeName') ?? '') && (attr(p, 'name') ?? '').toLowerCase() === `summon ${name}`.toLowerCase());
        out.manifestations.push({ selection: c, name, profile: m, categories: categories(c), lore, ...(summon ? { summon } : {}) });
        continue;
      }
      for (const p of list(c, 'profiles')) if (/^Ability \((Spell|Prayer)\)$/.test(attr(p, 'typeName') ?? '')) profiles.push(attr(p, 'name') ?? '');
      visit(c, depth === 0 ? (attr(c, 'name') ?? lore) : lore, depth + 1);
    }
  };
  visit(s, attr(s, 'name') ?? '', 0);
  out.choices.push({ kind: attr(s, 'name') ?? '', picks, profiles: profiles.filter((p) => !/^summon /i.test(p)), selection: s });
}

/** The text of a rule description (`rules/rule/description`), cleaned by the caller. */
export function ruleDescription(rule: RNode): string {
  const d = rule.description;
  if (typeof d === 'string') return d;
  if (d !== null && typeof d === 'object') return text(d as RNode);
  return '';
}
