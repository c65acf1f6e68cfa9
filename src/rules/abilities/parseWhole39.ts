/**
 * The whole-Effect readers of session 39 (sh39a), in the order `parseEffect.ts` asks them (one call there): rally
 * extras (`parseRally39.ts`), Summon casting / banishment modifiers (`parseMagic39.ts`), roll-gated choices
 * (`parseChoice39.ts`). Each returns null when the Effect is not its shape and throws NotUnderstood when it is but
 * a part is not read (the ability stays by hand). Pure; no three.
 *
 * @module
 */

import { readGatedChoice39 } from './parseChoice39';
import { readSummonRolls39 } from './parseMagic39';
import { readRally39 } from './parseRally39';
import type { AbilityEffect, AbilityPick } from './schema';

type Read = (text: string) => { resolves: AbilityEffect[] | null; picks?: AbilityPick[]; unparsed?: string };

/** The Effect read whole by one of the session-39 readers, or null (see the module). */
export function readWhole39(input: { effect: string; declare: string | null; unitNames?: readonly string[] }, passive: boolean, picks: readonly AbilityPick[], known: Iterable<string>, read: Read): { resolves: AbilityEffect[]; picks?: AbilityPick[] } | null {
  const rally = readRally39(input.effect, passive, input.declare, known, input.unitNames) ?? readSummonRolls39(input.effect, passive, input.declare);
  if (rally) return { resolves: rally };
  // A prayer's picks are made when it is answered (as session 37's choice): not read here.
  return passive || /chanting roll/i.test(input.declare ?? '') ? null : readGatedChoice39(input.effect, picks, known, read);
}
