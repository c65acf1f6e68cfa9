/**
 * The by-hand dialog's form, pure (no React): the effect kinds of the vocabulary
 * (`../shared/contract/ABILITIES.md` "The effect vocabulary") with the fields each needs, an
 * effect built from the fields a player filled in (checked with the engine's own schema,
 * {@link AbilityEffectSchema}, so the dialog never sends what the engine would not read). The
 * dialog's list shows each effect with `effectWords` (`src/game/abilityWords.ts`).
 *
 * @module
 */

import { AbilityEffectSchema, type AbilityEffect } from '../../../rules/abilities/schema';
import { DURATION_WORDS } from '../../../game/abilityWords';
import { BLESSINGS } from '../../../rules/abilities/blessings40h';
import { RUNES } from '../../../rules/abilities/runes41c';

/** A field of an effect kind: a pick from `choices`, a whole number, a dice expression ("D3", "2D6", "D6+1" or a number), text, or a roll ("4+"). */
export interface EffectField {
  key: string;
  label: string;
  type: 'choice' | 'number' | 'dice' | 'text' | 'roll';
  choices?: readonly string[];
  /** Optional fields may be left empty. */
  optional?: boolean;
  /** The value the form starts with. */
  initial: string;
}

/** An effect kind: its key in the vocabulary, a player's label, its fields, and whether it names units. */
export interface EffectKind {
  key: string;
  label: string;
  fields: readonly EffectField[];
  /** CP, VP and notes belong to the player, not to units. */
  units: boolean;
}

/** The rune field's second pick: depicted (a new instance) or one instance removed (`remove: true`). */
const RUNE_WAYS = ['depicted', 'removed'] as const;
const ROLLS = ['hit', 'wound', 'save', 'attacks', 'damage', 'rend', 'move', 'run', 'charge', 'control', 'cast', 'chant', 'unbind', 'banish'] as const;
const ATTACKS = { key: 'attacks', label: 'attacks', type: 'choice', choices: ['all', 'melee', 'ranged'], initial: 'all' } as const;

