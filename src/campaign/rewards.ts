/**
 * Giving the rewards a campaign earned (issue 37 item 5; `campaign reward`, the quest log's "Rewards
 * to give"): the quests' (Ascension › Quests) and Relics of Myth's campaign reward (Ascension ›
 * Relics of Myth › Campaign Reward), kept in `pendingRewards` until a player gives them. Pure: no
 * file system, no React. Rule failures are data ({@link Refusal}), never thrown.
 *
 * What each reward gives, as the battlepack prints it:
 * - Search for the Artefact, Relics of Myth: "give 1 artefact of power to an eligible HERO on your
 *   Order of Battle" (an enhancement, `type: 'artefact'`);
 * - Rise of a Champion: "give 1 heroic trait to your Rising Champion" (`type: 'heroic-trait'`);
 * - Learn Ancient Scriptures: "pick 1 prayer ... and add it to your own prayer lore";
 * - Master Magical Lore: "pick 1 spell ... and add it to your own spell lore".
 *
 * @module
 */
import { QUESTS, RULE } from './data';
import { RELICS_REWARD } from './aftermath';
import { hasKeyword, type Refusal, type Ruled } from './roster';
import { CampaignSchema, issueLines, type Campaign } from './schema';

/** What a reward gives: an enhancement of a type to a unit, or a spell / prayer to a lore. */
export type RewardKind = 'artefact' | 'heroic-trait' | 'prayer' | 'spell';

/** A reward still to give, as `campaign show` and the quest log list it. */
export interface PendingReward {
  /** 1-based: the number `campaign reward` takes. */
  readonly n: number;
  /** The reward as recorded in `pendingRewards`. */
  readonly text: string;
  /** What it gives; null for a reward this code cannot give (written by hand or by another tool). */
  readonly kind: RewardKind | null;
  /** The rule it comes from. */
  readonly rule: string;
  /** The unit it must go to (the Rising Champion), when the reward names one. */
  readonly unit: string | null;
}

/** The rule of a reward's source. */
const RELICS_RULE = 'Ascension › Relics of Myth › Campaign Reward';

/** A recorded reward read back: its kind, rule and unit (`Rise of a Champion: ... (knight)`). */
export function readReward(text: string, n: number): PendingReward {
  if (text === RELICS_REWARD) return { n, text, kind: 'artefact', rule: RELICS_RULE, unit: null };
  const kinds: Record<string, RewardKind> = {
    'search-for-the-artefact': 'artefact',
    'rise-of-a-champion': 'heroic-trait',
    'learn-ancient-scriptures': 'prayer',
    'master-magical-lore': 'spell',
  };
  for (const [id, kind] of Object.entries(kinds)) {
    const q = QUESTS[id as keyof typeof QUESTS];
    if (!text.startsWith(`${q.name}: `)) continue;
    const unit = q.unit === 'hero' ? (/\(([^()]+)\)$/.exec(text)?.[1] ?? null) : null;
    return { n, text, kind, rule: `Ascension › Quests › ${q.name}`, unit };
  }
  return { n, text, kind: null, rule: RULE.completeQuests, unit: null };
}

/** Every reward still to give, in order. */
export function pendingRewards(c: Campaign): PendingReward[] {
  return (c.pendingRewards ?? []).map((t, i) => readReward(t, i + 1));
}

/** How a reward is given: the enhancement's or the spell's / prayer's name, the unit (enhancements), the entry to remove from a full lore. */
export interface GiveReward {
  readonly name: string;
  readonly unit?: string;
  /** A lore that holds 6 entries already: the entry removed to make room ("you must remove 1 of the existing spells or prayers"). */
  readonly replace?: string;
}

/** The units that may take an enhancement reward: HEROES that are not UNIQUE (ArmyComp 4.1) and have no enhancement of that type; the Rising Champion only for its trait. */
export function rewardUnits(c: Campaign, r: PendingReward): string[] {
  if (r.kind !== 'artefact' && r.kind !== 'heroic-trait') return [];
  return c.units.filter((u) => (r.unit === null || u.id === r.unit) && enhancementProblems(c, r, u.id).length === 0).map((u) => u.id);
}

