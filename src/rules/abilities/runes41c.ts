/**
 * The Lumineth Realm-lords battle scripture (issue 34, session 41, sh41c; docs/abilities.md "Lumineth runes and the
 * Shrine Guardian, session 41 (sh41c)"). The battle trait Depict Rune: "Pick 1 of the following runes to depict on your
 * battle scripture. ... Each rune remains on your battle scripture for the rest of the battle or until it is removed or
 * replaced by another ability." The scripture is game state (`GameState.runes41c`: player → the instances depicted,
 * each with the battle round it was depicted in; the same rune can be depicted more than once, each an "instance"),
 * set by the effects `rune41c` (a Depict Rune resolved by hand names its rune) and `runePick41c` (Discs of the
 * Aelementiri, Realmscribe; `engine/runes41c.ts`), and read here by the abilities that only count runes:
 *
 * - "for each instance of <rune> depicted on your battle scripture" (`modify` with `perRune41c`, `passives.ts`);
 * - "While you have N or more instances of <rune> depicted on your battle scripture" (condition `runes41c`).
 *
 * "Call of the Mountains" / "Champion of the Lord Phoenix" / "Call of the Winds" (Avalenor, Lyrior, Sevireth): "While
 * a visible friendly <K> unit is wholly within 12" of this unit: You are treated as having 1 additional instance of
 * <rune> depicted on your battle scripture for the purposes of the abilities on that unit's warscroll." The count for
 * an ability of unit U adds 1 for each such ability (by name, Core 5.3: the same ability once) of a friendly unit on the
 * battlefield that U is wholly within 12" of (Core 1.1) and visible to (Core 6.0); the unit itself counts, as every aura
 * of the engine reads "within N" of this unit" (docs/interpretations.md). Their second bullet (the enhanced effects of
 * Depict Rune) belongs to Depict Rune, resolved by hand, so those three abilities stay by hand themselves.
 *
 * Known or not: each use of Depict Rune must have been resolved naming its rune (`rune41c`); a use resolved by hand
 * without it, or still waiting, leaves the scripture unknown (`scriptureKnown`), and then nothing that counts runes
 * applies (conditions fail, `perRune41c` adds nothing) and Discs / Realmscribe wait to be resolved by hand. Pure.
 *
 * @module
 */

import type { GeometryPort } from '../engine/geometryPort';
import type { GameState, PlayerId } from '../engine/state';
import { unitAbilities } from './catalog';
import { plainRulesText } from './parseTiming';

/** The five runes of Depict Rune, by the first word of their names ("Varinor, Rune of Strength"). */
export const RUNES = ['Varinor', 'Alaithi', 'Ydriliqi', 'Oreali', 'Thalari'] as const;
/** One rune. */
export type Rune = (typeof RUNES)[number];
/** Each rune's full name as the rules print it. */
export const RUNE_NAMES: Readonly<Record<Rune, string>> = {
  Varinor: 'Varinor, Rune of Strength',
  Alaithi: 'Alaithi, Rune of the Mountain',
  Ydriliqi: 'Ydriliqi, Rune of the River',
  Oreali: 'Oreali, Rune of the Wind',
  Thalari: 'Thalari, Rune of the Zenith',
};

/** "Alaithi, Rune of the Mountain", "alaithi" → "Alaithi"; null when no rune has that name. */
export function runeNamed(text: string): Rune | null {
  const t = text.trim().toLowerCase();
  return RUNES.find((r) => r.toLowerCase() === t || RUNE_NAMES[r].toLowerCase() === t) ?? null;
}

/** The name of the battle trait whose uses depict the runes. */
export const DEPICT_RUNE = 'Depict Rune';

/** One rune instance on a player's battle scripture. */
export interface RuneInstance {
  readonly rune: Rune;
  /** The battle round it was depicted in. */
  readonly round: number;
}

/** The scripture of `player` (its instances, oldest first); empty when none. */
export function scripture(s: GameState, player: PlayerId): readonly RuneInstance[] {
  return (s.runes41c?.[player]?.scripture ?? []) as readonly RuneInstance[];
}

