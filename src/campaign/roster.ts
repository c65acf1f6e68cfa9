/**
 * The Path to Glory roster (Ascension › Path to Glory Roster): a new campaign from an army, the
 * warlord's criteria, and choosing a rank's ability (`campaign new`, `campaign rank`). Pure: no
 * file system, no three, no React. Rule failures are data ({@link Refusal}), never thrown.
 *
 * @module
 */
import { keywordsMatch } from '../rules/damage';
import { parseRoster, type Roster, type RosterUnit } from '../rules/engine/roster';
import { findPathAbility, PATH_IDS, PATHS, QUESTS, RULE, type PathId, type QuestId } from './data';
import { CampaignSchema, issueLines, type Campaign, type CampaignUnit } from './schema';

/** A step a rule refuses: the rule (`Ascension › …`) and what is wrong. */
export interface Refusal {
  readonly rule: string;
  readonly message: string;
}

/** A result: the value, or every refusal. */
export type Ruled<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly refusals: readonly Refusal[] };

/** True when the unit has the keyword (any case, singular or plural). */
export function hasKeyword(u: RosterUnit, keyword: string): boolean {
  return u.warscroll.keywords.some((k) => keywordsMatch(k, keyword));
}

/**
 * Why a unit cannot be the warlord (Ascension › Path to Glory Roster › 1): a HERO, a single
 * model, 350 points or less (Sons of Behemat armies ignore this), not UNIQUE. Empty when it can.
 */
export function warlordProblems(u: RosterUnit, faction: string): Refusal[] {
  const out: Refusal[] = [];
  const r = (message: string) => out.push({ rule: RULE.warlord, message: `warlord "${u.id}": ${message}` });
  if (!hasKeyword(u, 'HERO')) r('the warlord must be a HERO');
  if (u.models.length !== 1) r(`the warlord must be a single model (it has ${u.models.length})`);
  const behemat = /sons of behemat/i.test(faction);
  if (u.points === undefined) r('its points value is unknown (the army file gives none)');
  else if (u.points > 350 && !behemat) r(`the warlord must have a points value of 350 or less (it has ${u.points})`);
  if (hasKeyword(u, 'UNIQUE')) r('the warlord cannot be UNIQUE');
  return out;
}

/** Why a unit cannot walk a Path (Paths: Warrior and Leader HERO; Mage WIZARD HERO; Devout PRIEST HERO; Defender and Attacker non-HERO). */
export function pathProblems(u: RosterUnit, path: PathId): Refusal[] {
  const req = PATHS[path].requires;
  const hero = hasKeyword(u, 'HERO');
  const rule = `${RULE.paths} (${PATHS[path].name})`;
  if (req.hero && !hero) return [{ rule, message: `${u.name} is not a HERO: the ${path} Path is for HEROES` }];
  if (!req.hero && hero) return [{ rule, message: `${u.name} is a HERO: the ${path} Path is for non-HERO units` }];
  if (req.keyword && !hasKeyword(u, req.keyword)) return [{ rule, message: `${u.name} is not a ${req.keyword}: the ${path} Path is for ${req.keyword} HEROES only` }];
  return [];
}

/** A unit of the army as a fresh Order of Battle entry (no renown, no rank). */
export function orderOfBattleUnit(u: RosterUnit): CampaignUnit {
  return {
    id: u.id,
    name: u.name,
    points: u.points ?? 0,
    unique: hasKeyword(u, 'UNIQUE'),
    reinforced: false,
    renown: 0,
    rank: null,
    path: null,
    abilities: [],
    pendingRanks: [],
    unit: structuredClone(u),
  };
}

/** The points a unit fields: its battle-profile points, doubled when reinforced (ArmyComp 3.3). */
export function fieldedPoints(u: CampaignUnit): number {
  return u.points * (u.reinforced ? 2 : 1);
}

/** The points of the whole Order of Battle. */
export function orderOfBattlePoints(c: Campaign): number {
  return c.units.reduce((t, u) => t + fieldedPoints(u), 0);
}

/** Options of {@link newCampaign} (`campaign new`). */
export interface NewCampaignOptions {
  /** The warlord's unit id in the army. */
  readonly warlord: string;
  /** The warlord's Path. */
  readonly path: PathId;
  /** Starting units (the warlord is always in); absent = every unit of the army. */
  readonly units?: readonly string[];
  readonly quest?: QuestId;
  /** The Glory Seekers or the Rising Champion. */
  readonly questUnit?: string;
  /** Harness Manifestation: the manifestation-lore spell or prayer marked 'Wild' (added to the manifestation lore). */
  readonly wild?: string;
  readonly name?: string;
  /** Starting enhancements (Ascension › Roster › 3): name and the unit that has it. */
  readonly enhancements?: readonly { name: string; unit: string }[];
  /** Starting lores (6 entries at most each). */
  readonly lores?: { readonly spells?: readonly string[]; readonly prayers?: readonly string[]; readonly manifestations?: readonly string[] };
}

