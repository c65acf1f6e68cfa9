/**
 * Mapping of a walked roster (`walk.ts`) to Sightline's army format (`RosterInput` of
 * `src/rules/engine/roster.ts`, checked with `parseRoster`). Every interpretation is listed in
 * docs/army-import.md; everything the army format cannot hold, and every default chosen for the
 * player (bases, heights, regiment fixes), is returned as a warning.
 *
 * @module
 */

import { keywordsMatch } from '../rules/damage';
import { commandModelCount, DEFAULT_FACTION_TERRAIN_SIZE_INCHES, parseRoster, type RosterInput } from '../rules/engine/roster';
import { defaultBase, describeBase, lookupBase, type BaseTable, type Base } from './bases';
import { refuse } from './errors';
import { attr, characteristic, cleanText, list, slugBody, type RNode } from './tree';
import { ruleDescription, type RawManifestation, type RawRoster, type RawUnit } from './walk';
import { isWeaponProfile, mapWeapon, sameWeapon, type ArmyWeapon } from './weapons';
import { passiveCoherency } from '../rules/abilities/parsePermissions';
import { checkResourceDefinitions } from './resourceCheck38';
import { resistanceFallback } from './resistance38';
import { AbilityIds, armyLevelAbilities, CORE_ABILITY_NAMES, choiceProfiles, selectionAbilities, type AbilityContext } from './abilities';

type ArmyUnit = RosterInput['units'][number];
type ArmyModel = ArmyUnit['models'][number];
type ArmyManifestation = NonNullable<RosterInput['manifestations']>[number];

/** Options of {@link mapArmy}. */
export interface MapArmyOptions {
  /** `--bases`: unit name → base (and height); first choice. */
  readonly bases?: BaseTable;
  /** Bases the player set in the app before; second choice. */
  readonly rememberedBases?: BaseTable;
  /** Prefix of every unit and model id (e.g. "p2-"), so two imported armies never share ids. */
  readonly idPrefix?: string;
}

/** The army and the warnings of an import. */
export interface ImportResult {
  /** The army in Sightline's format (valid for `parseRoster` / `game start`). */
  readonly army: RosterInput;
  /** Everything not imported or chosen by default, one line each. */
  readonly warnings: string[];
}


/** Upper-case categories are keywords; others ("Regimental Option", "Legends") are BattleScribe bookkeeping. */
function isKeyword(c: string): boolean {
  return c === c.toUpperCase() && /[A-Z]/.test(c);
}

function slug(s: string): string {
  const t = slugBody(s).replace(/-+$/, '');
  return t === '' ? 'unit' : t;
}

