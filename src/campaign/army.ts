/**
 * The army for a Path to Glory battle (Ascension › Path to Glory Battles › 1, `campaign army`):
 * units drawn from the Order of Battle, the warlord as general when included, every unit's rank
 * abilities and enhancements, and the campaign's lores. The result is Sightline's army format,
 * valid for `game start`; each unit carries its campaign entry (`campaign`) so the aftermath can
 * tell which units took part.
 *
 * @module
 */
import { parseRoster, type RosterInput, type RosterUnit } from '../rules/engine/roster';
import { PATHS, RANKS, RULE } from './data';
import { fieldedPoints, hasKeyword, type Refusal, type Ruled } from './roster';
import { saveNullAsDash, type Campaign, type CampaignUnit } from './schema';

/** Path abilities the engine's spell and prayer tables already play (magic.ts): the unit knows them. */
const ENGINE_SPELLS: Readonly<Record<string, string>> = { 'Mystic Shield': 'mysticShield', 'Eldritch Cataclysm': 'eldritchCataclysm', 'Arcane Conduit': 'arcaneConduit', 'Sunder the Earth': 'sunderTheEarth' };
const ENGINE_PRAYERS: Readonly<Record<string, string>> = { Resurrection: 'resurrection', 'Ritual of Death': 'ritualOfDeath', 'Ritual of Life': 'ritualOfLife', 'Righteous Conviction': 'righteousConviction' };

/** WARD (n+) given by a Path ability (Core 18.1: only the best ward applies). */
const WARD_ABILITIES: Readonly<Record<string, number>> = {
  'Warrior Without Equal': 4,
  'Destined for Greatness': 4,
  'Divine Blessing': 6,
  'Uncanny Survivability': 6,
  'Warriors of Renown': 5,
};

/** Adds `n` to a characteristic such as 3, "3" or "D6" (Core 26.0): "D6" + 1 = "D6+1". */
function plus(v: number | string, n: number): number | string {
  if (typeof v === 'number') return v + n;
  if (/^\d+$/.test(v)) return Number(v) + n;
  const m = /^(.*?)([+-]\d+)?$/.exec(v) as RegExpExecArray;
  const bonus = Number(m[2] ?? 0) + n;
  return bonus === 0 ? m[1] : `${m[1]}${bonus > 0 ? '+' : ''}${bonus}`;
}

/**
 * The passive Path abilities that change a warscroll's characteristics, keywords or ward, applied
 * to the drawn unit so the engine plays them (docs/campaign.md lists the others): WARD (n+) (the
 * best one applies, Core 18.1), Hardy Constitution (+2 Health), Master-crafted Weapons and Honed
 * Gear (+1 Rend, melee), Weapon Masters (+1 Attacks, melee), Unparalleled Duellist (STRIKE-FIRST).
 */
export function applyPassivePathAbilities(unit: RosterUnit, abilities: readonly string[]): RosterUnit {
  const has = (n: string) => abilities.includes(n);
  const wards = abilities.filter((n) => WARD_ABILITIES[n]).map((n) => WARD_ABILITIES[n]);
  const ward = Math.min(unit.warscroll.ward ?? 7, ...wards);
  const rendUp = (has('Master-crafted Weapons') ? 1 : 0) + (has('Honed Gear') ? 1 : 0);
  const attacksUp = has('Weapon Masters') ? 1 : 0;
  return {
    ...unit,
    warscroll: {
      ...unit.warscroll,
      ...(ward <= 6 ? { ward } : {}),
      health: unit.warscroll.health + (has('Hardy Constitution') ? 2 : 0),
      keywords: has('Unparalleled Duellist') && !unit.warscroll.keywords.includes('STRIKE-FIRST') ? [...unit.warscroll.keywords, 'STRIKE-FIRST'] : unit.warscroll.keywords,
    },
    weapons: unit.weapons.map((w) =>
      w.range !== 'melee' ? w : { ...w, ...(rendUp ? { rend: plus(w.rend === '-' ? 0 : w.rend, rendUp) } : {}), ...(attacksUp ? { attacks: plus(w.attacks, attacksUp) } : {}) },
    ),
  };
}

/** Options of {@link drawArmy}. */
export interface DrawArmyOptions {
  /** Order of Battle ids; absent = every unit. */
  readonly units?: readonly string[];
  /** The battle's points limit (ArmyComp 1.2): a selection over it is refused. */
  readonly pointsLimit?: number;
}