/**
 * Checks the 'Wild' entry of a quest (Ascension › Quests › Harness Manifestation: "pick 1 spell or
 * prayer from a manifestation lore available to your army's faction"): only with that quest, a
 * name of 1-200 characters. Which lores the faction has is not known here: the name is kept as given.
 */
export function wildProblems(quest: QuestId | undefined, wild: string | undefined): Refusal[] {
  if (wild === undefined) return [];
  const rule = `${RULE.quest} (Harness Manifestation)`;
  if (quest !== 'harness-manifestation') return [{ rule, message: `--wild "${wild}" needs --quest harness-manifestation` }];
  if (wild.trim().length === 0 || wild.length > 200) return [{ rule, message: '--wild: the name of a manifestation-lore spell or prayer (1-200 characters)' }];
  return [];
}

/** The manifestation lore with the 'Wild' entry added ("add it to your own manifestation lore"), unless already there. */
export function withWild(lore: readonly string[], wild: string | undefined): string[] {
  return wild === undefined || lore.includes(wild) ? [...lore] : [...lore, wild];
}

/** Checks a quest and its unit against an Order of Battle (Ascension › Roster › 4, Quests). */
export function questProblems(units: readonly CampaignUnit[], quest: QuestId, questUnit: string | undefined): Refusal[] {
  const q = QUESTS[quest];
  const rule = `${RULE.quest} (${q.name})`;
  if (q.unit === null) return questUnit === undefined ? [] : [{ rule, message: `${q.name} names no unit (--quest-unit "${questUnit}")` }];
  if (questUnit === undefined) return [{ rule, message: `${q.name} needs a unit of the Order of Battle (--quest-unit): ${q.unit === 'hero' ? 'the Rising Champion, a HERO' : 'the Glory Seekers'}` }];
  const u = units.find((x) => x.id === questUnit);
  if (!u) return [{ rule, message: `no unit "${questUnit}" on the Order of Battle` }];
  if (q.unit === 'hero' && !hasKeyword(u.unit, 'HERO')) return [{ rule, message: `the Rising Champion must be a HERO ("${questUnit}" is not)` }];
  return [];
}

/**
 * A new campaign (`campaign new`, Ascension › Path to Glory Roster 1-4): the army's faction; the
 * warlord (a single-model HERO of 350 points or less, not UNIQUE) with 5 renown, the Aspiring rank,
 * its Path and that rank's ability pending (chosen with {@link chooseRankAbility}); the starting
 * units, warlord included, within 1000 points; starting enhancements (each once, never on a UNIQUE
 * unit, ArmyComp 4.1); the lores (6 entries at most each); the first quest.
 * @param army Any army in Sightline's format (validated here).
 */
export function newCampaign(army: unknown, o: NewCampaignOptions): Ruled<Campaign> {
  const parsed = parseRoster(army, 'army');
  if (!parsed.ok) return { ok: false, refusals: parsed.issues.map((i) => ({ rule: 'ARMY.md', message: `${i.path}: ${i.message}` })) };
  const roster: Roster = parsed.roster;
  const refusals: Refusal[] = [];
  const warlord = roster.units.find((u) => u.id === o.warlord);
  if (!warlord) return { ok: false, refusals: [{ rule: RULE.warlord, message: `no unit "${o.warlord}" in the army (units: ${roster.units.map((u) => u.id).join(', ')})` }] };
  refusals.push(...warlordProblems(warlord, roster.faction));
  if (!(o.path in PATHS)) refusals.push({ rule: RULE.warlord, message: `unknown Path "${o.path}" (warrior, leader, mage, devout)` });
  else refusals.push(...pathProblems(warlord, o.path));
  const ids = o.units ? [...new Set([o.warlord, ...o.units])] : roster.units.map((u) => u.id);
  const picked: RosterUnit[] = [];
  for (const id of ids) {
    const u = roster.units.find((x) => x.id === id);
    if (!u) refusals.push({ rule: RULE.startingUnits, message: `no unit "${id}" in the army` });
    else {
      if (u.points === undefined) refusals.push({ rule: RULE.startingUnits, message: `unit "${id}" has no points value` });
      picked.push(u);
    }
  }
  const total = picked.reduce((t, u) => t + (u.points ?? 0), 0);
  if (total > 1000) refusals.push({ rule: RULE.startingUnits, message: `the starting units, warlord included, cost ${total} points: at most 1000 (${picked.map((u) => `${u.id} ${u.points ?? '?'}`).join(', ')})` });
  const units = picked.map(orderOfBattleUnit);
  const w = units.find((u) => u.id === o.warlord);
  if (w && o.path in PATHS) Object.assign(w, { renown: 5, rank: 'Aspiring', path: o.path, pendingRanks: ['Aspiring'] });
  if (o.quest !== undefined) {
    if (!(o.quest in QUESTS)) refusals.push({ rule: RULE.quest, message: `unknown quest "${o.quest}"` });
    else refusals.push(...questProblems(units, o.quest, o.questUnit));
  } else if (o.questUnit !== undefined) refusals.push({ rule: RULE.quest, message: '--quest-unit needs --quest' });
  refusals.push(...wildProblems(o.quest, o.wild));
  const enhancements = o.enhancements ?? [];
  refusals.push(...enhancementProblems(units, [], enhancements));
  const lores = { spells: [...(o.lores?.spells ?? [])], prayers: [...(o.lores?.prayers ?? [])], manifestations: withWild(o.lores?.manifestations ?? [], o.wild) };
  for (const [k, v] of Object.entries(lores)) if (v.length > 6) refusals.push({ rule: RULE.lores, message: `the ${k} lore holds ${v.length} entries: no more than 6` });
  if (refusals.length) return { ok: false, refusals };
  const campaign = {
    format: 'sightline-campaign/1' as const,
    name: o.name ?? roster.name,
    faction: roster.faction,
    glory: 0,
    warlord: o.warlord,
    units,
    quest: o.quest !== undefined ? { id: o.quest, points: 0, unit: o.questUnit ?? null, ...(o.wild !== undefined ? { wild: o.wild } : {}) } : null,
    enhancements: enhancements.map((e) => ({ name: e.name, unit: e.unit })),
    lores,
    battles: [],
  };
  const check = CampaignSchema.safeParse(campaign);
  if (!check.success) return { ok: false, refusals: issueLines(check.error).map((m) => ({ rule: 'CAMPAIGN.md', message: m })) };
  return { ok: true, value: check.data };
}