/** Every kind of the vocabulary, in the order the dialog lists them. */
export const EFFECT_KINDS: readonly EffectKind[] = [
  { key: 'modify', label: 'Add to / subtract from a roll or characteristic', units: true, fields: [{ key: 'modify', label: 'roll', type: 'choice', choices: ROLLS, initial: 'hit' }, { key: 'by', label: 'by', type: 'number', initial: '1' }, ATTACKS] },
  { key: 'set', label: 'Set a characteristic', units: true, fields: [{ key: 'set', label: 'characteristic', type: 'choice', choices: ['damage', 'attacks', 'rend', 'save', 'move', 'control'], initial: 'damage' }, { key: 'to', label: 'to', type: 'number', initial: '2' }, ATTACKS] },
  { key: 'ward', label: 'Ward', units: true, fields: [{ key: 'ward', label: 'WARD (n+)', type: 'number', initial: '5' }] },
  { key: 'reroll', label: 'Re-roll', units: true, fields: [{ key: 'reroll', label: 'roll', type: 'choice', choices: ['hit', 'wound', 'save', 'charge', 'run', 'cast', 'chant', 'any'], initial: 'hit' }, { key: 'which', label: 'which', type: 'choice', choices: ['ones', 'failed', 'any'], initial: 'ones' }, ATTACKS] },
  { key: 'mortal', label: 'Mortal damage', units: true, fields: [{ key: 'mortal', label: 'amount', type: 'dice', initial: 'D3' }, { key: 'on', label: 'on a roll of', type: 'roll', optional: true, initial: '' }] },
  { key: 'heal', label: 'Heal', units: true, fields: [{ key: 'heal', label: 'amount', type: 'dice', initial: 'D3' }] },
  { key: 'returnModels', label: 'Return slain models', units: true, fields: [{ key: 'returnModels', label: 'models', type: 'dice', initial: '1' }] },
  { key: 'move', label: 'An extra move', units: true, fields: [{ key: 'move', label: 'as a', type: 'choice', choices: ['normal', 'pileIn', 'retreat', 'charge', 'any'], initial: 'normal' }, { key: 'inches', label: 'inches', type: 'dice', initial: '3' }] },
  { key: 'strike', label: 'Strike first / last', units: true, fields: [{ key: 'strike', label: 'strike', type: 'choice', choices: ['first', 'last'], initial: 'first' }] },
  { key: 'keyword', label: 'Gain a keyword', units: true, fields: [{ key: 'keyword', label: 'keyword', type: 'text', initial: 'FLY' }] },
  { key: 'mayShootInCombat', label: 'May shoot while in combat', units: true, fields: [] },
  { key: 'mayChargeAfter', label: 'May charge after', units: true, fields: [{ key: 'mayChargeAfter', label: 'after a', type: 'choice', choices: ['run', 'retreat'], initial: 'run' }] },
  { key: 'noCommands', label: 'Cannot use commands', units: true, fields: [] },
  { key: 'destroyed', label: 'Automatically destroyed', units: true, fields: [] },
  { key: 'fightNext', label: 'Can fight immediately after this Fight', units: true, fields: [] },
  { key: 'cp', label: 'Command points', units: false, fields: [{ key: 'cp', label: 'CP', type: 'number', initial: '1' }] },
  { key: 'vp', label: 'Victory points', units: false, fields: [{ key: 'vp', label: 'VP', type: 'number', initial: '1' }] },
  { key: 'note', label: 'A note in the log (anything else)', units: false, fields: [{ key: 'note', label: 'what happens', type: 'text', initial: '' }] },
  // Session 41 (ui41): the blessing a Blessings of Khaine resolved by hand makes active (sh40h's `{blessing40h, active: true}`).
  { key: 'blessing40h', label: 'A blessing of Khaine becomes active', units: false, fields: [{ key: 'blessing40h', label: 'Blessing of', type: 'choice', choices: BLESSINGS, initial: BLESSINGS[0] }] },
  // Session 41 (ui41b): the rune a Depict Rune resolved by hand depicts (or a rune instance removed): sh41c's `{rune41c, remove?}`.
  { key: 'rune41c', label: 'A rune on the battle scripture', units: false, fields: [{ key: 'rune41c', label: 'rune', type: 'choice', choices: RUNES, initial: RUNES[0] }, { key: 'remove', label: 'is', type: 'choice', choices: RUNE_WAYS, initial: RUNE_WAYS[0] }] },
  // Session 41 (ui41b): the unit an Anointed Ritualist resolved by hand anoints (its target): sh41b's `{anointed41b: true}`.
  { key: 'anointed41b', label: 'Anointed for the rest of the battle', units: true, fields: [] },
];

/**
 * The kinds offered only where the Effect speaks of them, and first for the ability named (sessions 41, ui41 and
 * ui41b): the blessing of Khaine (sh40h), the rune of the battle scripture (sh41c: Depict Rune "Pick 1 of the following
 * runes to depict on your battle scripture"), the anointed unit (sh41b: Anointed Ritualist "The target is anointed for
 * the rest of the battle").
 */
const SPECIAL_KINDS: readonly { key: string; speaks: RegExp; firstFor: string }[] = [
  { key: 'blessing40h', speaks: /\bblessings?\b/i, firstFor: 'Blessings of Khaine' },
  { key: 'rune41c', speaks: /\bbattle scripture\b|\brunes?\b/i, firstFor: 'Depict Rune' },
  { key: 'anointed41b', speaks: /\banoint/i, firstFor: 'Anointed Ritualist' },
];

/**
 * The kinds the by-hand dialog offers for one ability (session 41, ui41 and ui41b): every kind of {@link EFFECT_KINDS},
 * but each special kind only for an ability whose Effect speaks of it, and listed first for the ability that sets it:
 * - the blessing of Khaine where the Effect speaks of blessings; first for the battle trait "Blessings of Khaine"
 *   ("Pick 1 of the following blessings that is not active. That blessing is active.");
 * - the rune of the battle scripture where it speaks of runes or the battle scripture; first for "Depict Rune" ("Pick 1
 *   of the following runes to depict on your battle scripture"), whose player names the rune picked (without it the
 *   scripture becomes unknown and nothing that counts runes applies);
 * - the anointed unit where it speaks of anointed units; first for "Anointed Ritualist" ("The target is anointed for
 *   the rest of the battle"), whose player ticks its target.
 * Returns {@link EFFECT_KINDS} itself when every special kind is offered and none is first.
 */
