/**
 * Shapes read in session 40 (sh40d; docs/abilities.md "Objective picks ..., session 40 (sh40d)"), asked by
 * `parseEffect.ts` before its sentence loop ({@link readWhole40d}, one insertion):
 *
 * - **An objective marked** (Ordained Quest, sce Knight-Questor / Questor Soulsworn): a Declare-less Effect "Pick an
 *   objective wholly outside friendly territory. That objective is considered by you to be questmarked." → the pick
 *   `{kind: "objective", outsideTerritory: "friendly"}` (the `useAbility` action's `objectiveId`, a contract
 *   extension) and the effect `{markObjective: "questmarked"}` (`engine/objective40.ts`). Any other wording: by hand.
 * - **A condition shared by a list** (His Will Be Done): a passive "While this unit <state>:" followed by bullets is
 *   each bullet with the same condition ("While this unit is contesting a questmarked objective, add 3 to this unit's
 *   control score." ...), read by the ordinary reader; the condition `contesting: "questmarked"` (`selfState`,
 *   parseDeclare.ts). Every bullet must read, else the whole stays by hand.
 *
 * Pure; no three.
 *
 * @module
 */

import { readEnemyAttacksInCombat40 } from './parseSob40';
import type { AbilityEffect, AbilityPick } from './schema';

type Read = (text: string) => { resolves: AbilityEffect[] | null; picks?: AbilityPick[]; unparsed?: string };

const QUEST = /^pick an objective wholly outside friendly territory\.\s*that objective is considered by you to be questmarked\.?$/i;
const WHILE_LIST = /^(while this unit [^:\n]+?):\s*\n((?:\s*[•\u2022][^\n]+\n?)+)$/i;

/** The Effect read whole by a session-40 (sh40d) reader, or null (see the module). */
export function readWhole40d(input: { effect: string; declare: string | null; knownKeywords?: Iterable<string> }, passive: boolean, read: Read): { resolves: AbilityEffect[]; picks?: AbilityPick[] } | null {
  const brawler = readEnemyAttacksInCombat40(input.effect, passive, input.declare, input.knownKeywords ?? []); // Behemoth Brawler (parseSob40.ts)
  if (brawler) return { resolves: brawler };
  const effect = input.effect.trim();
  const declare = (input.declare ?? '').trim();
  if (!passive && declare === '' && QUEST.test(effect)) {
    return { resolves: [{ markObjective: 'questmarked' }], picks: [{ kind: 'objective', outsideTerritory: 'friendly' }] };
  }
  const m = passive && declare === '' ? WHILE_LIST.exec(effect) : null;
  if (!m) return null;
  const items = m[2]
    .split(/[•\u2022]/)
    .map((x) => x.trim())
    .filter((x) => x !== '');
  if (items.length < 2) return null;
  const text = items.map((b) => `${m[1]}, ${b.charAt(0).toLowerCase()}${b.slice(1).replace(/\.?$/, '.')}`).join(' ');
  const r = read(text);
  // Each bullet one effect at least, all with the condition: anything else is left to the ordinary reader (by hand).
  if (r.resolves === null || r.picks !== undefined && r.picks.length > 0 || r.resolves.length < items.length || r.resolves.some((e) => e.while === undefined)) return null;
  return { resolves: r.resolves };
}
