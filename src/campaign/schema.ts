/**
 * The campaign file (`sightline-campaign/1`, shared/contract/CAMPAIGN.md) as a strict zod schema,
 * and {@link parseCampaign}, which never throws: every problem comes back with its JSON path.
 *
 * @module
 */
import { z } from 'zod';
import { keywordsMatch } from '../rules/damage';
import { UnitSchema } from '../rules/engine/roster';
import { PATH_IDS, QUEST_IDS, RANKS, rankFor, RESULTS } from './data';

const Id = z.string().min(1).max(100);

/** A normalised unit writes "no save" as `null`; the army format reads it as "-". */
export function saveNullAsDash(v: unknown): unknown {
  const w = (v as { warscroll?: { save?: unknown } } | null)?.warscroll;
  return w && w.save === null ? { ...(v as object), warscroll: { ...w, save: '-' } } : v;
}

/** A unit of the Order of Battle. `points` is its battle-profile points (a reinforced unit fields twice that, ArmyComp 3.3). */
export const CampaignUnitSchema = z.strictObject({
  id: Id,
  name: z.string().min(1).max(200),
  points: z.number().int().min(0).max(100000),
  unique: z.boolean(),
  reinforced: z.boolean(),
  renown: z.number().int().min(0).max(10000),
  rank: z.enum(RANKS).nullable(),
  path: z.enum(PATH_IDS).nullable(),
  /** One per rank whose ability was chosen, oldest first. */
  abilities: z.array(z.string().min(1).max(100)).max(4),
  /** Ranks gained whose ability is not chosen yet, oldest first. */
  pendingRanks: z.array(z.enum(RANKS)).max(4),
  /** The unit in Sightline's army format (docs/rules-engine.md); a save of `null` (none, as normalised) reads as "-". */
  unit: z.preprocess(saveNullAsDash, UnitSchema),
});

/** One roll of the aftermath: its dice and why it was made. */
export const RollSchema = z.strictObject({ why: z.string(), dice: z.array(z.number().int().min(1).max(6)) });

/** The record of one aftermath sequence (CAMPAIGN.md `"aftermath"`). */
export const AftermathRecordSchema = z.strictObject({
  battle: z.number().int().min(1),
  seed: z.union([z.number(), z.string()]),
  pointsLimit: z.number().int().min(0),
  result: z.enum(RESULTS),
  generalSlain: z.boolean(),
  battleplan: z.string().nullable().optional(),
  /** The game the aftermath was read from (extension): its seed and state hash; absent for an outcome entered by hand. */
  game: z.strictObject({ seed: z.string().max(200), stateHash: z.string().max(100) }).optional(),
  glory: z.strictObject({
    fought: z.number().int(),
    victory: z.number().int(),
    generalNotSlain: z.number().int(),
    total: z.number().int(),
    spent: z.number().int(),
  }),
  renown: z.array(
    z.strictObject({
      unit: Id,
      gained: z.number().int().min(0),
      rolls: z.array(z.number().int()),
      why: z.string(),
      total: z.number().int().min(0),
      ranksGained: z.array(z.enum(RANKS)),
    }),
  ),
  quest: z
    .strictObject({
      id: z.enum(QUEST_IDS),
      points: z.number().int().min(0),
      completed: z.boolean(),
      reward: z.string().nullable(),
      givenUp: z.boolean().optional(),
    })
    .nullable(),
  orderOfBattle: z.strictObject({ added: Id.nullable(), reinforced: Id.nullable(), retired: z.array(Id) }),
  /** The battleplan's campaign reward (Relics of Myth: the winner's dice + victory points, 15+ → an artefact of power); absent when none applies. */
  campaignReward: z
    .strictObject({ battleplan: z.string(), roll: z.number().int(), victoryPoints: z.number().int().min(0), total: z.number().int(), earned: z.boolean(), reward: z.string().nullable() })
    .optional(),
  rolls: z.array(RollSchema),
});

/** A lore of the roster: at most 6 spells or prayers (Ascension › Path to Glory Roster › 3 › Lores). */
const Lore = z.array(z.string().min(1).max(200)).max(6, { error: 'a lore holds no more than 6 spells and/or prayers (Ascension › Path to Glory Roster › 3 › Lores)' });