/** Enhancements added to an Order of Battle: each on a unit of it, not UNIQUE (ArmyComp 4.1), never twice. */
export function enhancementProblems(units: readonly CampaignUnit[], have: readonly { name: string }[], add: readonly { name: string; unit: string }[]): Refusal[] {
  const out: Refusal[] = [];
  const names = new Set(have.map((e) => e.name.toLowerCase()));
  for (const e of add) {
    const u = units.find((x) => x.id === e.unit);
    if (!u) out.push({ rule: RULE.enhancements, message: `enhancement "${e.name}": no unit "${e.unit}" on the Order of Battle` });
    else if (u.unique) out.push({ rule: RULE.uniqueEnhancement, message: `enhancement "${e.name}": UNIQUE units cannot be given enhancements ("${e.unit}")` });
    if (names.has(e.name.toLowerCase())) out.push({ rule: RULE.enhancements, message: `the Order of Battle cannot include the enhancement "${e.name}" more than once` });
    names.add(e.name.toLowerCase());
  }
  return out;
}

/**
 * Chooses the ability of a unit's oldest pending rank (`campaign rank`, Ascension › Aftermath › 2
 * › Paths): one of the two its Path offers at that rank (names as printed, any case). A unit with
 * no Path needs `path` (checked against its keywords); a unit with one cannot change it.
 */
export function chooseRankAbility(c: Campaign, unitId: string, ability: string, path?: PathId): Ruled<Campaign> {
  const i = c.units.findIndex((u) => u.id === unitId);
  if (i < 0) return { ok: false, refusals: [{ rule: RULE.paths, message: `no unit "${unitId}" on the Order of Battle` }] };
  const u = c.units[i];
  const rank = u.pendingRanks[0];
  if (rank === undefined) return { ok: false, refusals: [{ rule: RULE.paths, message: `"${unitId}" has no rank whose ability is still to choose (rank ${u.rank ?? 'none'}, abilities: ${u.abilities.join(', ') || 'none'})` }] };
  if (path !== undefined && !(path in PATHS)) return { ok: false, refusals: [{ rule: RULE.paths, message: `unknown Path "${path}" (${Object.keys(PATHS).join(', ')})` }] };
  if (u.path !== null && path !== undefined && path !== u.path) return { ok: false, refusals: [{ rule: RULE.paths, message: `"${unitId}" already walks the ${u.path} Path; its Path is chosen once, at its first rank` }] };
  const p = u.path ?? path;
  // Only the Paths this unit's keywords allow are named (a non-HERO is never offered the HERO Paths).
  const allowed = PATH_IDS.filter((x) => pathProblems(u.unit, x).length === 0);
  if (p === undefined) return { ok: false, refusals: [{ rule: RULE.paths, message: `${u.name} has no Path yet: its first rank needs --path (${allowed.join(', ')})` }] };
  const pp = pathProblems(u.unit, p);
  if (pp.length) return { ok: false, refusals: pp.map((r) => ({ ...r, message: `${r.message} (${u.name} may walk: ${allowed.join(', ')})` })) };
  const found = findPathAbility(p, ability);
  const offered = PATHS[p].ranks[rank].map((x) => x.name);
  if (!found || found.rank !== rank) return { ok: false, refusals: [{ rule: `${RULE.paths} (${PATHS[p].name}, ${rank})`, message: `"${ability}" is not one of the ${rank} abilities of the ${PATHS[p].name}: ${offered.join(' or ')}` }] };
  const next: CampaignUnit = { ...u, path: p, abilities: [...u.abilities, found.ability.name], pendingRanks: u.pendingRanks.slice(1) };
  return { ok: true, value: { ...c, units: c.units.map((x, k) => (k === i ? next : x)) } };
}
