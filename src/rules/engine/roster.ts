/**
 * Army roster JSON format (ArmyComp 1.0-4.2, CmdModels 1.0-3.0, Core 26.0) with strict zod
 * schemas. {@link parseRoster} never throws: it returns the normalised roster or every problem
 * with its JSON path (`units[2].weapons[0].hit: ...`). The format is documented in
 * `docs/rules-engine.md`.
 *
 * @module
 */

import { z } from 'zod';
import { DamageWeaponSchema, keywordsMatch, zodIssues } from '../damage';
import { parseCharacteristic } from '../characteristics';
import { AbilitiesSchema } from '../abilities/schema';

/** A validation problem: JSON path and message. */
export interface RosterIssue {
  readonly path: string;
  readonly message: string;
}

const Id = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_.:/-]+$/, { error: 'ids use letters, digits and _ . : / - only' })
  .refine((s) => s !== '__proto__', { error: '"__proto__" is not a valid id' });

/** "4+", 4 → 4; "-" → null (no save). */
const SaveField = z.union([
  z.number().int().min(2).max(6),
  z.string().regex(/^[2-6]\+$/, { error: 'expected "2+".."6+" or "-"' }),
  z.literal('-'),
]).transform((v) => (v === '-' ? null : typeof v === 'number' ? v : Number(v[0])));

const WardField = z.union([
  z.number().int().min(2).max(6),
  z.string().regex(/^[2-6]\+$/, { error: 'expected "2+".."6+"' }),
]).transform((v) => (typeof v === 'number' ? v : Number(v[0])));

/** Base of a model, millimetres (Core 2.1 measures from the base). */
export const BaseSchema = z.discriminatedUnion('shape', [
  z.strictObject({ shape: z.literal('round'), diameterMm: z.number().positive().max(500) }),
  z.strictObject({
    shape: z.literal('oval'),
    lengthMm: z.number().positive().max(500),
    widthMm: z.number().positive().max(500),
  }),
  z.strictObject({
    shape: z.literal('rect'),
    lengthMm: z.number().positive().max(500),
    widthMm: z.number().positive().max(500),
  }),
]);

/** A weapon profile: the damage query's profile plus its name and range (Core 16.0, 20.0). */
export const WeaponSchema = z.strictObject({
  name: z.string().min(1).max(100),
  /** Range in inches for a ranged weapon, or "melee". */
  range: z.union([z.literal('melee'), z.number().positive().max(200)]),
  ...DamageWeaponSchema.shape,
});

/** A command-model proportion: `"n/m"` (n in every m models) or `"n"`. */
const CommandModelProportion = z.string().regex(/^[1-9]\d{0,2}(\/[1-9]\d{0,2})?$/, { error: 'a command-model proportion is "n/m" (n in every m models) or "n"' });

