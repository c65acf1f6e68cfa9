/**
 * What the page remembers about armies, in IndexedDB (its own database `sightline-armies`, so the
 * battlefield autosave's `sightline` database keeps its version): the bases and heights the player
 * confirmed, per unit name (store `bases`, the bases file's entry shape), and the recently used
 * army files (store `recent`: the file's bytes with its army's name and faction, newest first, at
 * most {@link MAX_RECENT_ARMIES}). Persistence is best-effort: a page without IndexedDB (private
 * mode) works, remembering nothing.
 *
 * @module
 */

import type { BaseEntry } from '../../army/bases';
import { KeyValueDb } from '../persist/idb';
import { rememberedTable } from './basesTable';

/** How many recently used armies are kept. */
export const MAX_RECENT_ARMIES = 5;

/** A recently used army file. */
export interface RecentArmy {
  /** The army's name (as imported). */
  readonly name: string;
  /** Its faction. */
  readonly faction: string;
  /** The file's name. */
  readonly fileName: string;
  /** The whole file, read again (with the bases remembered then) when it is picked. */
  readonly bytes: ArrayBuffer;
  /** `Date.now()` of the last use. */
  readonly usedAt: number;
}

/**
 * The key of a recent army: one entry per army (name and faction), whatever the file's name or
 * format (issue 28: a .ros, .rosz and .json export of one list were listed three times); the file
 * used last is the one kept.
 */
export function recentKey(a: Pick<RecentArmy, 'name' | 'faction'>): string {
  return `${a.name}\u0000${a.faction}`;
}

/**
 * The recent list after using `army`: it goes first (replacing an entry with the same key), the
 * list is cut to `max`.
 */
export function pushRecent(list: readonly RecentArmy[], army: RecentArmy, max = MAX_RECENT_ARMIES): RecentArmy[] {
  const k = recentKey(army);
  return [army, ...list.filter((a) => recentKey(a) !== k)].slice(0, max);
}

function isRecent(v: unknown): v is RecentArmy {
  const a = v as RecentArmy | null;
  return !!a && typeof a.name === 'string' && typeof a.faction === 'string' && typeof a.fileName === 'string' && a.bytes instanceof ArrayBuffer && typeof a.usedAt === 'number';
}

const db = new KeyValueDb('sightline-armies', 1, ['bases', 'recent']);
const BASES = 'bases';
const RECENT = 'recent';

/** The bases the player confirmed before, unit name → entry (valid entries only; {} without IndexedDB). */
export async function readRememberedBases(): Promise<Record<string, BaseEntry>> {
  try {
    const entries = await db.entries<unknown>(BASES);
    return Object.fromEntries(rememberedTable(Object.fromEntries(entries)));
  } catch (e) {
    console.warn('Sightline: remembered bases could not be read', e);
    return {};
  }
}

/** Remembers confirmed bases (unit name → entry), replacing what was remembered for those names. */
export async function rememberBases(entries: Record<string, BaseEntry>): Promise<void> {
  try {
    for (const [name, e] of Object.entries(entries)) await db.put(BASES, name, e);
  } catch (e) {
    console.warn('Sightline: bases could not be remembered', e);
  }
}

/** The recently used armies, newest first ([] without IndexedDB). */
export async function readRecentArmies(): Promise<RecentArmy[]> {
  try {
    const list = (await db.entries<unknown>(RECENT)).map(([, v]) => v).filter(isRecent);
    // Newest first, one per army (entries kept before the key was the army alone may repeat one).
    return list.sort((a, b) => b.usedAt - a.usedAt).filter((a, i, all) => all.findIndex((x) => recentKey(x) === recentKey(a)) === i).slice(0, MAX_RECENT_ARMIES);
  } catch (e) {
    console.warn('Sightline: recent armies could not be read', e);
    return [];
  }
}

/** Records a use of an army file; resolves to the new recent list (newest first). */
export async function recordRecentArmy(army: RecentArmy): Promise<RecentArmy[]> {
  const list = pushRecent(await readRecentArmies(), army);
  try {
    await db.replace(RECENT, Object.fromEntries(list.map((a) => [recentKey(a), a])));
  } catch (e) {
    console.warn('Sightline: the recent armies could not be saved', e);
  }
  return list;
}