export function effectKindsFor(ability: { name: string; effect: string }): readonly EffectKind[] {
  const hidden = new Set(SPECIAL_KINDS.filter((k) => !k.speaks.test(ability.effect)).map((k) => k.key));
  const first = SPECIAL_KINDS.find((k) => !hidden.has(k.key) && k.firstFor === ability.name)?.key;
  if (hidden.size === 0 && first === undefined) return EFFECT_KINDS;
  const offered = EFFECT_KINDS.filter((k) => !hidden.has(k.key));
  return first === undefined ? offered : [...offered.filter((k) => k.key === first), ...offered.filter((k) => k.key !== first)];
}

/** Unit kinds with no duration (session 41, ui41b): anointed "for the rest of the battle" (the dialog hides "lasts"). */
export const NO_DURATION: ReadonlySet<string> = new Set(['anointed41b']);

/** How long an effect lasts (Core 28.1), as the dialog offers it (the words of `src/game/abilityWords.ts`); `''` = at once (no duration). */
export const DURATIONS: readonly { key: '' | 'phase' | 'turn' | 'round' | 'battle' | 'nextTurnStart'; label: string }[] = (['', 'phase', 'turn', 'round', 'nextTurnStart', 'battle'] as const).map((key) => ({ key, label: DURATION_WORDS[key] }));

/**
 * Builds one effect from the form: `kind` (an {@link EFFECT_KINDS} key), its field values (text as
 * typed), the unit ids ticked (ignored for CP, VP and notes) and a duration key. Returns the
 * effect, or an error naming the field. Numbers are whole; an empty optional field is left out.
 */
export function buildEffect(kind: string, values: Readonly<Record<string, string>>, units: readonly string[], duration: string): { ok: true; effect: AbilityEffect } | { ok: false; error: string } {
  const k = EFFECT_KINDS.find((x) => x.key === kind);
  if (!k) return { ok: false, error: `unknown effect "${kind}"` };
  const out: Record<string, unknown> = {};
  for (const f of k.fields) {
    const raw = (values[f.key] ?? f.initial).trim();
    if (raw === '') {
      if (f.optional) continue;
      return { ok: false, error: `${k.label}: fill in "${f.label}"` };
    }
    if (f.type === 'number') {
      if (!/^[+-]?\d+$/.test(raw)) return { ok: false, error: `${k.label}: "${f.label}" must be a whole number, not "${raw}"` };
      out[f.key] = Number(raw);
    } else if (f.type === 'dice') {
      out[f.key] = /^\d+$/.test(raw) ? Number(raw) : raw.toUpperCase().replace(/\s+/g, '');
    } else if (f.type === 'text' && f.key === 'keyword') {
      out[f.key] = raw.toUpperCase();
    } else out[f.key] = raw;
  }
  if (k.key === 'keyword') out.add = true;
  if (k.key === 'mayShootInCombat') out.mayShootInCombat = true;
  if (k.key === 'noCommands' || k.key === 'destroyed') out[k.key] = true; // session 37 (perm37)
  if (k.key === 'fightNext') out.fightNext = true;
  if (k.key === 'blessing40h') out.active = true; // session 41 (ui41): "That blessing is active."
  if (k.key === 'rune41c') { if (out.remove === 'removed') out.remove = true; else delete out.remove; } // session 41 (ui41b)
  if (k.key === 'anointed41b') out.anointed41b = true; // session 41 (ui41b): "for the rest of the battle" (no duration)
  if (out.attacks === 'all' && k.key !== 'modify') delete out.attacks;
  if (k.units) {
    if (units.length === 0) return { ok: false, error: `${k.label}: tick the unit(s) it applies to` };
    out.targets = [...units];
  }
  // CP, VP, notes, blessings, runes and anointing have no duration (the dialog hides the field; a value left from another kind is dropped).
  if (duration !== '' && k.units && !NO_DURATION.has(k.key)) out.duration = duration;
  const parsed = AbilityEffectSchema.safeParse(out);
  if (!parsed.success) {
    const i = parsed.error.issues[0];
    return { ok: false, error: `${k.label}: ${i.path.length ? `"${i.path.join('.')}" ` : ''}${i.message}` };
  }
  return { ok: true, effect: parsed.data };
}
