/**
 * The small words of the Effect reader (`parseEffect.ts`), split from it to keep it under ~700 lines (session 39):
 * the subject and possessive patterns, the roll kinds, weapon scopes, dice amounts, permission bodies, weapon-ability
 * names and the "instead" helpers (an effect's kind, whether it is gated). Pure; no three.
 *
 * @module
 */

import { fail } from './parseDeclare';
import type { AbilityEffect } from './schema';

/** The subject of a sentence ("this unit", "the target", "friendly X units"). */
export const SUBJ = `(this unit|the targets?|each target|that unit|that friendly unit|that enemy unit|the target unit|friendly [\\w' -]+?)`;
export const POSS = `(this unit|the targets?|each target|that unit|that friendly unit|the target unit)'s?`;

export const ROLL_KIND: Record<string, 'hit' | 'wound' | 'save' | 'charge' | 'run' | 'cast' | 'chant' | 'unbind' | 'banish'> = {
  hit: 'hit', wound: 'wound', save: 'save', charge: 'charge', run: 'run', casting: 'cast', chanting: 'chant', unbinding: 'unbind', banishment: 'banish',
};

export function scopeOf(word: string | undefined): 'melee' | 'ranged' | 'all' {
  const w = (word ?? '').trim().toLowerCase();
  return w === 'combat' || w === 'melee' ? 'melee' : w === 'shooting' || w === 'ranged' ? 'ranged' : 'all';
}

export function dice(x: string): number | string {
  const t = x.trim().toUpperCase().replace(/\s+/g, '');
  if (/^\d+$/.test(t)) return Number(t);
  if (/^\d*D[36]([+-]\d+)?$/.test(t)) return t;
  fail(x);
}

/** "can shoot and/or charge ... in the same turn": one permission body per kind and move named. */
export function permissionBodies(what: string, after: (string | undefined)[], extra: Record<string, unknown>): Record<string, unknown>[] {
  const kinds = what.toLowerCase() === 'shoot and/or charge' ? ['mayShootAfter', 'mayChargeAfter'] : what.toLowerCase() === 'shoot' ? ['mayShootAfter'] : ['mayChargeAfter'];
  const moves = after.filter((x): x is string => x !== undefined).map((x) => x.toLowerCase());
  return kinds.flatMap((k) => moves.map((mv) => ({ [k]: mv, ...extra })));
}

/** A weapon's name as printed ("Fortcrusha Flail"); "melee weapons" and the like are not a name. */
export function weaponName(x: string): string {
  const n = x.trim();
  if (n === '' || /\bweapons?$|^(?:melee|ranged|combat|shooting)\b|\b(?:each|for|if|while|that|which)\b/i.test(n)) fail(x);
  return n;
}

/** The frame of an effect (who, how long, when): not its kind. */
export const FRAME_KEYS = ['targets', 'duration', 'while', 'if', 'unlessCastRoll', 'visible', 'choice'];

/** An effect's kind for "instead": its vocabulary key, and which roll or characteristic it changes. */
export function effectKind(e: AbilityEffect): string {
  const r = e as Record<string, unknown>;
  const key = Object.keys(r).find((k) => !FRAME_KEYS.includes(k)) ?? '';
  return key === 'modify' || key === 'set' ? `${key}:${String(r[key])}` : key;
}

/** An effect read with nothing gating it yet (no condition, roll gate or replacement), so "instead" can frame it. */
export function ungated(e: AbilityEffect): boolean {
  return e.if === undefined && e.while === undefined && e.unlessCastRoll === undefined && !('on' in e && e.on !== undefined) && !('each' in e && e.each !== undefined);
}
