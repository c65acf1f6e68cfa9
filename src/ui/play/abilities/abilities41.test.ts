/**
 * Session 41 (ui41): the Play panel's pure parts for the blessings of Khaine (sh40h), on the engine's kit with the
 * real dok-001 texts: Call to Murder's 42 pair options (the game's own, `generalAbilityOptions`) as two short picks
 * (`pairPick41.ts`), each pick mapped to the game's action, which the engine applies; the by-hand dialog's blessing
 * (`effectForm.ts`) built, offered only where the Effect speaks of blessings, and applied by `resolveByHand`.
 */
import { describe, expect, it } from 'vitest';
import { ability, gameAtHero, play, roster, tablePortAt, timing } from '../../../rules/engine/abilityKit.test-helpers';
import { parseEffect } from '../../../rules/abilities/parseEffect';
import { reduce } from '../../../rules/engine/reduce';
import { generalAbilityOptions, unitAbilityOptions } from '../../../game/abilityOptions';
import { effectWords } from '../../../game/abilityWords';
import type { GameState } from '../../../rules/engine/state';
import type { RosterInput } from '../../../rules/engine/roster';
import { buildEffect, EFFECT_KINDS, effectKindsFor } from './effectForm';
import { choiceGroupOf, choiceParts, choiceSteps, pairGroupOf, pairPick } from './pairPick41';

const DOK = 'DAUGHTERS OF KHAINE';
const hero = timing('Your Hero Phase', 'hero', 'your');
const CALL = "Pick a blessing from the 'Blessings of Khaine' ability that is active. That blessing is no longer active. Then, pick a blessing that is not active. That blessing is now active.\n\n\nDesigner's Note: When you use this ability, you are not using the 'Blessings of Khaine' ability.";
const FB_DECLARE = 'Pick a visible friendly Daughters of Khaine unit wholly within 12" of this unit to be the target.';
const FB = "Roll a dice. On a 3+, pick a blessing from the 'Blessings of Khaine' ability that is not active. The effect of that blessing applies to the target until the start of your next turn as if it were active. If you have used the 'Blessings of Khaine' ability 3 or more times this battle, you can pick 2 blessings instead of 1.";
const BOK = 'Pick 1 of the following blessings that is not active. That blessing is active. While a blessing is active, its effect applies to friendly Daughters of Khaine units. The effects of more than 1 blessing can apply to a unit at the same time.';
const fbTiming = timing('Once Per Turn (Army), Your Hero Phase', 'hero', 'your', { per: 'turn', army: true });
const read = (declare: string | null, effect: string, t = hero) => parseEffect({ declare, effect, timing: t, knownKeywords: [DOK, 'HERO', 'INFANTRY'] });
const port = tablePortAt({ 'p1-hero': [10, 10], 'p1-boyz': [10, 15], 'p1-gits': [2, 40], 'p2-boyz': [40, 15], 'p2-gits': [40, 25], 'p2-hero': [50, 5] });
const callToMurder = ability({ name: 'Call to Murder', timing: hero, effect: CALL, picks: read(null, CALL).picks, resolves: read(null, CALL).resolves });
const fb = read(FB_DECLARE, FB, fbTiming);
const blademaster = ability({ name: 'Fanatical Blademaster', timing: fbTiming, declare: FB_DECLARE, effect: FB, picks: fb.picks, resolves: fb.resolves });
const bokByHand = ability({ name: 'Blessings of Khaine', timing: hero, effect: BOK });
const dokBoyz = (r: RosterInput): RosterInput => ({ ...r, units: r.units.map((u) => (u.id === 'p1-boyz' ? { ...u, warscroll: { ...u.warscroll, keywords: [...u.warscroll.keywords, DOK] } } : u)) });
const game = (): GameState => gameAtHero(dokBoyz(roster('p1', [blademaster], [], [callToMurder, bokByHand])), roster('p2'), port, []);

