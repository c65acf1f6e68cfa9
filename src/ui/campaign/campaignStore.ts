/**
 * The current Path to Glory campaign kept in the browser between visits (IndexedDB, its own
 * database `sightline-campaign`): the campaign file, the army it was made from (offered when a unit
 * is added in an aftermath) and the battle in progress. Best-effort: without IndexedDB the screen
 * works and remembers nothing. Also the campaign file's download and opening (`sightline-campaign/1`,
 * shared/contract/CAMPAIGN.md), like battlefields.
 *
 * @module
 */
import { battleplanName } from '../../campaign/battle';
import { parseCampaign, type Campaign } from '../../campaign/schema';
import type { RosterInput } from '../../rules/engine/roster';
import { KeyValueDb } from '../persist/idb';
import { downloadText } from '../proof';

/** The Path to Glory battle started from the campaign and not yet through its aftermath. */
export interface CampaignBattle {
  /** The battleplan id (one of the six). */
  readonly battleplan: string;
  /** The battleplan roll (its die) when it was rolled, null when picked. */
  readonly roll: readonly number[] | null;
  /** The points limit of the battle. */
  readonly pointsLimit: number;
  /** The opponent's army name. */
  readonly opponent: string;
  /** The player the campaign's army plays. */
  readonly player: 'p1' | 'p2';
  /** The game's seed (it tells this battle from another game in Play). */
  readonly seed: number;
  /** `Date.now()` when it started. */
  readonly startedAt: number;
  /**
   * The online room the battle is played in (Play online from the campaign screen); absent for a
   * hot-seat battle (and in campaigns kept before online play).
   */
  readonly online?: CampaignOnlineBattle;
}

/** Where an online campaign battle is played: its room on the game server and the campaign's seat. */
export interface CampaignOnlineBattle {
  readonly roomId: string;
  /** The game server, `ws://host:port`. */
  readonly server: string;
  /** The seat the campaign's army plays (p1: the page that created the room). */
  readonly seat: 'p1' | 'p2';
}

/**
 * Whether a game Play shows may be the campaign's battle in progress: an online battle in its
 * room from the campaign's seat (`roomId`, `seat` of the page's online game), a hot-seat battle
 * only in a hot-seat game (`roomId` null). The game itself is then checked (its army's campaign).
 */
export function playsCampaignBattle(battle: CampaignBattle, roomId: string | null, seat: string | null): boolean {
  if (battle.online) return roomId === battle.online.roomId && seat === battle.online.seat;
  return roomId === null;
}

/** What is kept: the campaign, the army it came from, the battle in progress. */
export interface CampaignSlot {
  readonly campaign: Campaign;
  /** The army the campaign was made from (Sightline's army format), null when opened from a file. */
  readonly army: RosterInput | null;
  readonly battle: CampaignBattle | null;
  /**
   * The campaign as last saved to a file or opened from one (its JSON), so the page knows whether
   * progress would be lost by replacing it; absent: never saved (and in slots kept before it).
   */
  readonly savedJson?: string;
}

/**
 * What replacing the kept campaign would lose (issue 37 item 4): its changes since it was last
 * saved to a file or opened from one (a campaign never saved is all unsaved), and the battle in
 * progress (never in the file). Empty when nothing would be lost.
 */
export function unsavedProgress(slot: CampaignSlot | null | undefined): string[] {
  if (!slot) return [];
  const out: string[] = [];
  const c = slot.campaign;
  if (slot.savedJson === undefined) out.push(`"${c.name}" was never saved to a file (${c.battles.length} ${c.battles.length === 1 ? 'battle' : 'battles'}, ${c.glory} glory)`);
  else if (slot.savedJson !== JSON.stringify(c)) out.push(`"${c.name}" has changes not saved to a file (${c.battles.length} ${c.battles.length === 1 ? 'battle' : 'battles'}, ${c.glory} glory)`);
  if (slot.battle) out.push(`its battle in progress (${battleplanName(slot.battle.battleplan)} against ${slot.battle.opponent}) is kept only in this browser`);
  return out;
}

const db = new KeyValueDb('sightline-campaign', 1, ['current']);
const KEY = 'slot';

/** The kept campaign (validated again: a bad one is dropped), or null. */
export async function readCampaignSlot(): Promise<CampaignSlot | null> {
  try {
    const v = await db.get<CampaignSlot>('current', KEY);
    if (!v) return null;
    const r = parseCampaign(v.campaign);
    return r.ok ? { campaign: r.campaign, army: v.army ?? null, battle: v.battle ?? null, ...(typeof v.savedJson === 'string' ? { savedJson: v.savedJson } : {}) } : null;
  } catch {
    return null;
  }
}

/** Keeps the campaign (or forgets it with null). Never rejects. */
export async function writeCampaignSlot(slot: CampaignSlot | null): Promise<void> {
  try {
    if (slot) await db.put('current', KEY, slot);
    else await db.clear('current');
  } catch (e) {
    console.warn('Sightline: the campaign could not be kept in the browser', e);
  }
}

/** The campaign's file name: its name in lower case, `-campaign.json`. */
export function campaignFilename(c: Campaign): string {
  return `${c.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'campaign'}-campaign.json`;
}

/** Downloads the campaign file. */
export function downloadCampaign(c: Campaign): void {
  downloadText(campaignFilename(c), `${JSON.stringify(c, null, 2)}\n`);
}

/** Reads a campaign file's text: the campaign, or every problem with its path (prefixed with the file's name). */
export function readCampaignText(text: string, fileName: string): { ok: true; campaign: Campaign } | { ok: false; problems: string[] } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return { ok: false, problems: [`${fileName}: not valid JSON: ${(e as Error).message}`] };
  }
  const r = parseCampaign(json);
  return r.ok ? r : { ok: false, problems: r.problems.map((p) => `${fileName}: ${p}`) };
}