/** Warscroll characteristics (Core 3.0, 26.0). */
export const WarscrollSchema = z.strictObject({
  /**
   * Move in inches, or a random Move written as a dice expression (Core 26.0: `"2D6"`, `"D6+5"`,
   * a trailing `"` allowed), rolled when the unit is picked to move (`rollMove`, or the first MOVE
   * ability that needs it this turn).
   */
  move: z.union([
    z.number().min(0).max(100),
    z
      .string()
      .transform((v) => v.replace(/["”\s]|''/g, '').toUpperCase())
      .refine((v) => { const p = parseCharacteristic(v); return p.ok && p.value.kind === 'random'; }, { error: 'a random Move is a dice expression like "2D6" or "D6+5"' }),
  ]),
  /** Health of each model. */
  health: z.number().int().min(1).max(1000),
  /** Save "4+" / 4, or "-" for none (normalised to a number or null). */
  save: SaveField,
  /** Control of each model. */
  control: z.number().int().min(0).max(100),
  /** WARD (X+) (Core 18.1), normalised to a number. */
  ward: WardField.optional(),
  keywords: z.array(z.string().regex(/\S/, { error: 'keyword must not be blank' })).max(100),
  /** Coherency range in inches (Core 15.1; default 0.5). */
  coherencyRange: z.number().positive().max(12).optional(),
  /** Spells the unit knows (Magic 6.0), from the engine's spell table (`magic.ts`, e.g. "mysticShield"). */
  spells: z.array(z.string().min(1)).max(20).optional(),
  /** Prayers the unit knows (Magic 6.0), from the engine's prayer table (`magic.ts`, e.g. "resurrection"). */
  prayers: z.array(z.string().min(1)).max(20).optional(),
  /**
   * Command models of the warscroll (CmdModels 1.0-3.0): `"n/m"` = n in every m models (e.g.
   * CHAMPION (1/10) → `"1/10"`), `"n"` = exactly n (plain CHAMPION → `"1"`). When given, the
   * number of flagged models must be exactly that (see {@link commandModelCount}); absent: not checked.
   */
  commandModels: z
    .strictObject({ champion: CommandModelProportion.optional(), musician: CommandModelProportion.optional(), standardBearer: CommandModelProportion.optional() })
    .optional(),
  /**
   * Abilities of the warscroll that the engine does not apply, kept as text (name and rules text)
   * so a player can read them; the army importer fills it (docs/army-import.md). No effect in play.
   */
  abilitiesText: z
    .array(z.strictObject({ name: z.string().min(1).max(200), text: z.string().max(4000) }))
    .max(100)
    .optional(),
  /** The warscroll's own abilities and those given to it (enhancements, regiment abilities), as data (ABILITIES.md). */
  abilities: AbilitiesSchema.optional(),
});

/**
 * The number of command models a unit of `models` models has for a proportion `"n/m"` (n in every
 * m models: ⌊models / m⌋ × n, so fewer than m models have none, INVENTORY §2.13 / 002 DC 22.0) or
 * `"n"` (exactly n, at most the unit size). CmdModels 1.0-3.0; worked example T-12.
 */
export function commandModelCount(proportion: string, models: number): number {
  const [n, m] = proportion.split('/').map(Number);
  return m === undefined ? Math.min(n, models) : Math.floor(models / m) * n;
}

/** Height of a deployed model whose army gives none, inches (a 32 mm infantry model, as the layout lab's `infantry` class is 1.25"). */
export const DEFAULT_MODEL_HEIGHT_INCHES = 1.25;

/** A model of a unit: its base (mm), optional height (inches), command-model flags and weapons. */
export const ModelSchema = z.strictObject({
  id: Id,
  base: BaseSchema,
  /**
   * Height of the model's volume above the underside of its base, base included, inches (as
   * SCENARIO.md's `model.height`): what a model deployed from the army (not placed by the
   * scenario) stands as for visibility. Absent: {@link DEFAULT_MODEL_HEIGHT_INCHES}.
   */
  heightInches: z.number().positive().max(50).optional(),
  champion: z.boolean().optional(),
  musician: z.boolean().optional(),
  standardBearer: z.boolean().optional(),
  /** Names of the unit's weapons this model is armed with (Core 16.0); absent = every weapon. */
  weapons: z.array(z.string().min(1)).max(50).optional(),
});

/** A unit of the roster: its warscroll, models and weapons (every model carries every weapon). */
export const UnitSchema = z.strictObject({
  id: Id,
  name: z.string().min(1).max(200),
  warscroll: WarscrollSchema,
  weapons: z.array(WeaponSchema).max(50),
  models: z.array(ModelSchema).min(1).max(200),
  points: z.number().int().min(0).max(100000).optional(),
  /**
   * Path to Glory (Ascension, docs/campaign.md): the unit's Order of Battle entry when the army was
   * drawn from a campaign (`campaign army`): its campaign id, renown, rank, Path, the rank abilities
   * chosen (names as printed) and its enhancements. Absent outside campaigns.
   */
  campaign: z
    .strictObject({
      unitId: Id,
      renown: z.number().int().min(0).max(10000),
      rank: z.enum(['Aspiring', 'Elite', 'Mighty', 'Legendary']).nullable(),
      path: z.enum(['warrior', 'leader', 'mage', 'devout', 'defender', 'attacker']).nullable(),
      abilities: z.array(z.string().min(1).max(100)).max(4),
      enhancements: z.array(z.string().min(1).max(200)).max(10),
    })
    .optional(),
});

/**
 * A manifestation the army can summon (Magic 7.0): its warscroll (a unit profile) plus the
 * banishment value (Magic 7.2) and the summoning ability of its manifestation lore (Magic 6.0:
 * every WIZARD knows the endless spells, every PRIEST the invocations): casting / chanting value
 * and "set up wholly within `range`" of the summoner".
 */
export const ManifestationSchema = z.strictObject({
  ...UnitSchema.shape,
  kind: z.enum(['endlessSpell', 'invocation']),
  banishment: z.number().int().min(2).max(13),
  summonValue: z.number().int().min(1).max(13),
  summonRange: z.number().positive().max(48),
});

/** A regiment: 1 HERO leader plus up to 3 units (4 in the general's) (ArmyComp 2.0). */
export const RegimentSchema = z.strictObject({
  leader: Id,
  units: z.array(Id).max(4),
});

/**
 * A faction terrain feature of the army (Core 10.1, Deploy Faction Terrain; Terrain 1.4 `faction`):
 * set up by the army wholly within its territory, more than 3" from every objective and other
 * terrain feature. `sizeInches` is its footprint and height as a box ([x-extent, y-extent, height],
 * inches; rosters carry none, so the importer gives a default and warns); `abilities` are the
 * universal terrain abilities its warscroll gives it (Terrain 1.2).
 */
export const FactionTerrainSchema = z.strictObject({
  id: Id,
  name: z.string().min(1).max(200),
  abilities: z.array(z.enum(['cover', 'obscuring', 'impassable', 'unstable', 'placeOfPower'])).max(5).optional(),
  sizeInches: z.tuple([z.number().positive().max(24), z.number().positive().max(24), z.number().positive().max(24)]).optional(),
});

/** Footprint and height of a faction terrain feature whose army gives none, inches ([x, y, height]). */
export const DEFAULT_FACTION_TERRAIN_SIZE_INCHES: [number, number, number] = [6, 4, 3];

/** The roster file. */
export const RosterSchema = z
  .strictObject({
    name: z.string().min(1).max(200),
    faction: z.string().min(1).max(200),
    pointsLimit: z.number().int().min(0).max(100000).optional(),
    general: Id,
    regiments: z.array(RegimentSchema).min(1).max(5),
    auxiliaries: z.array(Id).max(100).default([]),
    units: z.array(UnitSchema).min(1).max(200),
    /** Manifestations the army can summon (Magic 7.0; optional, default none). */
    manifestations: z.array(ManifestationSchema).max(20).optional(),
    /** Faction terrain features the army sets up (Core 10.1; optional, default none). */
    factionTerrain: z.array(FactionTerrainSchema).max(5).optional(),
    /** The army's own abilities used by the player (battle traits, lores, formations; ABILITIES.md, Core 28.2). */
    abilities: AbilitiesSchema.optional(),
    /** Path to Glory: the campaign the army was drawn from and its lores (Ascension › Path to Glory Battles › 1; docs/campaign.md). */
    campaign: z
      .strictObject({
        name: z.string().min(1).max(200),
        warlord: Id,
        lores: z.strictObject({ spells: z.array(z.string()).max(6), prayers: z.array(z.string()).max(6), manifestations: z.array(z.string()).max(6) }),
        /** The campaign's quest when the army was drawn (Ascension › Quests): a Path to Glory battleplan carries it (Search for the Artefact). */
        quest: z.string().max(100).optional(),
        /** Harness Manifestation: the manifestation-lore spell or prayer marked 'Wild' (a Path to Glory battleplan carries it). */
        wild: z.string().min(1).max(200).optional(),
      })
      .optional(),
  })
  .superRefine((r, ctx) => {
    const issue = (path: (string | number)[], message: string) =>
      ctx.addIssue({ code: 'custom', message, path });
    const unitIndex = new Map<string, number>();
    const modelSeen = new Map<string, string>();
    r.units.forEach((u, i) => {
      if (unitIndex.has(u.id)) issue(['units', i, 'id'], `duplicate unit id "${u.id}" (also units[${unitIndex.get(u.id)}])`);
      else unitIndex.set(u.id, i);
      u.models.forEach((m, j) => {
        const prev = modelSeen.get(m.id);
        if (prev !== undefined) issue(['units', i, 'models', j, 'id'], `duplicate model id "${m.id}" (also ${prev})`);
        else modelSeen.set(m.id, `units[${i}].models[${j}]`);
      });
      const names = new Set<string>();
      u.weapons.forEach((w, j) => {
        if (names.has(w.name)) issue(['units', i, 'weapons', j, 'name'], `duplicate weapon name "${w.name}" in unit "${u.id}"`);
        names.add(w.name);
      });
      // Command-model proportions (CmdModels 1.0-3.0), when the warscroll gives them (T-12).
      const cm = u.warscroll.commandModels;
      if (cm) {
        const kinds = [
          ['champion', 'CHAMPION', 'CmdModels 1.0'],
          ['musician', 'MUSICIAN', 'CmdModels 2.0'],
          ['standardBearer', 'STANDARD BEARER', 'CmdModels 3.0'],
        ] as const;
        for (const [key, name, rule] of kinds) {
          const p = cm[key];
          if (p === undefined) continue;
          const want = commandModelCount(p, u.models.length);
          const have = u.models.filter((m) => m[key] === true).length;
          if (have !== want) {
            issue(['units', i, 'models'], `unit "${u.id}" must have exactly ${want} ${name} model(s), not ${have} (${name} (${p}) with ${u.models.length} models; ${rule})`);
          }
        }
      }
      u.models.forEach((m, j) => {
        (m.weapons ?? []).forEach((w, k) => {
          if (!names.has(w)) issue(['units', i, 'models', j, 'weapons', k], `unit "${u.id}" has no weapon named "${w}"`);
        });
      });
    });
    (r.manifestations ?? []).forEach((m, i) => {
      if (unitIndex.has(m.id)) issue(['manifestations', i, 'id'], `id "${m.id}" is also a unit id`);
      m.models.forEach((x, j) => {
        const prev = modelSeen.get(x.id);
        if (prev !== undefined) issue(['manifestations', i, 'models', j, 'id'], `duplicate model id "${x.id}" (also ${prev})`);
        else modelSeen.set(x.id, `manifestations[${i}].models[${j}]`);
      });
    });
    const isHero = (id: string) => {
      const i = unitIndex.get(id);
      return i !== undefined && r.units[i].warscroll.keywords.some((k) => keywordsMatch(k, 'HERO'));
    };
    // Where each unit is placed (regiment leader, regiment unit, auxiliary): exactly once.
    const placed = new Map<string, string>();
    const place = (id: string, path: (string | number)[], where: string) => {
      if (!unitIndex.has(id)) {
        issue(path, `unknown unit id "${id}"`);
        return;
      }
      const prev = placed.get(id);
      if (prev !== undefined) issue(path, `unit "${id}" is already in ${prev}; each unit belongs to exactly one regiment or is an auxiliary (ArmyComp 2.0)`);
      else placed.set(id, where);
    };
    r.regiments.forEach((reg, i) => {
      place(reg.leader, ['regiments', i, 'leader'], `regiments[${i}]`);
      if (unitIndex.has(reg.leader) && !isHero(reg.leader)) {
        issue(['regiments', i, 'leader'], `regiment leader "${reg.leader}" must be a HERO (ArmyComp 2.0)`);
      }
      const max = reg.leader === r.general ? 4 : 3;
      if (reg.units.length > max) {
        issue(['regiments', i, 'units'], `a regiment has at most ${max} units besides its leader (ArmyComp 2.0; 4 in the general's regiment)`);
      }
      reg.units.forEach((id, j) => place(id, ['regiments', i, 'units', j], `regiments[${i}]`));
    });
    r.auxiliaries.forEach((id, j) => place(id, ['auxiliaries', j], 'auxiliaries'));
    r.units.forEach((u, i) => {
      if (!placed.has(u.id)) issue(['units', i, 'id'], `unit "${u.id}" is in no regiment and not an auxiliary (ArmyComp 2.0)`);
    });
    if (!unitIndex.has(r.general)) issue(['general'], `unknown unit id "${r.general}"`);
    else if (!r.regiments.some((reg) => reg.leader === r.general)) {
      issue(['general'], `the general "${r.general}" must lead a regiment (ArmyComp 2.1)`);
    } else {
      const warmasters = r.units.filter((u) => u.warscroll.keywords.some((k) => keywordsMatch(k, 'WARMASTER')));
      if (warmasters.length > 0 && !warmasters.some((u) => u.id === r.general)) {
        issue(['general'], `a WARMASTER (${warmasters.map((u) => u.id).join(', ')}) must be the general (ArmyComp 2.1)`);
      }
    }
  });

/** A roster as written in a file (input of {@link parseRoster}). */
export type RosterInput = z.input<typeof RosterSchema>;
/** A validated, normalised roster (plain JSON). */
export type Roster = z.output<typeof RosterSchema>;
/** A unit of a validated roster. */
export type RosterUnit = Roster['units'][number];
/** A manifestation of a validated roster (Magic 7.0). */
export type RosterManifestation = NonNullable<Roster['manifestations']>[number];
/** A weapon of a validated roster. */
export type RosterWeapon = RosterUnit['weapons'][number];

/**
 * Points spent on the roster's units (ArmyComp 1.2), or null when a unit has no `points` (the
 * cost is then unknown).
 */
export function rosterPoints(r: Roster): number | null {
  let total = 0;
  for (const u of r.units) {
    if (u.points === undefined) return null;
    total += u.points;
  }
  return total;
}

/**
 * Underspending (ArmyComp 1.2.1): the army costs 50 or more points less than the points limit of
 * the battle, so its player gains 1 extra command point at the start of the first battle round.
 * The limit is the roster's `pointsLimit`; without a limit or with a unit of unknown cost, false.
 */
export function underspent(r: Roster): boolean {
  const spent = rosterPoints(r);
  return r.pointsLimit !== undefined && spent !== null && r.pointsLimit - spent >= 50;
}

/** Result of {@link parseRoster}. */
export type ParseRosterResult =
  | { readonly ok: true; readonly roster: Roster }
  | { readonly ok: false; readonly issues: readonly RosterIssue[] };

/**
 * Validate and normalise a roster (any JSON value). Never throws.
 * @param input The parsed JSON of a roster file.
 * @param prefix Path prefix of the issues (e.g. `players.p1.roster`).
 */
export function parseRoster(input: unknown, prefix = ''): ParseRosterResult {
  const r = RosterSchema.safeParse(input);
  if (r.success) return { ok: true, roster: r.data };
  return { ok: false, issues: zodIssues(prefix, r.error.issues as never) };
}