/**
 * Does the engine know `player`'s scripture? Every use of Depict Rune (Core 5.2's record of uses) not waiting to be
 * resolved by hand must have been resolved naming its rune (the count of such resolutions,
 * `GameState.runes41c[player].named`); a use that lapsed unresolved, or was resolved without naming one, leaves it unknown.
 */
export function scriptureKnown(s: GameState, player: PlayerId): boolean {
  const uses = (s.abilities?.used ?? []).filter((u) => u.player === player && u.name === DEPICT_RUNE).length;
  // A use still waiting to be resolved by hand has depicted nothing yet (Realmscribe reacts to its declaration).
  const waiting = (s.abilities?.awaiting ?? []).filter((w) => w.player === player && w.name === DEPICT_RUNE).length;
  return uses - waiting <= (s.runes41c?.[player]?.named.length ?? 0);
}

const CALL = /^While a visible friendly ([A-Za-z' -]+?) unit is wholly within (\d+)" of this unit:\s*• You are treated as having 1 additional instance of ([A-Za-z]+), Rune of [A-Za-z ]+? depicted on your battle scripture for the purposes of the abilities on that unit's warscroll\.\s*• If that unit is picked to be the target of the 'Depict Rune' ability, you can apply the enhanced effects of that ability to that unit as if you had an instance of \3, Rune of [A-Za-z ]+? on your battle scripture\.?$/;

/** A "Call of the ..." passive read: the keyword of the units it counts for, the distance, the rune. Null otherwise. */
export function readRuneAura41c(effect: string): { keyword: string; within: number; rune: Rune } | null {
  const m = CALL.exec(plainRulesText(effect).replace(/\s+/g, ' ').replace(/ • /g, ' • '));
  if (m === null) return null;
  const rune = runeNamed(m[3]);
  return rune === null ? null : { keyword: m[1].toUpperCase(), within: Number(m[2]), rune };
}

/** The "Call of the ..." abilities of a player's units, per roster (rosters never change in a game). */
const auraCache = new WeakMap<object, { unitId: string; name: string; keyword: string; within: number; rune: Rune }[]>();
function runeAuras(s: GameState, player: PlayerId): { unitId: string; name: string; keyword: string; within: number; rune: Rune }[] {
  const roster = s.players[player].roster;
  const hit = auraCache.get(roster);
  if (hit) return hit;
  const out: { unitId: string; name: string; keyword: string; within: number; rune: Rune }[] = [];
  for (const ru of roster.units) {
    if (!Object.prototype.hasOwnProperty.call(s.units, ru.id)) continue;
    for (const a of unitAbilities(s, ru.id)) {
      if (a.timing.when !== 'passive') continue;
      const r = readRuneAura41c(a.effect);
      if (r !== null) out.push({ unitId: ru.id, name: a.name, ...r });
    }
  }
  auraCache.set(roster, out);
  return out;
}

/**
 * How many instances of `rune` the player of unit `user` has depicted, for the purposes of the abilities on `user`'s
 * warscroll (the "Call of the ..." extra instances counted, module notes); null when the scripture is not known.
 * `present`: is a unit on the battlefield (passives.ts's `present`); `hasKeyword`: the unit's keywords as the rules read them.
 */
export function runeCount41c(s: GameState, port: GeometryPort | undefined, user: string, rune: Rune, present: (id: string) => boolean, hasKeyword: (id: string, k: string) => boolean): number | null {
  const player = s.units[user]?.owner;
  if (player === undefined || !scriptureKnown(s, player)) return null;
  let n = scripture(s, player).filter((i) => i.rune === rune).length;
  const counted = new Set<string>();
  for (const a of runeAuras(s, player)) {
    if (a.rune !== rune || counted.has(a.name) || port === undefined || !present(a.unitId) || !hasKeyword(user, a.keyword)) continue;
    const near = a.unitId === user || (port.whollyWithin(user, a.unitId, a.within) && port.visible(a.unitId, user));
    if (near) {
      counted.add(a.name);
      n++;
    }
  }
  return n;
}