/** The army-format unit of an Order of Battle entry: fielded points, rank abilities and enhancements. */
function armyUnit(c: Campaign, u: CampaignUnit): RosterUnit {
  const unit = applyPassivePathAbilities(structuredClone(u.unit), u.abilities);
  const enh = c.enhancements.filter((e) => e.unit === u.id).map((e) => e.name);
  const abilityText = u.abilities.map((name, i) => {
    const rank = RANKS[i];
    const ab = u.path ? PATHS[u.path].ranks[rank].find((x) => x.name === name) : undefined;
    return { name: `${name} (${u.path ? PATHS[u.path].name : 'Path'}, ${rank})`, text: ab ? `${ab.timing}. ${ab.effect}` : '' };
  });
  const spells = [...(unit.warscroll.spells ?? []), ...u.abilities.filter((n) => ENGINE_SPELLS[n]).map((n) => ENGINE_SPELLS[n])];
  const prayers = [...(unit.warscroll.prayers ?? []), ...u.abilities.filter((n) => ENGINE_PRAYERS[n]).map((n) => ENGINE_PRAYERS[n])];
  unit.warscroll = {
    ...unit.warscroll,
    ...(spells.length ? { spells: [...new Set(spells)] } : {}),
    ...(prayers.length ? { prayers: [...new Set(prayers)] } : {}),
    abilitiesText: [...(unit.warscroll.abilitiesText ?? []), ...abilityText, ...enh.map((name) => ({ name, text: 'Enhancement (Path to Glory roster).' }))].slice(0, 100),
  };
  return {
    ...unit,
    points: fieldedPoints(u),
    campaign: { unitId: u.id, renown: u.renown, rank: u.rank, path: u.path, abilities: [...u.abilities], enhancements: enh },
  };
}

/**
 * Draws the army for a Path to Glory battle. Regiments: the general (the warlord when included,
 * else the first HERO picked) leads the first with up to 4 units, each other HERO leads one with up
 * to 3, the rest are auxiliaries (ArmyComp 2.0). Refused: unknown ids, no HERO to be the general,
 * more points than `pointsLimit`.
 */
export function drawArmy(c: Campaign, o: DrawArmyOptions = {}): Ruled<RosterInput> {
  const refusals: Refusal[] = [];
  const ids = o.units ? [...new Set(o.units)] : c.units.map((u) => u.id);
  const picked: CampaignUnit[] = [];
  for (const id of ids) {
    const u = c.units.find((x) => x.id === id);
    if (!u) refusals.push({ rule: RULE.armies, message: `no unit "${id}" on the Order of Battle: all the units in your army must be drawn from it` });
    else picked.push(u);
  }
  const units = picked.map((u) => armyUnit(c, u));
  const heroes = units.filter((u) => hasKeyword(u, 'HERO'));
  const general = heroes.find((u) => u.id === c.warlord) ?? heroes[0];
  if (!general && picked.length) refusals.push({ rule: 'ArmyComp 2.0', message: 'the army needs a HERO to lead a regiment and be the general' });
  if (!picked.length && !refusals.length) refusals.push({ rule: RULE.armies, message: 'no units picked' });
  const points = picked.reduce((t, u) => t + fieldedPoints(u), 0);
  if (o.pointsLimit !== undefined && points > o.pointsLimit) refusals.push({ rule: 'ArmyComp 1.2', message: `the units picked cost ${points} points, over the points limit of ${o.pointsLimit}` });
  if (refusals.length || !general) return { ok: false, refusals };
  const leaders = [general, ...heroes.filter((h) => h !== general)];
  const others = units.filter((u) => !hasKeyword(u, 'HERO'));
  const regiments = leaders.map((h) => ({ leader: h.id, units: [] as string[] }));
  const auxiliaries: string[] = [];
  for (const u of others) {
    const reg = regiments.find((r, i) => r.units.length < (i === 0 ? 4 : 3));
    if (reg) reg.units.push(u.id);
    else auxiliaries.push(u.id);
  }
  // Regiments hold at most 5 (RosterSchema): extra HEROES become auxiliaries.
  const kept = regiments.slice(0, 5);
  for (const r of regiments.slice(5)) auxiliaries.push(r.leader, ...r.units);
  const army: RosterInput = {
    name: c.name,
    faction: c.faction,
    ...(o.pointsLimit !== undefined ? { pointsLimit: o.pointsLimit } : {}),
    general: general.id,
    regiments: kept,
    auxiliaries,
    units: units.map((u) => saveNullAsDash(u) as RosterInput['units'][number]),
    campaign: { name: c.name, warlord: c.warlord, lores: { spells: [...c.lores.spells], prayers: [...c.lores.prayers], manifestations: [...c.lores.manifestations] }, ...(c.quest ? { quest: c.quest.id } : {}), ...(c.quest?.wild !== undefined ? { wild: c.quest.wild } : {}) },
  };
  const check = parseRoster(army, 'army');
  if (!check.ok) return { ok: false, refusals: check.issues.map((i) => ({ rule: 'docs/rules-engine.md', message: `${i.path}: ${i.message}` })) };
  return { ok: true, value: army };
}