/** The campaign file. */
export const CampaignSchema = z
  .strictObject({
    format: z.literal('sightline-campaign/1'),
    name: z.string().min(1).max(200),
    faction: z.string().min(1).max(200),
    glory: z.number().int().min(0, { error: 'glory points are never negative' }),
    warlord: Id,
    units: z.array(CampaignUnitSchema).min(1).max(200),
    /**
     * The quest log (Ascension › Quests). `wild` (extension, Harness Manifestation only): the
     * manifestation-lore spell or prayer marked 'Wild', by its name (a roster manifestation's id or
     * name, or "Summon " + its name); the game counts its quest points when it is carried.
     */
    quest: z.strictObject({ id: z.enum(QUEST_IDS), points: z.number().int().min(0), unit: Id.nullable(), wild: z.string().min(1).max(200).optional() }).nullable(),
    /** `type` (extension, optional): what an enhancement given as a reward is (`artefact`, `heroic-trait`), so a unit never has 2 of a type (ArmyComp 4.1). */
    enhancements: z.array(z.strictObject({ name: z.string().min(1).max(200), unit: Id, type: z.enum(['artefact', 'heroic-trait']).optional() })).max(50),
    lores: z.strictObject({ spells: Lore, prayers: Lore, manifestations: Lore }),
    /** Rewards earned (quests, battleplans) still to be given: an artefact, a spell, a heroic trait (extension). */
    pendingRewards: z.array(z.string()).max(50).optional(),
    battles: z.array(AftermathRecordSchema),
  })
  .superRefine((c, ctx) => {
    const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    const ids = new Map<string, number>();
    c.units.forEach((u, i) => {
      if (ids.has(u.id)) issue(['units', i, 'id'], `duplicate unit id "${u.id}" (also units[${ids.get(u.id)}])`);
      ids.set(u.id, i);
      if (u.unit.id !== u.id) issue(['units', i, 'unit', 'id'], `the unit's id "${u.unit.id}" differs from its Order of Battle id "${u.id}"`);
      if (u.rank !== rankFor(u.renown)) issue(['units', i, 'rank'], `${u.renown} renown points give the rank ${rankFor(u.renown) ?? 'null'}, not ${u.rank ?? 'null'} (Ascension › The Aftermath Sequence › 2 › Paths)`);
      if (u.unique && u.renown > 0 && u.id !== c.warlord) issue(['units', i, 'renown'], 'UNIQUE units do not gain renown points (Ascension › The Aftermath Sequence › 2)');
      const ranks = u.rank === null ? 0 : RANKS.indexOf(u.rank) + 1;
      if (u.abilities.length + u.pendingRanks.length !== ranks) issue(['units', i, 'abilities'], `a unit of rank ${u.rank ?? 'none'} has ${ranks} rank abilities chosen or pending, not ${u.abilities.length + u.pendingRanks.length}`);
      if (u.abilities.length > 0 && u.path === null) issue(['units', i, 'path'], 'a unit with rank abilities follows a Path');
      const hero = u.unit.warscroll.keywords.some((k) => keywordsMatch(k, 'HERO'));
      if (u.path !== null && hero !== ['warrior', 'leader', 'mage', 'devout'].includes(u.path)) issue(['units', i, 'path'], `the ${u.path} Path is for ${hero ? 'non-HERO units' : 'HEROES'}`);
    });
    if (!ids.has(c.warlord)) issue(['warlord'], `no unit "${c.warlord}" on the Order of Battle`);
    const seen = new Set<string>();
    c.enhancements.forEach((e, i) => {
      if (!ids.has(e.unit)) issue(['enhancements', i, 'unit'], `no unit "${e.unit}" on the Order of Battle`);
      if (seen.has(e.name)) issue(['enhancements', i, 'name'], `the Order of Battle cannot include the same enhancement twice (Ascension › Path to Glory Roster › 3 › Enhancements)`);
      seen.add(e.name);
    });
    if (c.quest?.unit != null && !ids.has(c.quest.unit)) issue(['quest', 'unit'], `no unit "${c.quest.unit}" on the Order of Battle`);
    if (c.quest?.wild !== undefined && c.quest.id !== 'harness-manifestation') issue(['quest', 'wild'], `only Harness Manifestation marks a spell or prayer 'Wild' (the quest is "${c.quest.id}")`);
  });

/** A campaign file (validated). */
export type Campaign = z.output<typeof CampaignSchema>;
/** A unit of the Order of Battle. */
export type CampaignUnit = Campaign['units'][number];
/** The record of one aftermath. */
export type AftermathRecord = z.output<typeof AftermathRecordSchema>;

/** `path: message` lines of a zod error, with an optional prefix. */
export function issueLines(error: z.ZodError, prefix = ''): string[] {
  return error.issues.map((i) => `${[prefix, ...i.path.map(String)].filter(Boolean).join('.') || '(file)'}: ${i.message}`);
}

/**
 * Validates a campaign file (any parsed JSON). Never throws.
 * @returns the campaign, or every problem as `path: message`.
 */
export function parseCampaign(json: unknown): { ok: true; campaign: Campaign } | { ok: false; problems: string[] } {
  const fmt = (json as { format?: unknown } | null)?.format;
  if (fmt !== 'sightline-campaign/1') return { ok: false, problems: [`format: expected "sightline-campaign/1", got ${JSON.stringify(fmt ?? null)}`] };
  const r = CampaignSchema.safeParse(json);
  return r.success ? { ok: true, campaign: r.data } : { ok: false, problems: issueLines(r.error) };
}