function parseInches(s: string | undefined): number | undefined {
  if (s === undefined) return undefined;
  const t = cleanText(s);
  if (t === '-' || t === '') return 0;
  const m = /^(\d+(?:\.\d+)?) ?(?:"|''|”)?$/.exec(t);
  return m ? Number(m[1]) : undefined;
}

function parseWhole(s: string | undefined): number | undefined {
  if (s === undefined) return undefined;
  const t = cleanText(s);
  return /^\d+$/.test(t) ? Number(t) : undefined;
}

function parseSave(s: string | undefined): string | undefined {
  if (s === undefined) return undefined;
  const t = cleanText(s);
  if (t === '-') return '-';
  return /^[2-6]\+$/.test(t) ? t : undefined;
}

/** Keywords, ward and command-model proportions from a unit's categories. */
function readKeywords(cats: string[]) {
  const keywords: string[] = [];
  let ward: string | undefined;
  const commandModels: { champion?: string; musician?: string; standardBearer?: string } = {};
  for (const c of cats) {
    if (!isKeyword(c)) continue;
    const k = c.trim().replace(/\s+/g, ' ');
    const w = /^WARD \(([2-6])\+\)$/.exec(k);
    if (w) {
      ward = ward === undefined || Number(w[1]) < Number(ward[0]) ? `${w[1]}+` : ward;
      continue;
    }
    const cm = /^(CHAMPION|MUSICIAN|STANDARD BEARER)(?: \((\d{1,3}(?:\/\d{1,3})?)\))?$/.exec(k);
    if (cm) {
      const key = cm[1] === 'CHAMPION' ? 'champion' : cm[1] === 'MUSICIAN' ? 'musician' : 'standardBearer';
      commandModels[key] = cm[2] ?? '1';
    }
    if (!keywords.includes(k)) keywords.push(k);
  }
  return { keywords, ward, commandModels };
}

/** One model group: a model selection (or the unit itself when it has none) and its weapons. */
interface ModelGroup {
  count: number;
  /** Weapons with how many of the group's models carry them (from the upgrade's `number`). */
  weapons: { profile: RNode; carriers: number }[];
  command: { kind: 'champion' | 'musician' | 'standardBearer'; count: number }[];
}

/** Selections under `n` (not crossing into nested units or models), with the number carried. */
function collectGear(n: RNode, carriers: number, group: ModelGroup, depth: number, where: string): void {
  if (depth > 50) refuse(`${where}: selections nested more than 50 deep`);
  for (const p of list(n, 'profiles')) if (isWeaponProfile(p)) group.weapons.push({ profile: p, carriers });
  for (const s of list(n, 'selections')) {
    const type = attr(s, 'type');
    if (type === 'model' || type === 'unit') continue;
    const num = Number(attr(s, 'number') ?? 1);
    const c = Number.isInteger(num) && num >= 1 ? Math.min(num, carriers) : carriers;
    if (list(s, 'categories').some((x) => attr(x, 'name') === 'Command Model')) {
      const nm = (attr(s, 'name') ?? '').toLowerCase();
      const kind = nm.includes('champion') ? 'champion' : nm.includes('musician') ? 'musician' : nm.includes('standard') || nm.includes('banner') ? 'standardBearer' : undefined;
      if (kind) group.command.push({ kind, count: c });
    }
    collectGear(s, c, group, depth + 1, where);
  }
}

/**
 * The weapon names of each unit of the army by warscroll name (session 40, sh40a): the weapon profiles under the unit
 * and its model selections, as `mapUnit` gathers them, for an ability naming a weapon of a unit it picks by warscroll
 * ("the target's Slitta-knives", `abilities.ts` `checkNamedWeapons`).
 */
function weaponsByWarscroll(units: readonly RawUnit[], where: string): Map<string, { name: string }[][]> {
  const out = new Map<string, { name: string }[][]>();
  for (const u of units) {
    const g: ModelGroup = { count: 0, weapons: [], command: [] };
    collectGear(u.selection, Number.MAX_SAFE_INTEGER, g, 0, `${where}: unit "${u.name}"`);
    for (const m of modelSelections(u.selection, 0)) collectGear(m, 1, g, 0, `${where}: unit "${u.name}"`);
    const names = [...new Set(g.weapons.map((w) => attr(w.profile, 'name') ?? '').filter((n) => n !== ''))].map((name) => ({ name }));
    out.set(u.name, [...(out.get(u.name) ?? []), names]);
  }
  return out;
}

/** Model selections of a unit, at any depth below it (not inside nested units). */
function modelSelections(n: RNode, depth: number): RNode[] {
  const out: RNode[] = [];
  for (const s of list(n, 'selections')) {
    const t = attr(s, 'type');
    if (t === 'model') out.push(s);
    else if (t !== 'unit' && depth < 50) out.push(...modelSelections(s, depth + 1));
  }
  return out;
}

/** Ability profiles of a unit (its own and its upgrades', e.g. enhancements), as text. */
function abilityTexts(sel: RNode): { name: string; text: string }[] {
  const out: { name: string; text: string }[] = [];
  const seen = new Set<string>();
  const visit = (n: RNode, depth: number) => {
    for (const p of list(n, 'profiles')) {
      const t = attr(p, 'typeName') ?? '';
      if (!t.startsWith('Ability')) continue;
      const name = cleanText(attr(p, 'name') ?? '');
      if (CORE_ABILITY_NAMES.has(name) || seen.has(name)) continue;
      seen.add(name);
      const parts = list(p, 'characteristics')
        .map((c) => [attr(c, 'name') ?? '', cleanText(typeof c.$text === 'string' ? c.$text : c.$text === undefined ? '' : String(c.$text))] as const)
        .filter(([, v]) => v !== '' && v !== '-')
        .map(([k, v]) => `${k}: ${v}`);
      out.push({ name: name.slice(0, 200), text: `${t.replace(/^Ability \((.*)\)$/, '$1')}. ${parts.join(' | ')}`.slice(0, 4000) });
    }
    if (depth < 50) for (const s of list(n, 'selections')) if (attr(s, 'type') !== 'unit') visit(s, depth + 1);
  };
  visit(sel, 0);
  return out.slice(0, 100);
}

/** Build the unit's weapons list and the per-model weapon sets. */
function unitWeapons(groups: ModelGroup[], unitName: string, warnings: string[]) {
  const weapons: ArmyWeapon[] = [];
  const byProfileId = new Map<RNode, string | null>();
  const unknown = new Set<string>();
  const failed: { name: string; text: string }[] = [];
  for (const g of groups) {
    for (const w of g.weapons) {
      if (byProfileId.has(w.profile)) continue;
      const r = mapWeapon(w.profile);
      const pname = cleanText(attr(w.profile, 'name') ?? '');
      if (!r.ok) {
        warnings.push(`unit "${unitName}: weapon "${pname}" not imported (kept as text): ${r.error}`);
        const chars = list(w.profile, 'characteristics').map((c) => `${attr(c, 'name') ?? ''}: ${cleanText(typeof c.$text === 'string' ? c.$text : String(c.$text ?? ''))}`);
        failed.push({ name: `${pname} (${attr(w.profile, 'typeName')})`.slice(0, 200), text: chars.join(' | ').slice(0, 4000) });
        byProfileId.set(w.profile, null);
        continue;
      }
      r.unknownAbilities.forEach((a) => unknown.add(`${r.weapon.name}: ${a}`));
      const same = weapons.find((x) => x.name === r.weapon.name || x.name.startsWith(`${r.weapon.name} (`));
      if (same && sameWeapon(same, r.weapon)) {
        byProfileId.set(w.profile, same.name);
        continue;
      }
      let name = r.weapon.name;
      if (weapons.some((x) => x.name === name)) {
        let k = 2;
        while (weapons.some((x) => x.name === `${r.weapon.name} (${k})`)) k++;
        name = `${r.weapon.name} (${k})`;
        warnings.push(`unit "${unitName}: two different profiles named "${r.weapon.name}"; the second is imported as "${name}"`);
      }
      if (weapons.length >= 50) {
        warnings.push(`unit "${unitName}: more than 50 weapon profiles; "${name}" not imported`);
        byProfileId.set(w.profile, null);
        continue;
      }
      weapons.push({ ...r.weapon, name });
      byProfileId.set(w.profile, name);
    }
  }
  for (const u of unknown) warnings.push(`unit "${unitName}: weapon ability not applied by the engine: ${u}`);
  return { weapons, byProfileId, failed };
}

function chooseBase(name: string, keywords: string[], opts: MapArmyOptions, warnings: string[], what: string, id: string) {
  const given = lookupBase(opts.bases, name) ?? lookupBase(opts.rememberedBases, name);
  const def = defaultBase(keywords);
  let base: Base = def.base;
  let height = def.heightInches;
  if (given) base = given.entry.base;
  if (given?.entry.heightInches !== undefined) height = given.entry.heightInches;
  if (!given) warnings.push(`${what} "${name}" (${id}): base ${describeBase(base)} and height ${height}" are defaults for ${def.label} (give them with --bases)`);
  else if (given.entry.heightInches === undefined) warnings.push(`${what} "${name}" (${id}): height ${height}" is the default for ${def.label} (give "heightInches" with --bases)`);
  return { base, height };
}

/**
 * Map one warscroll unit. Throws (ArmyImportError) when a characteristic of its `Unit` profile
 * cannot be read; other problems are warnings.
 */
function mapUnit(u: RawUnit, id: string, opts: MapArmyOptions, warnings: string[], where: string, ctx: AbilityContext): ArmyUnit {
  const at = `${where}: unit "${u.name}" (${u.path})`;
  const label = `${u.name}" (${id})`;
  let move: number | string | undefined = parseInches(characteristic(u.profile, 'Move'));
  const dice = /^(\d?)D([36])(?: ?\+ ?(\d+))?(?:"|''|”)?$/i.exec(cleanText(characteristic(u.profile, 'Move') ?? ''));
  // A random Move stays random (Core 26.0): the engine rolls it when the unit is picked to move.
  if (move === undefined && dice) move = `${dice[1] || ''}D${dice[2]}${dice[3] ? `+${dice[3]}` : ''}`;
  const health = parseWhole(characteristic(u.profile, 'Health'));
  const save = parseSave(characteristic(u.profile, 'Save'));
  const controlText = characteristic(u.profile, 'Control');
  const control = controlText !== undefined && cleanText(controlText) === '-' ? 0 : parseWhole(controlText);
  if (move === undefined) refuse(`${at}: Move "${characteristic(u.profile, 'Move') ?? '(missing)'}" is not a distance in inches`);
  if (health === undefined || health < 1) refuse(`${at}: Health "${characteristic(u.profile, 'Health') ?? '(missing)'}" is not a whole number of at least 1`);
  if (save === undefined) refuse(`${at}: Save "${characteristic(u.profile, 'Save') ?? '(missing)'}" is not 2+..6+ or -`);
  if (control === undefined) refuse(`${at}: Control "${controlText ?? '(missing)'}" is not a whole number`);
  const { keywords, ward, commandModels } = readKeywords(u.categories);

  // Model groups: each model selection, plus gear on the unit outside model selections (all models).
  const modelSels = modelSelections(u.selection, 0);
  const unitGear: ModelGroup = { count: 0, weapons: [], command: [] };
  collectGear(u.selection, Number.MAX_SAFE_INTEGER, unitGear, 0, at);
  const groups: ModelGroup[] = [];
  if (modelSels.length === 0) {
    const n = Number(attr(u.selection, 'number') ?? 1);
    groups.push({ count: Number.isInteger(n) && n >= 1 ? n : 1, weapons: [], command: [] });
    warnings.push(`unit "${label}: the roster lists no model selection; imported as ${groups[0].count} model(s)`);
  } else {
    for (const m of modelSels) {
      const n = Number(attr(m, 'number') ?? 1);
      const g: ModelGroup = { count: Number.isInteger(n) && n >= 0 ? n : 1, weapons: [], command: [] };
      collectGear(m, g.count, g, 0, at);
      groups.push(g);
    }
  }
  const total = groups.reduce((s, g) => s + g.count, 0);
  if (total < 1) refuse(`${at}: the roster gives it no model (model selections' numbers sum to 0)`);
  if (total > 200) refuse(`${at}: ${total} models, more than the 200 a unit may have in Sightline`);
  const { weapons, byProfileId, failed } = unitWeapons([{ count: total, weapons: unitGear.weapons, command: [] }, ...groups], label, warnings);

  const { base, height } = chooseBase(u.name, keywords, opts, warnings, 'unit', id);
  const models: ArmyModel[] = [];
  const unitWide = [...new Set(unitGear.weapons.map((w) => byProfileId.get(w.profile)).filter((x): x is string => !!x))];
  for (const g of groups) {
    for (let i = 0; i < g.count; i++) {
      const own = g.weapons.filter((w) => i < w.carriers).map((w) => byProfileId.get(w.profile)).filter((x): x is string => !!x);
      const set = [...new Set([...unitWide, ...own])];
      const m: { -readonly [K in keyof ArmyModel]: ArmyModel[K] } = { id: `${id}.${models.length + 1}`, base, heightInches: height };
      for (const c of g.command) if (i < c.count) m[c.kind] = true;
      if (set.length < weapons.length) m.weapons = set;
      models.push(m);
    }
  }
  // Command models: keep the warscroll's proportions only when the roster's flags agree with them.
  const cm: { champion?: string; musician?: string; standardBearer?: string } = {};
  for (const k of ['champion', 'musician', 'standardBearer'] as const) {
    const p = commandModels[k];
    if (p === undefined) continue;
    const want = commandModelCount(p, models.length);
    const have = models.filter((m) => m[k] === true).length;
    if (have === want) cm[k] = p;
    else warnings.push(`unit "${label}: the roster has ${have} ${k === 'standardBearer' ? 'standard bearer' : k} model(s) where the warscroll's ${p} gives ${want} for ${models.length} models; the proportion is not enforced`);
  }
  const abilitiesText = [...abilityTexts(u.selection), ...failed].slice(0, 100);
  const abilities = selectionAbilities(u.selection, id, `unit "${label}`, { ...ctx, weapons });
  const coherencyRange = passiveCoherency(abilities); // session 37: "This unit has a coherency range of 2"" (Core 15.1)
  if (weapons.length === 0) warnings.push(`unit "${label}: no weapon profile in the roster`);
  return {
    id,
    name: u.name.slice(0, 200),
    ...(u.points > 0 ? { points: u.points } : {}),
    warscroll: {
      move,
      health,
      save,
      control,
      ...(ward !== undefined ? { ward } : {}),
      keywords: keywords.slice(0, 100),
      ...(Object.keys(cm).length > 0 ? { commandModels: cm } : {}),
      ...(coherencyRange !== undefined ? { coherencyRange } : {}),
      ...(abilitiesText.length > 0 ? { abilitiesText } : {}),
      ...(abilities.length > 0 ? { abilities } : {}),
    },
    weapons,
    models,
  };
}

/** Map a manifestation (Magic 7.0), or explain in a warning why it cannot be. */
function mapManifestation(m: RawManifestation, id: string, opts: MapArmyOptions, warnings: string[], ctx: AbilityContext): ArmyManifestation | undefined {
  const skip = (why: string) => {
    warnings.push(`manifestation "${m.name}" (${m.lore}) not imported: ${why}`);
    return undefined;
  };
  const move = parseInches(characteristic(m.profile, 'Move'));
  const health = parseWhole(characteristic(m.profile, 'Health'));
  const save = parseSave(characteristic(m.profile, 'Save'));
  const ban = /^(\d{1,2})\+?$/.exec(cleanText(characteristic(m.profile, 'Banishment') ?? ''));
  if (move === undefined || health === undefined || health < 1 || save === undefined) return skip('its Move, Health or Save cannot be read');
  if (!ban || Number(ban[1]) < 2 || Number(ban[1]) > 13) return skip('its Banishment cannot be read');
  if (!m.summon) return skip(`no "Summon ${m.name}" ability in its lore`);
  const kind = m.categories.some((c) => c.toUpperCase() === 'INVOCATION') ? 'invocation' : 'endlessSpell';
  const value = /^(\d{1,2})\+?$/.exec(cleanText(characteristic(m.summon, kind === 'invocation' ? 'Chanting Value' : 'Casting Value') ?? ''));
  if (!value) return skip(`the ${kind === 'invocation' ? 'chanting' : 'casting'} value of "Summon ${m.name}" cannot be read`);
  const effect = cleanText(characteristic(m.summon, 'Effect') ?? '');
  const range = /within (\d{1,2})"/i.exec(effect);
  if (!range) return skip(`no "wholly within N"" range in the effect of "Summon ${m.name}"`);
  const { keywords, ward } = readKeywords(m.categories);
  const partsMatch = /has (\d) parts/i.exec(cleanText(list(m.selection, 'profiles').map((p) => characteristic(p, 'Effect') ?? '').join(' ') + ' ' + effect));
  const parts = partsMatch ? Number(partsMatch[1]) : 1;
  const group: ModelGroup = { count: parts, weapons: [], command: [] };
  collectGear(m.selection, parts, group, 0, m.name);
  const { weapons } = unitWeapons([group], `${m.name}" (${id})`, warnings);
  const { base, height } = chooseBase(m.name, keywords.includes('MANIFESTATION') ? keywords : [...keywords, 'MANIFESTATION'], opts, warnings, 'manifestation', id);
  const abilitiesText = abilityTexts(m.selection);
  const abilities = selectionAbilities(m.selection, id, `manifestation "${m.name}" (${id})`, ctx);
  return {
    id,
    name: m.name.slice(0, 200),
    kind,
    banishment: Number(ban[1]),
    summonValue: Number(value[1]),
    summonRange: Number(range[1]),
    warscroll: {
      move,
      health,
      save,
      control: 0,
      ...(ward !== undefined ? { ward } : {}),
      keywords,
      ...(abilitiesText.length > 0 ? { abilitiesText } : {}),
      ...(abilities.length > 0 ? { abilities } : {}),
    },
    weapons,
    models: Array.from({ length: parts }, (_, i) => ({ id: `${id}.${i + 1}`, base, heightInches: height })),
  };
}

/**
 * Map a walked roster to Sightline's army and check it with `parseRoster`.
 *
 * Army composition is repaired rather than refused (each repair is a warning): the general is
 * the unit with the roster's `General` upgrade, else the first WARMASTER, else the first
 * regiment's leader, else the first HERO; a general who leads no regiment gets one; regiments
 * whose leader is not a HERO, units beyond a regiment's size (3, or 4 in the general's) and
 * regiments beyond the fifth become auxiliaries.
 * @throws ArmyImportError when a unit's characteristics cannot be read, the roster has no
 *   warscroll unit or no HERO to be the general, or the result still fails `parseRoster`.
 */
export function mapArmy(raw: RawRoster, where: string, opts: MapArmyOptions = {}): ImportResult {
  const warnings: string[] = [];
  if (raw.units.length === 0) refuse(`${where}: the roster has no warscroll unit (no selection of type "unit" with a "Unit" profile)`);
  if (raw.units.length > 200) refuse(`${where}: ${raw.units.length} warscroll units, more than the 200 an army may have in Sightline`);
  const prefix = opts.idPrefix ?? '';
  const usedIds = new Set<string>();
  const newId = (name: string) => {
    const b = `${prefix}${slug(name)}`;
    let id = b;
    for (let k = 2; usedIds.has(id); k++) id = `${b}-${k}`;
    usedIds.add(id);
    return id;
  };
  // Keywords of the army, to read keyword runs in rules text ("Kruleboyz Infantry").
  const known = [...new Set([raw.faction.toUpperCase(), ...[...raw.units, ...raw.factionTerrain].flatMap((u) => u.categories.filter(isKeyword)), ...raw.manifestations.flatMap((m) => m.categories.filter(isKeyword))])];
  // Its unit (warscroll) names, read as nouns in picks ("a visible friendly Grimghast Reapers unit").
  const names = [...new Set(raw.units.map((u) => u.name))];
  const abilityCtx: AbilityContext = { ids: new AbilityIds(), known, names, warnings, parsed: new Map(), weaponsOfWarscroll: weaponsByWarscroll(raw.units, where) };
  const units = raw.units.map((u) => mapUnit(u, newId(u.name), opts, warnings, where, abilityCtx));
  const isHero = (i: number) => units[i].warscroll.keywords.some((k) => keywordsMatch(k, 'HERO'));
  const isWarmaster = (i: number) => units[i].warscroll.keywords.some((k) => keywordsMatch(k, 'WARMASTER'));

  // Regiments as the roster has them (indices into units).
  const regs: { leader: number; units: number[] }[] = [];
  const aux: number[] = [];
  const byRegiment = new Map<number, number[]>();
  raw.units.forEach((u, i) => {
    if (u.placement.kind === 'regiment') {
      const list0 = byRegiment.get(u.placement.regiment) ?? [];
      list0.push(i);
      byRegiment.set(u.placement.regiment, list0);
    } else {
      if (u.placement.kind === 'army') warnings.push(`unit "${u.name}": outside any regiment or auxiliary force in the roster; imported as an auxiliary unit`);
      aux.push(i);
    }
  });
  for (const members of byRegiment.values()) {
    const leader = members.find((i) => raw.units[i].regimentLeader) ?? members.find(isHero) ?? members[0];
    if (!isHero(leader)) {
      warnings.push(`regiment of "${units[leader].name}": no HERO to lead it (ArmyComp 2.0); its units are imported as auxiliary units`);
      aux.push(...members);
      continue;
    }
    if (!raw.units[leader].regimentLeader) warnings.push(`regiment of "${units[leader].name}": the roster names no leader; "${units[leader].name}" leads it`);
    regs.push({ leader, units: members.filter((i) => i !== leader) });
  }

  // The general (ArmyComp 2.1).
  const marked = raw.units.map((u, i) => (u.general ? i : -1)).filter((i) => i >= 0);
  if (marked.length > 1) warnings.push(`${marked.length} units are marked General; the first, "${units[marked[0]].name}", is the general`);
  let general = marked.length > 0 ? marked[0] : -1;
  const warmasters = units.map((_, i) => i).filter(isWarmaster);
  if (general >= 0 && !isHero(general)) {
    warnings.push(`the general "${units[general].name}" is not a HERO; another general is chosen`);
    general = -1;
  }
  if (general >= 0 && warmasters.length > 0 && !isWarmaster(general)) {
    warnings.push(`the general "${units[general].name}" is not a WARMASTER but "${units[warmasters[0]].name}" is; a WARMASTER must be the general (ArmyComp 2.1), so "${units[warmasters[0]].name}" is`);
    general = warmasters[0];
  }
  if (general < 0) {
    const heroes = units.map((_, i) => i).filter(isHero);
    general = warmasters.find(isHero) ?? regs[0]?.leader ?? heroes[0] ?? -1;
    if (general < 0) refuse(`${where}: the army has no HERO to be its general (ArmyComp 2.1)`);
    warnings.push(`the roster names no general; "${units[general].name}" is the general`);
  }
  if (!regs.some((r) => r.leader === general)) {
    // Take the general out of wherever it is and give it a regiment of its own.
    for (const r of regs) r.units = r.units.filter((i) => i !== general);
    const ai = aux.indexOf(general);
    if (ai >= 0) aux.splice(ai, 1);
    regs.unshift({ leader: general, units: [] });
    warnings.push(`the general "${units[general].name}" leads no regiment in the roster; it is given a regiment of its own (ArmyComp 2.1)`);
  } else {
    const gi = regs.findIndex((r) => r.leader === general);
    regs.unshift(...regs.splice(gi, 1));
  }
  // Sizes (ArmyComp 2.0): at most 3 units, 4 in the general's regiment; at most 5 regiments.
  for (const r of regs) {
    const max = r.leader === general ? 4 : 3;
    if (r.units.length > max) {
      const extra = r.units.splice(max);
      aux.push(...extra);
      warnings.push(`regiment of "${units[r.leader].name}": ${max + extra.length} units, more than ${max} (ArmyComp 2.0); imported as auxiliary units: ${extra.map((i) => `"${units[i].name}"`).join(', ')}`);
    }
  }
  if (regs.length > 5) {
    const extra = regs.splice(5);
    for (const r of extra) aux.push(r.leader, ...r.units);
    warnings.push(`${5 + extra.length} regiments, more than 5 (ArmyComp 2.0); the regiments of ${extra.map((r) => `"${units[r.leader].name}"`).join(', ')} are imported as auxiliary units`);
  }
  aux.sort((a, b) => a - b);

  // Points (ArmyComp 1.2).
  const spent = units.reduce((s, u) => s + (u.points ?? 0), 0);
  if (raw.pointsLimit > 0 && spent > raw.pointsLimit) warnings.push(`the army costs ${spent} points, more than its limit of ${raw.pointsLimit} (ArmyComp 1.2)`);

  // Faction terrain, manifestations, army-level choices, skipped selections.
  const factionTerrain: FactionTerrain[] = [];
  const terrainSelections: { id: string; name: string; selection: RNode }[] = [];
  for (const t of raw.factionTerrain) {
    if (factionTerrain.length >= 5) {
      warnings.push(`faction terrain "${t.name}" not imported: more than 5 faction terrain features`);
      continue;
    }
    const abilities = factionTerrainAbilities(t.selection);
    const [w, d, h] = DEFAULT_FACTION_TERRAIN_SIZE_INCHES;
    const tid = newId(t.name);
    factionTerrain.push({ id: tid, name: t.name, abilities, sizeInches: [w, d, h] });
    terrainSelections.push({ id: tid, name: t.name, selection: t.selection });
    warnings.push(`faction terrain "${t.name}": a ${w}" x ${d}" x ${h}" box by default (the roster gives no size); it is set up wholly within the army's territory (Core 10.1)`);
  }
  const manifestations: ArmyManifestation[] = [];
  for (const m of raw.manifestations) {
    if (manifestations.length >= 20) {
      warnings.push(`manifestation "${m.name}" not imported: more than 20 manifestations`);
      continue;
    }
    const x = mapManifestation(m, newId(m.name), opts, warnings, abilityCtx);
    if (x) manifestations.push(x);
  }
  const { army: armyAbilities, perUnit } = armyLevelAbilities(
    raw.choices,
    units.map((u) => ({ id: u.id, name: u.name, keywords: u.warscroll.keywords })),
    terrainSelections,
    abilityCtx,
    `${prefix}army`,
  );
  for (let i = 0; i < units.length; i++) {
    const extra = perUnit.get(units[i].id);
    if (!extra) continue;
    const own = units[i].warscroll.abilities ?? [];
    units[i] = { ...units[i], warscroll: { ...units[i].warscroll, abilities: [...own, ...extra].slice(0, 300) } };
  }
  // Session 38 (ab38b): a resource given, spent or read only with the passive that defines it (resourceCheck38.ts).
  checkResourceDefinitions([armyAbilities, ...units.map((u) => u.warscroll.abilities ?? []), ...manifestations.map((m) => m.warscroll.abilities ?? [])]);
  // Session 38 (ab38d): a resistance roll an unread ability may change stays by hand (resistance38.ts).
  units.splice(0, units.length, ...resistanceFallback(units, armyAbilities));
  for (const c of raw.choices) {
    if (c.picks.length === 0) continue;
    if (choiceProfiles(c.selection).length > 0) continue;
    if (c.kind === 'Manifestation Lore' && raw.manifestations.length > 0) continue;
    warnings.push(`${c.kind}: ${c.picks.join(', ')} not imported: ${/battle tactic/i.test(c.kind) ? 'battle tactics are not played by the engine' : 'no ability profile in the roster'}`);
  }
  for (const s of raw.skipped) warnings.push(`selection "${s.name}" (${s.path}) of type unit has no Unit or Manifestation profile; not imported`);

  const army: RosterInput = {
    name: (raw.name.trim() || 'Imported army').slice(0, 200),
    faction: raw.faction.slice(0, 200),
    ...(raw.pointsLimit > 0 ? { pointsLimit: raw.pointsLimit } : {}),
    general: units[general].id,
    regiments: regs.map((r) => ({ leader: units[r.leader].id, units: r.units.map((i) => units[i].id) })),
    auxiliaries: aux.map((i) => units[i].id),
    units,
    ...(manifestations.length > 0 ? { manifestations } : {}),
    ...(factionTerrain.length > 0 ? { factionTerrain } : {}),
    ...(armyAbilities.length > 0 ? { abilities: armyAbilities } : {}),
  };
  const check = parseRoster(army);
  if (!check.ok) {
    const i = check.issues[0];
    refuse(`${where}: the imported army is not valid: ${i.path}: ${i.message}${check.issues.length > 1 ? ` (and ${check.issues.length - 1} more)` : ''}`);
  }
  return { army, warnings };
}


/** A faction terrain feature as the army format holds it. */
type FactionTerrain = { id: string; name: string; abilities: ('cover' | 'obscuring' | 'impassable' | 'unstable' | 'placeOfPower')[]; sizeInches: [number, number, number] };

const TERRAIN_ABILITY_NAMES: Record<string, FactionTerrain['abilities'][number]> = {
  cover: 'cover',
  obscuring: 'obscuring',
  impassable: 'impassable',
  unstable: 'unstable',
  'place of power': 'placeOfPower',
};

/**
 * The universal terrain abilities (Terrain 1.2) a faction terrain warscroll gives, read from its
 * rule "The following universal terrain abilities apply to this terrain feature (Terrain, 1.2):
 * Cover, Impassable" (none found: none).
 */
function factionTerrainAbilities(selection: RNode): FactionTerrain['abilities'] {
  const out = new Set<FactionTerrain['abilities'][number]>();
  for (const r of list(selection, 'rules')) {
    const t = cleanText(ruleDescription(r)).replace(/\*/g, '');
    const m = /universal terrain abilities apply[^:]*\):?\s*([\s\S]*)$/i.exec(t);
    if (!m) continue;
    for (const name of m[1].split(/[,\n]/)) {
      const a = TERRAIN_ABILITY_NAMES[name.trim().toLowerCase().replace(/\.$/, '')];
      if (a) out.add(a);
    }
  }
  return [...out];
}