describe('Call to Murder as two short picks (pairPick41)', () => {
  const s = { ...game(), blessings: { p1: ['Haste'] } } as GameState;
  const options = generalAbilityOptions(s, port);
  const calls = options.filter((e) => e.ability.name === 'Call to Murder');

  it('the game offers 42 pair options of one ability group; each reads as that group', () => {
    expect(calls).toHaveLength(42);
    const groups = new Set(calls.map(pairGroupOf));
    expect(groups.size).toBe(1);
    expect([...groups][0]).toBe(`ability:${callToMurder.id}`);
  });

  it('first the active blessing to end (the one active: Haste), then the six to make active; the pick Haste, Hatred takes the game\'s own "Haste>Hatred" action, which the engine applies', () => {
    const all = pairPick(calls);
    expect(all.firsts).toEqual(['Ruthlessness', 'Hatred', 'Haste', 'Zeal', 'Shadow', 'Cruelty', 'Clarity']);
    const pick = pairPick(calls, (f) => (s.blessings?.p1 ?? []).includes(f));
    expect(pick.firsts).toEqual(['Haste']);
    expect(pick.seconds('Haste')).toEqual(['Ruthlessness', 'Hatred', 'Zeal', 'Shadow', 'Cruelty', 'Clarity']);
    const e = pick.entryFor('Haste', 'Hatred')!;
    expect(e.action).toEqual({ type: 'useAbility', player: 'p1', ability: callToMurder.id, choice: 'Haste>Hatred' });
    expect(pick.entryFor('Haste', 'Haste')).toBeUndefined();
    const r = reduce(s, e.action as never, port);
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.state.blessings).toEqual({ p1: ['Hatred'] });
  });

  it('no first pick the game allows (none known active): every first pick is kept, the engine then says why', () => {
    expect(pairPick(calls, () => false).firsts).toHaveLength(7);
  });

  it('not a pair: Fanatical Blademaster\'s one or two blessings ("Haste", "Haste+Hatred"), an option without a choice, one not available', () => {
    const unit = generalAbilityOptions(game(), port).filter((e) => e.ability.name !== 'Call to Murder');
    expect(unit.map(pairGroupOf).every((g) => g === null)).toBe(true);
    const withChoice = (choice: string) => ({ ...calls[0], group: `ability:x|${choice}`, action: { ...calls[0].action, choice } as typeof calls[0]['action'] });
    expect(pairGroupOf(withChoice('Haste+Hatred'))).toBeNull();
    expect(pairGroupOf({ ...calls[0], available: false })).toBeNull();
    expect(pairGroupOf(withChoice('A>'))).toBeNull();
  });
});

describe('Fanatical Blademaster as a blessing, then an optional second, then its target (choiceSteps)', () => {
  const options = unitAbilityOptions(game(), port, 'p1-hero').filter((e) => e.ability.name === 'Fanatical Blademaster' && e.available);

  it('28 options (7 blessings and 21 twos, each on the one Daughters of Khaine unit within 12"): one group; 7 first picks; after Haste, "only Haste" or one of the 6 others (either order); each choice\'s option targets the unit', () => {
    expect(options).toHaveLength(28);
    expect(new Set(options.map(choiceGroupOf))).toEqual(new Set([`ability:${blademaster.id}`]));
    expect(options.map(pairGroupOf).every((g) => g === null)).toBe(true);
    const steps = choiceSteps(options);
    expect(steps.firsts).toEqual(['Ruthlessness', 'Hatred', 'Haste', 'Zeal', 'Shadow', 'Cruelty', 'Clarity']);
    expect(steps.alone('Haste')).toBe(true);
    expect(steps.seconds('Haste')).toEqual(['Ruthlessness', 'Hatred', 'Zeal', 'Shadow', 'Cruelty', 'Clarity']);
    expect(steps.choice('Haste')).toBe('Haste');
    expect(steps.choice('Haste', 'Zeal')).toBe('Haste+Zeal');
    expect(steps.choice('Haste', 'Hatred')).toBe('Hatred+Haste'); // either order: the game's one option
    expect(steps.choice('Haste', 'Haste')).toBeUndefined();
    expect(steps.entriesOf('Hatred+Haste')).toHaveLength(1);
    const [e] = steps.entriesOf('Haste');
    expect(e.action).toEqual({ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: blademaster.id, targets: ['p1-boyz'], choice: 'Haste' });
    expect(reduce(game(), e.action as never, port).ok).toBe(true);
  });

  it('a choice is two parts only at ">" or "+" between two words without spaces (named effects stay whole)', () => {
    expect(choiceParts('Hatred>Haste')).toEqual({ first: 'Hatred', second: 'Haste', required: true });
    expect(choiceParts('Haste+Zeal')).toEqual({ first: 'Haste', second: 'Zeal', required: false });
    expect(choiceParts('Haste')).toEqual({ first: 'Haste' });
    expect(choiceParts('Add 1 to hit + wound')).toEqual({ first: 'Add 1 to hit + wound' });
    expect(choiceParts('A>B>C')).toEqual({ first: 'A>B>C' });
  });
});

