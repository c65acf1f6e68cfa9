/**
 * "This terrain feature" in a faction terrain feature's abilities (session 38, ab38a; docs/abilities.md
 * "Faction terrain, session 38 (ab38a)"). Such an ability has no unit (it is used by the player through the
 * feature, Core 28.2), so "this terrain feature" stands where "this unit" stands in a unit's ability: a Declare's
 * "... wholly within 6" of this terrain feature" (a pick measured from the feature, `from: "terrain"`) and an
 * aura's "while they are within 3" of this terrain feature" (`of: "terrain"`), resolved on the table by
 * `thisTerrain38.ts`.
 *
 * Read by putting "this unit" for "this terrain feature" and reading the text as the parser reads a unit's
 * ability, then moving every measurement onto the feature. Only when nothing else in the text needs the
 * ability's unit: a text that names "this unit" (or the caster / chanter) besides the feature, an effect on the
 * ability's own unit, a pick visible to or closest to it, a condition on its own state, a set-up measured from
 * it, or a feature-measured condition the engine would check without the feature (an `if` of an ability that
 * is used, not a passive) all stay by hand. Shapes the unit reading has no words for (an enemy aura):
 * "Enemy units cannot use commands while they are within N" of this terrain feature." (Screams of the
 * Penitent) → `{noCommands: true, targets: "enemy", while: {within: N, of: "terrain"}}`; "set it up again wholly within N"
 * of another friendly <name> and more than M" from all enemy units" (Tunnels Through Reality) → the set-up with
 * `nearOtherFeature: {within: N, name}`.
 *
 * Pure; no three.
 *
 * @module
 */

import type { AbilityCondition, AbilityEffect, AbilityPick } from './schema';
import type { EffectInput, ParsedEffect } from './parseEffect';
import { THIS_TERRAIN } from './thisTerrain38';
import { plainRulesText } from './parseTiming';

const FEATURE = /\bthis terrain feature\b/gi;

/** Does the ability's text speak of "this terrain feature"? */
export function mentionsThisTerrain(input: Pick<EffectInput, 'declare' | 'effect'>): boolean {
  return /\bthis terrain feature\b/i.test(`${input.declare ?? ''}\n${input.effect}`);
}

const byHand = (unparsed: string): ParsedEffect => ({ resolves: null, unparsed });

/** A condition measured to the feature instead of the unit, or null when it needs the ability's unit. */
function onFeature(c: AbilityCondition | undefined, passive: boolean, kind: 'while' | 'if'): AbilityCondition | undefined | null {
  if (c === undefined) return undefined;
  if (c.unit === 'self' || c.also !== undefined || c.side !== undefined || c.rollEach !== undefined || c.rollPlus !== undefined || c.friendlyNear !== undefined) return null;
  if (c.of === 'self' || (c.within !== undefined && c.of === undefined && c.ofFriendly === undefined)) {
    // An `if` of an ability that is used is checked when it resolves, without the feature: only passives and `while`.
    if (kind === 'if' && !passive) return null;
    return { ...c, of: THIS_TERRAIN };
  }
  return c;
}

/**
 * Read an ability whose text says "this terrain feature" (see the module notes). `parse`: the parser itself
 * (`parseEffect`), asked about the text with "this unit" in its place.
 */
export function parseThisTerrain(input: EffectInput, parse: (input: EffectInput) => ParsedEffect): ParsedEffect {
  const passive = input.timing.when === 'passive';
  const effect = input.effect.trim();
  // Screams of the Penitent (nh-001): an aura on the enemy units near the feature (Commands 1.2).
  const screams = /^enemy units cannot use commands while they are (wholly )?within (\d+)" of this terrain feature\.?$/i.exec(effect);
  if (screams) {
    if (!passive || (input.declare ?? '').trim() !== '') return byHand(effect);
    return { resolves: [{ noCommands: true, targets: 'enemy', while: { within: Number(screams[2]), of: THIS_TERRAIN, ...(screams[1] ? { wholly: true } : {}) } }] };
  }
  const all = `${input.declare ?? ''}\n${input.effect}`;
  const other = /\b(this unit|this model|the caster|the chanter|this hero)\b/i.exec(all);
  if (other) return byHand(other[0]);
  // Tunnels Through Reality: "set it up again wholly within 6" of another friendly Gnawhole and more than 9" from all
  // enemy units" is the plain set-up ("on the battlefield more than 9" ...") with the feature-to-feature distance on it.
  const plain = plainRulesText(input.effect);
  const tunnel = /\bset it up again wholly within (\d+)" of another friendly ([A-Z][\w' -]*?) and more than (\d+)" from all enemy units\b/i.exec(plain);
  const effectText = tunnel ? plain.replace(tunnel[0], `set it up again on the battlefield more than ${tunnel[3]}" from all enemy units`) : input.effect;
  const r = parse({ ...input, declare: input.declare === null ? null : input.declare.replace(FEATURE, 'this unit'), effect: effectText.replace(FEATURE, 'this unit') });
  if (r.resolves === null) return byHand((r.unparsed ?? '').replace(/\bthis unit\b/gi, 'this terrain feature'));
  const picks: AbilityPick[] = [];
  for (const p of r.picks ?? []) {
    if (p.visible || p.closest || p.unitIf !== undefined || p.castModifier !== undefined || p.countAt !== undefined) return byHand(input.declare ?? '(the Declare)');
    const cond = onFeature(p.cond, passive, 'while');
    if (cond === null) return byHand(input.declare ?? '(the Declare)');
    picks.push({ ...p, ...(cond !== undefined ? { cond } : {}), ...(p.within !== undefined ? { from: THIS_TERRAIN } : {}) });
  }
  const out: AbilityEffect[] = [];
  for (const e of r.resolves) {
    const t = e.targets ?? 'self';
    // The feature is no unit: an effect on "this unit" (the feature itself) is not in the vocabulary.
    if (t === 'self' || e.visible === true || ('setUp' in e && e.within !== undefined)) return byHand(effect);
    const w = onFeature(e.while, passive, 'while');
    const i = onFeature(e.if, passive, 'if');
    if (w === null || i === null) return byHand(effect);
    out.push({ ...e, targets: t, ...(w !== undefined ? { while: w } : {}), ...(i !== undefined ? { if: i } : {}) } as AbilityEffect);
  }
  if (tunnel) {
    const ups = out.filter((e) => 'setUp' in e);
    if (ups.length !== 1 || !('setUp' in ups[0]) || ups[0].setUp !== 'battlefield' || ups[0].targets !== 'targets' || ups[0].within !== undefined) return byHand(tunnel[0]);
    out[out.indexOf(ups[0])] = { ...ups[0], nearOtherFeature: { within: Number(tunnel[1]), name: tunnel[2].trim() } };
  }
  // Nothing of the unit reading may be left measured from the ability's unit.
  if (/"self"/.test(JSON.stringify([out, picks]))) return byHand(effect);
  return { resolves: out, ...(r.picks !== undefined ? { picks } : {}) };
}