function enhancementProblems(c: Campaign, r: PendingReward, unitId: string | undefined): Refusal[] {
  const what = r.kind === 'artefact' ? 'artefact of power' : 'heroic trait';
  if (!unitId) return [{ rule: r.rule, message: `give the ${what} to a unit (--unit UNIT_ID)` }];
  const u = c.units.find((x) => x.id === unitId);
  if (!u) return [{ rule: r.rule, message: `no unit "${unitId}" on the Order of Battle` }];
  if (r.unit !== null && unitId !== r.unit) return [{ rule: r.rule, message: `the heroic trait goes to your Rising Champion, ${c.units.find((x) => x.id === r.unit)?.name ?? r.unit}` }];
  if (!hasKeyword(u.unit, 'HERO')) return [{ rule: r.rule, message: `${u.name} is not a HERO: an ${what} goes to an eligible HERO` }];
  if (u.unique) return [{ rule: RULE.uniqueEnhancement, message: `${u.name} is UNIQUE: UNIQUE units cannot be given enhancements` }];
  const same = c.enhancements.find((e) => e.unit === unitId && e.type === r.kind);
  if (same) return [{ rule: RULE.uniqueEnhancement, message: `${u.name} already has an ${what} (${same.name}): a unit never has more than 1 enhancement of the same type` }];
  return [];
}

/**
 * Gives the `n`-th pending reward (1-based) and removes it from `pendingRewards`: an enhancement
 * (`enhancements`, with its `type`) to an eligible unit, or a spell / prayer to its lore (6 at most:
 * `replace` names the entry removed from a full lore). Refused with the rule: an unknown reward, no
 * name, an enhancement already on the Order of Battle, a unit that is not a HERO, is UNIQUE or has
 * one of that type already, not the Rising Champion for its trait, a spell or prayer already in
 * the lore, a full lore without `replace`.
 */
export function giveReward(c: Campaign, n: number, g: GiveReward): Ruled<Campaign> {
  const list = pendingRewards(c);
  const r = list[n - 1];
  if (!r) return { ok: false, refusals: [{ rule: RULE.completeQuests, message: list.length ? `no reward ${n} to give (rewards 1 to ${list.length})` : 'no reward to give' }] };
  if (r.kind === null) return { ok: false, refusals: [{ rule: r.rule, message: `reward ${n} ("${r.text}") is not one this campaign can give: remove it by hand` }] };
  const name = g.name.trim();
  if (!name) return { ok: false, refusals: [{ rule: r.rule, message: `name the ${r.kind === 'artefact' ? 'artefact of power' : r.kind === 'heroic-trait' ? 'heroic trait' : r.kind} given (--name NAME)` }] };
  const rest = (c.pendingRewards ?? []).filter((_, i) => i !== n - 1);
  let next: Campaign;
  if (r.kind === 'artefact' || r.kind === 'heroic-trait') {
    const problems = enhancementProblems(c, r, g.unit);
    if (c.enhancements.some((e) => e.name.toLowerCase() === name.toLowerCase())) problems.push({ rule: RULE.enhancements, message: `your Order of Battle cannot include the same enhancement more than once ("${name}" is there)` });
    if (problems.length) return { ok: false, refusals: problems };
    next = { ...c, enhancements: [...c.enhancements, { name, unit: g.unit as string, type: r.kind }] };
  } else {
    const key = r.kind === 'spell' ? 'spells' : 'prayers';
    let lore = [...c.lores[key]];
    if (lore.some((x) => x.toLowerCase() === name.toLowerCase())) return { ok: false, refusals: [{ rule: RULE.lores, message: `"${name}" is already in your ${r.kind} lore` }] };
    if (g.replace !== undefined) {
      const i = lore.findIndex((x) => x.toLowerCase() === g.replace!.toLowerCase());
      if (i < 0) return { ok: false, refusals: [{ rule: RULE.lores, message: `"${g.replace}" is not in your ${r.kind} lore (${lore.join(', ') || 'empty'})` }] };
      lore.splice(i, 1);
    } else if (lore.length >= 6) {
      return { ok: false, refusals: [{ rule: RULE.lores, message: `your ${r.kind} lore holds 6 already: remove 1 of them to add "${name}" (--replace NAME: ${lore.join(', ')})` }] };
    }
    lore = [...lore, name];
    next = { ...c, lores: { ...c.lores, [key]: lore } };
  }
  const { pendingRewards: _old, ...base } = next;
  const out = rest.length ? { ...base, pendingRewards: rest } : base;
  const check = CampaignSchema.safeParse(out);
  if (!check.success) return { ok: false, refusals: issueLines(check.error).map((m) => ({ rule: 'CAMPAIGN.md', message: m })) };
  return { ok: true, value: check.data };
}