describe('the by-hand dialog names the blessing of Khaine (effectForm)', () => {
  it('Blessings of Khaine resolved by hand: the blessing is the first kind offered; "Hatred" builds {blessing40h: "Hatred", active: true}, which resolveByHand applies', () => {
    const kinds = effectKindsFor({ name: 'Blessings of Khaine', effect: BOK });
    expect(kinds[0].key).toBe('blessing40h');
    expect(kinds[0].fields[0].choices).toEqual(['Ruthlessness', 'Hatred', 'Haste', 'Zeal', 'Shadow', 'Cruelty', 'Clarity']);
    const r = buildEffect('blessing40h', { blessing40h: 'Hatred' }, ['p1-hero'], 'turn');
    expect(r).toEqual({ ok: true, effect: { blessing40h: 'Hatred', active: true } }); // no units, no duration (hidden in the dialog)
    const plain = buildEffect('blessing40h', { blessing40h: 'Hatred' }, [], '');
    expect(plain).toEqual({ ok: true, effect: { blessing40h: 'Hatred', active: true } });
    if (!plain.ok) return;
    expect(effectWords(plain.effect, (id) => id)).toContain('Blessing of Hatred is now active');
    const done = play(game(), port, [{ type: 'useAbility', player: 'p1', ability: bokByHand.id }, { type: 'resolveByHand', player: 'p1', ability: bokByHand.id, effects: [plain.effect] }]);
    expect(done.s.blessings).toEqual({ p1: ['Hatred'] });
    expect(buildEffect('blessing40h', { blessing40h: 'Rage' }, [], '').ok).toBe(false);
  });

  it('offered (not first) where the Effect speaks of blessings; not offered elsewhere (Foul Elixirs)', () => {
    // Session 41 (ui41b): the rune and the anointed unit are offered only where the Effect speaks of them (abilities41b.test.ts).
    expect(effectKindsFor({ name: 'Call to Murder', effect: CALL }).map((k) => k.key)).toEqual(EFFECT_KINDS.map((k) => k.key).filter((k) => k !== 'rune41c' && k !== 'anointed41b'));
    const elixirs = effectKindsFor({ name: 'Foul Elixirs', effect: 'Roll a dice. On a 2+, add 1 to save rolls for the target for the rest of the turn.' });
    expect(elixirs.some((k) => k.key === 'blessing40h')).toBe(false);
    expect(elixirs).toHaveLength(EFFECT_KINDS.length - 3);
  });
});

describe('the picks narrowed to what the game knows (the active blessings)', () => {
  it('Fanatical Blademaster with Haste active: 6 first picks, Haste never a second; nothing allowed: every pick kept', () => {
    const options = unitAbilityOptions(game(), port, 'p1-hero').filter((e) => e.ability.name === 'Fanatical Blademaster' && e.available);
    const notActive = (b: string) => b !== 'Haste';
    const steps = choiceSteps(options, notActive, notActive);
    expect(steps.firsts).toEqual(['Ruthlessness', 'Hatred', 'Zeal', 'Shadow', 'Cruelty', 'Clarity']);
    expect(steps.seconds('Zeal')).toEqual(['Ruthlessness', 'Hatred', 'Shadow', 'Cruelty', 'Clarity']);
    expect(choiceSteps(options, () => false, () => false).seconds('Zeal')).toHaveLength(6);
  });
});
