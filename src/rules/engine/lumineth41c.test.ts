/**
 * Session 41 (sh41c; `abilities/runes41c.ts`, `abilities/parseRunes41c.ts`, `abilities/parseShrine41c.ts`,
 * `engine/runes41c.ts`): the Lumineth Realm-lords battle scripture as game state, the abilities that only count or set
 * runes, and the Shrine Guardian (Enter / Exit the Shrine, the Shouty Boss of session 40 under its Lumineth name). The
 * real texts (lrl-001) read; fall-back twins by hand; on the kit's table with each result computed by hand.
 *
 * Rules: Depict Rune (battle trait), Discs of the Aelementiri, Realmscribe, Fortitude of the Earth, With the Force of a
 * Landslide, Masters of Combat, Call of the Mountains; Core 1.1 (wholly within), 5.2 (using an ability), 6.0
 * (visibility), 5.3 (the same ability once), 24.0 (set-up).
 */
import { describe, expect, it } from 'vitest';
import { ability, gameAtHero, play, readAbility, refused, roster, tablePortAt, timing, toPhase, DEFAULT_PLACEMENT, type Placement } from './abilityKit.test-helpers';
import { makeWorld } from '../../../tests/scenario/geomKit';
import { worldPort } from './worldPort';
import { parseEffect } from '../abilities/parseEffect';
import { modified } from '../abilities/passives';
import { scriptureKnown } from '../abilities/runes41c';
import type { Ability } from '../abilities/schema';
import type { GameState } from './state';
import type { RosterInput } from './roster';

const LRL = ['LUMINETH REALM-LORDS', 'ALARITH', 'VANARI', 'HURAKAN', 'INFANTRY', 'HERO', 'WIZARD'];
const passive = timing('Passive', 'passive', 'any');
const hero = timing('Your Hero Phase', 'hero', 'your');
const startOfRound = timing('Once Per Battle (Army), Start of Battle Round', 'startOfRound', 'any', { per: 'battle', army: true });
const realmscribeTiming = timing("Once Per Battle (Army), Reaction: You declared the 'Depict Rune' ability", 'reaction', 'your', { per: 'battle', army: true }, "You declared the 'Depict Rune' ability");
const read = (declare: string | null, effect: string, t = passive) => parseEffect({ declare, effect, timing: t, knownKeywords: LRL });

/** The real texts (lrl-001-all-units), as the importer gives them. */
const T = {
  fortitude: 'While you have 2 or more instances of Alaithi, Rune of the Mountain depicted on your battle scripture, this unit\'s Save characteristic is 3+.',
  landslide: (w: string) => `Add 1 to the Attacks characteristic of this unit's ${w} for each instance of Alaithi, Rune of the Mountain depicted on your battle scripture.`,
  masters: "Add 1 to the Rend characteristic of this unit's Sunmental Blades for each instance of Varinor, Rune of Strength depicted on your battle scripture.",
  guided: 'While you have 2 or more instances of Oreali, Rune of the Wind depicted on your battle scripture, add 6" to the Range characteristic of this unit\'s Windcharger Bows.',
  discsDeclare: 'You cannot use this ability in the first battle round.',
  discs: "Depict a rune of your choice on your battle scripture.\nDesigner's Note: *This allows you to have that rune depicted earlier in the battle scripture for the purposes of other abilities. Do not resolve the effect of the 'Depict Rune' ability as part of this ability.\nThere is a smaller diamond in the battle scripture diamond in the Rules Reference where you can record this extra rune.*",
  realmscribe: 'Replace 1 instance of a rune on your battle scripture with 1 of the following:\n• Varinor, Rune of Strength\n• Ydriliqi, Rune of the River\n• Alaithi, Rune of the Mountain\n• Oreali, Rune of the Wind',
  call: "While a visible friendly Alarith unit is wholly within 12\" of this unit:\n• You are treated as having 1 additional instance of Alaithi, Rune of the Mountain depicted on your battle scripture for the purposes of the abilities on that unit's warscroll.\n• If that unit is picked to be the target of the 'Depict Rune' ability, you can apply the enhanced effects of that ability to that unit as if you had an instance of Alaithi, Rune of the Mountain on your battle scripture.",
  depict: 'Pick 1 of the following runes to depict on your battle scripture. The effect and conditional enhanced effects of that rune last for the rest of the battle round. Each rune remains on your battle scripture for the rest of the battle or until it is removed or replaced by another ability.\nVarinor, Rune of Strength: Pick up to 2 friendly Lumineth Realm-lords units for each instance of this rune depicted on your battle scripture to be the targets. Add 1 to run rolls and charge rolls for each target.',
  enterDeclare: 'If this terrain feature does not have a Shrine Guardian, pick a friendly Lumineth Realm-lords Infantry Hero within 3" of it and not in combat to be the target.',
  enter: "Place the target on this terrain feature. The target is now a Shrine Guardian (see 'Shrine Guardian').",
  exit: 'If this terrain feature has a Shrine Guardian that was not placed on it this turn, set up the Shrine Guardian on the battlefield wholly within 6" of this terrain feature and not in combat. That unit is no longer a Shrine Guardian.',
};
const ALAITHI_2 = { runes41c: { rune: 'Alaithi', atLeast: 2 } };

describe('the real texts read (lrl-001); twins by hand', () => {
  it('Fortitude of the Earth: Save 3+ while 2 or more instances of Alaithi', () => {
    expect(read(null, T.fortitude).resolves).toEqual([{ set: 'save', to: 3, targets: 'self', while: ALAITHI_2 }]);
  });
  it('With the Force of a Landslide (×2) and Masters of Combat: +1 per instance of the rune to the named weapon', () => {
    for (const w of ['Firestealer Hammers', 'Stoneheart Worldhammer']) expect(read(null, T.landslide(w)).resolves).toEqual([{ modify: 'attacks', by: 1, weapon: w, targets: 'self', perRune41c: 'Alaithi' }]);
    expect(read(null, T.masters).resolves).toEqual([{ modify: 'rend', by: 1, weapon: 'Sunmental Blades', targets: 'self', perRune41c: 'Varinor' }]);
  });
  it('Discs of the Aelementiri: a rune of your choice depicted, not in the first battle round; Realmscribe: "A>B" to one of its 4 runes', () => {
    const d = read(T.discsDeclare, T.discs, startOfRound);
    expect(d.resolves).toEqual([{ runePick41c: 'depict', notFirstRound: true }]);
    expect(d.picks).toEqual([{ kind: 'choice', choices: ['Varinor', 'Alaithi', 'Ydriliqi', 'Oreali', 'Thalari'] }]);
    const r = read(null, T.realmscribe, realmscribeTiming);
    expect(r.resolves).toEqual([{ runePick41c: 'replace', runes: ['Varinor', 'Ydriliqi', 'Alaithi', 'Oreali'] }]);
    expect(r.picks?.[0].choices).toHaveLength(16); // 4 (from Thalari) + 4 × 3
    expect(r.picks?.[0].choices).toContain('Thalari>Alaithi');
    expect(r.picks?.[0].choices).not.toContain('Alaithi>Thalari');
  });
  it('Enter the Shrine / Exit the Shrine: the Shouty Boss effects under the name Shrine Guardian', () => {
    const e = read(T.enterDeclare, T.enter, hero);
    expect(e.resolves).toEqual([{ shoutyBoss: 'place', targets: 'targets', role41c: 'Shrine Guardian' }]);
    expect(e.picks).toEqual([{ kind: 'friendlyUnit', within: 3, inCombat: false, keyword: 'LUMINETH REALM-LORDS INFANTRY HERO', from: 'terrain' }]);
    expect(read(null, T.exit, timing('Your Movement Phase', 'movement', 'your')).resolves).toEqual([{ shoutyBoss: 'leave', within: 6, targets: 'self', role41c: 'Shrine Guardian' }]);
  });
  it('twins stay by hand: a condition the reader cannot check, or a wording changed', () => {
    // Guided by the Winds with a second condition on its effect ("if it charged"), or an effect the readers do not know.
    expect(read(null, T.guided.replace('Windcharger Bows.', 'Windcharger Bows if it charged this turn.')).resolves).toBeNull();
    expect(read(null, T.fortitude.replace("this unit's Save characteristic is 3+", 'this unit can fly over terrain features')).resolves).toBeNull();
    // "your opponent's battle scripture", "unique runes", a second effect after the rune clause.
    expect(read(null, T.landslide('Firestealer Hammers').replace('your battle', "your opponent's battle")).resolves).toBeNull();
    expect(read(null, T.fortitude.replace('2 or more instances of Alaithi, Rune of the Mountain', '4 or more unique runes')).resolves).toBeNull();
    expect(read(null, T.fortitude.replace('is 3+.', 'is 3+ if it is in combat.')).resolves).toBeNull();
    // Discs without its Declare (the first-round ban dropped), or in the hero phase; Realmscribe reacting to something else.
    expect(read(null, T.discs, startOfRound).resolves).toBeNull();
    expect(read(T.discsDeclare, T.discs, hero).resolves).toBeNull();
    expect(read(null, T.realmscribe, timing('Reaction: You declared a Spell ability', 'reaction', 'your', undefined, 'You declared a Spell ability')).resolves).toBeNull();
    // Depict Rune itself and Call of the Mountains (the enhanced effects of Depict Rune) stay by hand.
    expect(read(null, T.depict, startOfRound).resolves).toBeNull();
    expect(read(null, T.call).resolves).toBeNull();
    // The Shrine: "within 3"" without "not in combat"; a second sentence.
    expect(read(T.enterDeclare.replace(' and not in combat', ''), T.enter, hero).resolves).toBeNull();
    expect(read(T.enterDeclare, `${T.enter} Heal (3) the target.`, hero).resolves).toBeNull();
  });
});

// p1's Gutrippaz are ALARITH here, with Fortitude of the Earth and Landslide on their Wicked Hacka; the Shaman holds Call of the Mountains.
const fortitude = ability({ name: 'Fortitude of the Earth', timing: passive, effect: T.fortitude, resolves: read(null, T.fortitude).resolves });
const landslideText = T.landslide('Wicked Hacka');
const landslide = ability({ name: 'With the Force of a Landslide', timing: passive, effect: landslideText, resolves: read(null, landslideText).resolves });
const call = ability({ name: 'Call of the Mountains', timing: passive, effect: T.call, resolves: null });
const discsParsed = read(T.discsDeclare, T.discs, startOfRound);
const discs = ability({ name: 'Discs of the Aelementiri', timing: hero, declare: T.discsDeclare, effect: T.discs, picks: discsParsed.picks, resolves: discsParsed.resolves });
const rsParsed = read(null, T.realmscribe, realmscribeTiming);
const realmscribe = ability({ name: 'Realmscribe', timing: realmscribeTiming, effect: T.realmscribe, picks: rsParsed.picks, resolves: rsParsed.resolves });
/** Depict Rune as the engine keeps it: by hand; usable here in the hero phase to give it by hand. */
const depict: Ability = ability({ name: 'Depict Rune', timing: hero, effect: T.depict });
const alarith = (r: RosterInput, withCall: boolean): RosterInput => ({
  ...r,
  units: r.units.map((u) =>
    u.id === 'p1-boyz' ? { ...u, warscroll: { ...u.warscroll, keywords: [...u.warscroll.keywords, 'ALARITH'], abilities: [fortitude, landslide] } } : u.id === 'p1-hero' ? { ...u, warscroll: { ...u.warscroll, abilities: [discs, realmscribe, ...(withCall ? [call] : [])] } } : u,
  ),
});
// The Shaman at (10, 10) (32 mm base: radius 0.63"); the Gutrippaz in a column from (10, 15) to (10, 20.2): the far edge of
// the last base (y 20.83) is 20.83 - 10.63 = 10.2" from the Shaman's base: wholly within 12" (Core 1.1).
const near = tablePortAt({ 'p1-hero': [10, 10], 'p1-boyz': [10, 15], 'p1-gits': [2, 40] });
// The Gutrippaz from (10, 25): the far edge (y 30.83) is 20.2" from the Shaman's base: not wholly within 12".
const far = tablePortAt({ 'p1-hero': [10, 10], 'p1-boyz': [10, 25], 'p1-gits': [2, 40] });
const game = (withCall = false, port = near): GameState => gameAtHero(alarith(roster('p1', [], [], [depict]), withCall), roster('p2'), port);
const byHand = (s: GameState, port: typeof near, rune: string) =>
  play(s, port, [{ type: 'useAbility', player: 'p1', ability: 'Depict Rune' }, { type: 'resolveByHand', player: 'p1', ability: 'Depict Rune', effects: [{ rune41c: rune as 'Alaithi' }] }]);
const hacka = (s: GameState, port = near) => modified(s, port, 'p1-boyz', 'attacks', { weapon: 'melee', weaponName: 'Wicked Hacka' }).add;
const save = (s: GameState, port = near) => modified(s, port, 'p1-boyz', 'save').set;

describe('the battle scripture on the table', () => {
  it('no rune: no extra attack, no Save 3+; Depict Rune resolved by hand naming Alaithi: +1 attack for the Wicked Hacka, Save still 5+ (1 instance)', () => {
    const s0 = game();
    expect([hacka(s0), save(s0)]).toEqual([0, undefined]);
    const r = byHand(s0, near, 'Alaithi');
    expect(r.s.runes41c?.p1?.scripture).toEqual([{ rune: 'Alaithi', round: 1 }]);
    expect(r.events.find((e) => e.type === 'runeDepicted')).toMatchObject({ player: 'p1', rune: 'Alaithi', scripture: ['Alaithi'] });
    expect([hacka(r.s), save(r.s)]).toEqual([1, undefined]);
    // Other weapons and p2 unaffected.
    expect(modified(r.s, near, 'p1-boyz', 'attacks', { weapon: 'ranged', weaponName: 'Bow' }).add).toBe(0);
  });
  it('two instances of Alaithi: +2 attacks and Save 3+', () => {
    const s: GameState = { ...game(), runes41c: { p1: { scripture: [{ rune: 'Alaithi', round: 1 }, { rune: 'Alaithi', round: 1 }], named: [] } } };
    expect([hacka(s), save(s)]).toEqual([2, 3]);
    // An Oreali instance counts for neither.
    const o: GameState = { ...game(), runes41c: { p1: { scripture: [{ rune: 'Alaithi', round: 1 }, { rune: 'Oreali', round: 1 }], named: [] } } };
    expect([hacka(o), save(o)]).toEqual([1, undefined]);
  });
  it('Call of the Mountains on the Shaman: 1 instance counts as 2 for the ALARITH Gutrippaz wholly within 12" (+2, Save 3+); 20" away: 1 again', () => {
    const s = byHand(game(true), near, 'Alaithi').s;
    expect([hacka(s), save(s)]).toEqual([2, 3]);
    const f = byHand(game(true, far), far, 'Alaithi').s;
    expect([hacka(f, far), save(f, far)]).toEqual([1, undefined]);
    // No rune at all: the Call alone gives 1 (it adds to what is depicted: "1 additional instance").
    expect([hacka(game(true)), save(game(true))]).toEqual([1, undefined]);
  });
  it('unknown scripture: Depict Rune resolved by hand without naming its rune; nothing counts runes, Discs waits for by hand', () => {
    const s = play(game(), near, [{ type: 'useAbility', player: 'p1', ability: 'Depict Rune' }, { type: 'resolveByHand', player: 'p1', ability: 'Depict Rune', effects: [{ note: 'Varinor on 2 units' }] }]).s;
    expect(scriptureKnown(s, 'p1')).toBe(false);
    const withRune: GameState = { ...s, round: 2, runes41c: { p1: { scripture: [{ rune: 'Alaithi', round: 1 }, { rune: 'Alaithi', round: 1 }], named: [] } } };
    expect([hacka(withRune), save(withRune)]).toEqual([0, undefined]);
    const r = play(withRune, near, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Discs of the Aelementiri', choice: 'Alaithi' }]);
    expect(r.events.some((e) => e.type === 'abilityAwaitsByHand' && e.name === 'Discs of the Aelementiri')).toBe(true);
    expect(r.s.runes41c?.p1?.scripture).toHaveLength(2);
  });
  it('Discs of the Aelementiri: refused in battle round 1; in round 2 "Alaithi" is depicted (+1 attack)', () => {
    const s = game();
    expect(refused(s, near, { type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Discs of the Aelementiri', choice: 'Alaithi' })).toEqual({ reason: 'Discs of the Aelementiri cannot be used in the first battle round', rule: 'Discs of the Aelementiri: Declare' });
    const r = play({ ...s, round: 2 }, near, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Discs of the Aelementiri', choice: 'Alaithi' }]);
    expect(r.s.runes41c?.p1?.scripture).toEqual([{ rune: 'Alaithi', round: 2 }]);
    expect(hacka(r.s)).toBe(1);
  });
  it('Realmscribe, a reaction to Depict Rune declared: "Oreali>Alaithi" replaces the Oreali instance (Save 3+ with 2 Alaithi), then the Depict Rune resolved by hand adds its rune', () => {
    const s0: GameState = { ...game(), runes41c: { p1: { scripture: [{ rune: 'Alaithi', round: 1 }, { rune: 'Oreali', round: 1 }], named: [] } } };
    const declared = play(s0, near, [{ type: 'useAbility', player: 'p1', ability: 'Depict Rune' }]).s;
    // Depict Rune waits for by hand: the scripture is still known (nothing depicted by it yet).
    expect(scriptureKnown(declared, 'p1')).toBe(true);
    expect(refused(declared, near, { type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Realmscribe', choice: 'Varinor>Alaithi' }).reason).toBe('Realmscribe: no instance of Varinor is on the battle scripture of p1 (Alaithi, Oreali)');
    const r = play(declared, near, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Realmscribe', choice: 'Oreali>Alaithi' }]);
    expect(r.s.runes41c?.p1?.scripture).toEqual([{ rune: 'Alaithi', round: 1 }, { rune: 'Alaithi', round: 1 }]);
    expect([hacka(r.s), save(r.s)]).toEqual([2, 3]);
    const done = play(r.s, near, [{ type: 'resolveByHand', player: 'p1', ability: 'Depict Rune', effects: [{ rune41c: 'Varinor' }] }]).s;
    expect(done.runes41c?.p1).toEqual({ scripture: [{ rune: 'Alaithi', round: 1 }, { rune: 'Alaithi', round: 1 }, { rune: 'Varinor', round: 1 }], named: [expect.any(Number)] });
    expect(scriptureKnown(done, 'p1')).toBe(true);
  });
  it('a by-hand Realmscribe: one Alaithi instance removed ({rune41c, remove: true}) and Oreali depicted; a removal with no instance is skipped', () => {
    const s = byHand(game(), near, 'Alaithi').s;
    const r = play(s, near, [
      { type: 'useAbility', player: 'p1', ability: 'Depict Rune' },
      { type: 'resolveByHand', player: 'p1', ability: 'Depict Rune', effects: [{ rune41c: 'Alaithi', remove: true }, { rune41c: 'Oreali' }, { rune41c: 'Thalari', remove: true }] },
    ]);
    expect(r.s.runes41c?.p1?.scripture).toEqual([{ rune: 'Oreali', round: 1 }]);
    expect(r.events.find((e) => e.type === 'abilityEffectSkipped')).toMatchObject({ why: 'no instance of Thalari is on the battle scripture' });
    expect(hacka(r.s)).toBe(0);
  });
});

describe('Enter the Shrine then Exit the Shrine on the table (Shrine Luminor, a 6" x 4" box x 27-33, y 8-12)', () => {
  const R = 32 / 25.4 / 2;
  const COUNTS: Record<string, number> = { hero: 1, boyz: 5, gits: 3 };
  const portWith = (place: Placement) =>
    worldPort(
      makeWorld({
        units: Object.entries({ ...DEFAULT_PLACEMENT, ...place }).map(([id, at]) => ({ id, army: id.slice(0, 2), models: Array.from({ length: COUNTS[id.split('-')[1]] }, (_, i) => ({ id: `${id}-m${i + 1}`, base: { round: 32 }, pos: [at[0], at[1] + i * 1.3] as [number, number], height: 1.2 })) })),
        terrain: [{ id: 'shrine-luminor', type: 'obstacle' as const, abilities: ['cover' as const], boxes: [{ center: [30, 10] as [number, number], size: [6, 4, 3] as [number, number, number] }] }],
      }),
    );
  const kw = ['LUMINETH REALM-LORDS', 'INFANTRY', 'HERO'];
  const enter = readAbility({ name: 'Enter the Shrine', timing: hero, declare: T.enterDeclare, effect: T.enter }, kw);
  const exit = { ...readAbility({ name: 'Exit the Shrine', timing: timing('Your Movement Phase', 'movement', 'your'), declare: '', effect: T.exit }, kw), declare: null };
  const lrl = (r: RosterInput): RosterInput => ({ ...r, factionTerrain: [{ id: 'shrine-luminor', name: 'Shrine Luminor' }], abilities: [{ ...enter, id: 'shrine-luminor:enter' }, { ...exit, id: 'shrine-luminor:exit' }], units: r.units.map((u) => (u.id === 'p1-hero' ? { ...u, warscroll: { ...u.warscroll, keywords: [...u.warscroll.keywords, 'LUMINETH REALM-LORDS'] } } : u)) });
  // The Shaman 1" from the box's x = 33 edge (centre 33 + 1 + R, y 10): within 3" of the feature; p2 far away.
  const port = portWith({ 'p1-hero': [33 + 1 + R, 10] });
  it('the hero 1" from the feature becomes its Shrine Guardian, off the table; a second one refused; Exit refused in the same turn, in the words of the Shrine', () => {
    const s = gameAtHero(lrl(roster('p1')), roster('p2'), port);
    const r = play(s, port, [{ type: 'useAbility', player: 'p1', ability: 'shrine-luminor:enter', target: 'p1-hero' }]);
    expect(r.s.shoutyBoss).toEqual({ 'shrine-luminor': { unitId: 'p1-hero', round: 1, turnInRound: 0 } });
    expect(r.s.units['p1-hero'].status).toBe('removed');
    expect(refused(r.s, port, { type: 'useAbility', player: 'p1', ability: 'shrine-luminor:enter', target: 'p1-boyz' }).reason).toMatch(/already has a Shrine Guardian \("p1-hero"\)/);
    const m = toPhase(r.s, port, 'movement');
    expect(refused(m, port, { type: 'useAbility', player: 'p1', ability: 'shrine-luminor:exit' }).reason).toBe('the Shrine Guardian "p1-hero" was placed on "shrine-luminor" this turn');
    // The Gutrippaz are no LUMINETH REALM-LORDS HERO: refused by the pick.
    expect(refused(s, port, { type: 'useAbility', player: 'p1', ability: 'shrine-luminor:enter', target: 'p1-boyz' }).rule).toBe('Enter the Shrine: Declare');
  });
});

describe('Range modifiers (Lofted Shots, Scryhawks, Guided by the Winds; Core 16.0)', () => {
  const LOFTED = 'For the rest of the turn, add 6" to the Range characteristic of this unit\'s Auralan Bows but subtract 1 from hit rolls for this unit\'s shooting attacks.';
  const SCRY = 'Add 6" to the Range characteristic of this unit\'s Starshard Bolts while it is wholly within 12" of any friendly Vanari Auralan Sentinels units.';
  const shooting = timing('Your Shooting Phase', 'shooting', 'your');
  const readN = (effect: string, t = passive, names: string[] = []) => parseEffect({ declare: null, effect, timing: t, knownKeywords: LRL, unitNames: names });
  it('the real texts read', () => {
    expect(readN(LOFTED, shooting).resolves).toEqual([
      { modify: 'range', by: 6, weapon: 'Auralan Bows', targets: 'self', duration: 'turn' },
      { modify: 'hit', by: -1, attacks: 'ranged', targets: 'self', duration: 'turn' },
    ]);
    expect(readN(SCRY, passive, ['Vanari Auralan Sentinels']).resolves).toEqual([{ modify: 'range', by: 6, weapon: 'Starshard Bolts', targets: 'self', while: { within: 12, wholly: true, ofFriendlyNamed: ['Vanari Auralan Sentinels'] } }]);
    expect(read(null, T.guided).resolves).toEqual([{ modify: 'range', by: 6, weapon: 'Windcharger Bows', targets: 'self', while: { runes41c: { rune: 'Oreali', atLeast: 2 } } }]);
  });
  it('twins by hand: a warscroll the army has not, "within" for "wholly within" of an enemy, Lofted Shots in the enemy phase or with another clause', () => {
    expect(readN(SCRY, passive, []).resolves).toBeNull();
    expect(readN(SCRY.replace('any friendly', 'any enemy'), passive, ['Vanari Auralan Sentinels']).resolves).toBeNull();
    expect(readN(LOFTED, timing('Enemy Shooting Phase', 'shooting', 'enemy')).resolves).toBeNull();
    expect(readN(LOFTED.replace('shooting attacks.', 'shooting attacks if it is in combat.'), shooting).resolves).toBeNull();
  });
  // p1's Gutrippaz shoot their Bow (Range 18") at p2's Hobgrots: Gutrippaz m1 at (10, 15), Hobgrots m1 at (31.26, 15):
  // 31.26 - 10 - 2 × 0.63 = 20.0" between the bases (the other models are farther): out of 18", within 24".
  const place = { 'p1-hero': [10, 10] as [number, number], 'p1-boyz': [10, 15] as [number, number], 'p1-gits': [2, 40] as [number, number], 'p2-gits': [31.26, 15] as [number, number] };
  const scryText = 'Add 6" to the Range characteristic of this unit\'s Bow while it is wholly within 12" of any friendly Swampcalla Shaman units.';
  const scry = ability({ name: 'Scryhawks', timing: passive, effect: scryText, resolves: readN(scryText, passive, ['Swampcalla Shaman']).resolves });
  const loftedText = LOFTED.replace('Auralan Bows', 'Bow');
  const lofted = ability({ name: 'Lofted Shots', timing: shooting, effect: loftedText, resolves: readN(loftedText, shooting).resolves });
  const shootAt = (s: GameState, port: typeof near) => play(toPhase(s, port, 'shooting'), port, [{ type: 'shoot', player: 'p1', unitId: 'p1-boyz', target: 'p2-gits' }]);
  it('Scryhawks: with the Shaman near (the Gutrippaz wholly within 12" of it) the Bow reaches 24": the Hobgrots 20" away can be shot; with the Shaman 25" away: refused at 18"', () => {
    const port = tablePortAt(place);
    const s = gameAtHero(roster('p1', [], [scry]), roster('p2'), port, Array(40).fill(4));
    expect(shootAt(s, port).events.map((e) => e.type)).toEqual(['attackDeclared']);
    const farPort = tablePortAt({ ...place, 'p1-hero': [35, 40] });
    const f = toPhase(gameAtHero(roster('p1', [], [scry]), roster('p2'), farPort), farPort, 'shooting');
    expect(refused(f, farPort, { type: 'shoot', player: 'p1', unitId: 'p1-boyz', target: 'p2-gits' }).reason).toMatch(/within 18" for "Bow"/);
  });
  it('Lofted Shots used in the shooting phase: the Bow reaches 24" and -1 to hit for the turn; before it, refused at 18"', () => {
    const port = tablePortAt(place);
    const s = toPhase(gameAtHero(roster('p1', [], [lofted]), roster('p2'), port, Array(40).fill(4)), port, 'shooting');
    expect(refused(s, port, { type: 'shoot', player: 'p1', unitId: 'p1-boyz', target: 'p2-gits' }).reason).toMatch(/within 18" for "Bow"/);
    const used = play(s, port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-boyz', ability: 'Lofted Shots' }]).s;
    expect(modified(used, port, 'p1-boyz', 'hit', { weapon: 'ranged' }).add).toBe(-1);
    expect(modified(used, port, 'p1-boyz', 'hit', { weapon: 'melee' }).add).toBe(0);
    expect(play(used, port, [{ type: 'shoot', player: 'p1', unitId: 'p1-boyz', target: 'p2-gits' }]).events.map((e) => e.type)).toEqual(['attackDeclared']);
  });
});

describe('a weapon named with a one-letter misprint (Masters of Combat: "Sunmental Blades" for "Sunmetal Blade")', () => {
  it('kept for the one weapon one letter off (name or plural); two candidates, a short name or two letters off: by hand', async () => {
    const { namedWeapon } = await import('../../army/abilities');
    expect(namedWeapon('Sunmental Blades', [{ name: 'Sunmetal Blade' }])?.name).toBe('Sunmetal Blade');
    expect(namedWeapon('Sunmental Blades', [{ name: 'Sunmetal Blade' }, { name: 'Sunmental Blade' }])?.name).toBe('Sunmental Blade'); // the plural, exact
    expect(namedWeapon('Sunmental Blades', [{ name: 'Sunmetal Blade' }, { name: 'Sunmentel Blade' }])).toBeUndefined();
    expect(namedWeapon('Sunmentl Blades', [{ name: 'Sunmetal Blade' }])).toBeUndefined();
    expect(namedWeapon('Clawz', [{ name: 'Claws' }])).toBeUndefined();
  });
});

describe('Strength of Stone (no pile-in moves) and Clarity of Thought (no critical hits against the unit)', () => {
  const SOS = "For the rest of the turn:\n• Add 1 to the Rend characteristic of the target's melee weapons.\n• The target cannot make pile-in moves.";
  const SOS_DECLARE = 'Pick a friendly Alarith Stoneguard unit wholly within 12" of this unit to be the target.';
  const CLARITY = 'Until the start of your next turn, attacks that target that friendly unit cannot score critical hits (treat them as regular hits instead).';
  const CLARITY_DECLARE = 'Pick a visible friendly Lumineth Realm-lords Infantry unit wholly within 12" of this unit to be the target, then make a casting roll of 2D6.';
  const combat = timing('Once Per Turn (Army), Any Combat Phase', 'combat', 'any', { per: 'turn', army: true });
  const readU = (declare: string, effect: string, t: Ability['timing']) => parseEffect({ declare, effect, timing: t, knownKeywords: LRL, unitNames: ['Alarith Stoneguard'] });
  it('the real texts read; twins by hand', () => {
    expect(readU(SOS_DECLARE, SOS, combat).resolves).toEqual([
      { modify: 'rend', by: 1, attacks: 'melee', targets: 'targets', duration: 'turn' },
      { noPileIn41c: true, targets: 'targets', duration: 'turn' },
    ]);
    expect(readU(CLARITY_DECLARE, CLARITY, hero).resolves).toEqual([{ noCrits41c: true, targets: 'targets', duration: 'nextTurnStart' }]);
    // "cannot make pile-in moves or charge moves", "cannot score critical hits" without "(treat them as regular hits instead)", "critical wounds".
    expect(readU(SOS_DECLARE, SOS.replace('pile-in moves', 'pile-in moves or charge moves'), combat).resolves).toBeNull();
    expect(readU(CLARITY_DECLARE, CLARITY.replace(' (treat them as regular hits instead)', ''), hero).resolves).toBeNull();
    expect(readU(CLARITY_DECLARE, CLARITY.replace('critical hits', 'critical wounds'), hero).resolves).toBeNull();
  });
  it('Strength of Stone on the Gutrippaz: +1 Rend to their melee weapons; their FIGHT with a pile-in refused, without one accepted', () => {
    // Gutrippaz m1 at (29.5, 15), p2's Shaman at (31.5, 15): 2 - 1.26 = 0.74" apart (in combat); p1's Shaman at (25, 15), 5.24" from p2's.
    const port = tablePortAt({ 'p1-hero': [25, 15], 'p1-boyz': [29.5, 15], 'p2-hero': [31.5, 15] });
    const sos = ability({ name: 'Strength of Stone', timing: combat, declare: 'Pick a friendly unit wholly within 12" of this unit to be the target.', effect: SOS, ...(() => { const r = parseEffect({ declare: 'Pick a friendly unit wholly within 12" of this unit to be the target.', effect: SOS, timing: combat, knownKeywords: [] }); return { picks: r.picks, resolves: r.resolves }; })() });
    const s = toPhase(gameAtHero(roster('p1', [sos]), roster('p2'), port), port, 'combat');
    const used = play(s, port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Strength of Stone', target: 'p1-boyz' }]).s;
    expect(modified(used, port, 'p1-boyz', 'rend', { weapon: 'melee' }).add).toBe(1);
    expect(refused(used, port, { type: 'fight', player: 'p1', unitId: 'p1-boyz', target: 'p2-hero', pileIn: { paths: {} } })).toEqual({ reason: 'unit "p1-boyz" cannot make pile-in moves (Strength of Stone)', rule: 'Strength of Stone' });
    expect(play(used, port, [{ type: 'fight', player: 'p1', unitId: 'p1-boyz', target: 'p2-hero' }]).events.some((e) => e.type === 'attackDeclared')).toBe(true);
    // Without the ability the same pile-in is not refused for this reason.
    expect(() => refused(s, port, { type: 'fight', player: 'p1', unitId: 'p1-boyz', target: 'p2-hero', pileIn: { paths: {} } })).not.toThrow(/cannot make pile-in/);
  });
  it('Clarity of Thought on p2\'s Shaman: p1\'s Staff with Crit (Mortal) rolls hits 6 4 4: the 6 is a regular hit (3 wound rolls), without it a critical hit (mortal damage, 2 wound rolls)', () => {
    const port = tablePortAt({ 'p1-hero': [30, 15], 'p2-hero': [31.5, 15] });
    const crit = ability({ name: 'Crit', timing: passive, effect: '(test) Crit (Mortal) on the Staff.', resolves: [{ weaponAbility: 'crit-mortal', attacks: 'melee', targets: 'self' }] });
    const clarity = ability({ name: 'Clarity of Thought', timing: passive, effect: '(test) the spell in force on this unit.', resolves: [{ noCrits41c: true, targets: 'self' }] });
    const fight = (p2: Ability[]) => {
      const s = gameAtHero(roster('p1', [crit]), roster('p2', p2), port);
      const f = play({ ...toPhase(s, port, 'combat'), diceScript: [6, 4, 4, 3, 3, 3, 3, 2, 2, 2, 2, 2, 2] } as GameState, port, [{ type: 'fight', player: 'p1', unitId: 'p1-hero', target: 'p2-hero' }, { type: 'pass', player: 'p1' }, { type: 'pass', player: 'p2' }]);
      return f.events.find((e) => e.type === 'attacksResolved') as unknown as { hits: number[]; wounds: number[] };
    };
    const with_ = fight([clarity]);
    expect([with_.hits, with_.wounds.length]).toEqual([[6, 4, 4], 3]);
    const without = fight([]);
    expect([without.hits, without.wounds.length]).toEqual([[6, 4, 4], 2]);
  });
});

describe('Anticipated Strike: no Charge (+1 Damage) for combat attacks that target this unit if it has not charged', () => {
  const TEXT = 'If this unit has not charged this turn, ignore the effect of the Charge (+1 Damage) ability for combat attacks made by enemy units that target this unit.';
  it('reads; twins by hand ("has charged", "shooting attacks", a second sentence)', () => {
    expect(read(null, TEXT).resolves).toEqual([{ noChargeDamage41c: true, targets: 'self', while: { charged: false } }]);
    expect(read(null, TEXT.replace('has not charged', 'has charged')).resolves).toBeNull();
    expect(read(null, TEXT.replace('combat attacks', 'shooting attacks')).resolves).toBeNull();
    expect(read(null, `${TEXT} Add 1 to save rolls for this unit.`).resolves).toBeNull();
  });
  it('p1\'s Shaman charged, its Staff given Charge (+1 Damage): hits 4 4 4, wounds 3 3 3, saves 2 2 2 (Rend 1: all fail), D3 damage rolls 1 1 1 (scripted 1s): 2 each (6), but 1 each (3) against Anticipated Strike; p2 charged too: 6 again', () => {
    const port = tablePortAt({ 'p1-hero': [30, 15], 'p2-hero': [31.5, 15] });
    const chargeWeapon = ability({ name: 'Charge weapon', timing: passive, effect: '(test) Charge (+1 Damage) on the Staff.', resolves: [{ weaponAbility: 'charge-damage', attacks: 'melee', targets: 'self' }] });
    const anticipated = ability({ name: 'Anticipated Strike', timing: passive, effect: TEXT, resolves: read(null, TEXT).resolves });
    const fight = (p2: Ability[], p2Charged = false) => {
      const s = toPhase(gameAtHero(roster('p1', [chargeWeapon]), roster('p2', p2), port), port, 'combat');
      const charged = (id: string, s0: GameState): GameState => ({ ...s0, units: { ...s0.units, [id]: { ...s0.units[id], turn: { ...s0.units[id].turn, charged: true } } } });
      let s1 = charged('p1-hero', s);
      if (p2Charged) s1 = charged('p2-hero', s1);
      const f = play({ ...s1, diceScript: [4, 4, 4, 3, 3, 3, 2, 2, 2, 1, 1, 1] } as GameState, port, [{ type: 'fight', player: 'p1', unitId: 'p1-hero', target: 'p2-hero' }, { type: 'pass', player: 'p1' }, { type: 'pass', player: 'p2' }]);
      return (f.events.find((e) => e.type === 'attacksResolved') as unknown as { damage: number }).damage;
    };
    expect([fight([]), fight([anticipated]), fight([anticipated], true)]).toEqual([6, 3, 6]);
  });
});

describe('World Banner: a visible friendly unit wholly within 12" can use the Rally command in combat (Commands 2.0, Core 29.0)', () => {
  const TEXT = "While a visible friendly Lumineth Realm-lords unit is wholly within 12\" of this unit, it can use the 'Rally' command even if it is in combat.";
  it('reads; twins by hand (a keyword the army has not, "within" for "wholly within", another command)', () => {
    expect(read(null, TEXT).resolves).toEqual([{ mayRallyInCombat41c: true, targets: 'friendly', while: { within: 12, of: 'self', wholly: true, keyword: 'LUMINETH REALM-LORDS', visibleToSelf41c: true } }]);
    expect(read(null, TEXT.replace('Lumineth Realm-lords', 'Kruleboyz')).resolves).toBeNull();
    expect(read(null, TEXT.replace('is wholly within', 'is within')).resolves).toBeNull();
    expect(read(null, TEXT.replace("'Rally'", "'Redeploy'")).resolves).toBeNull();
  });
  it('the Gutrippaz in combat (m1 0.74" from p2\'s Shaman): Rally refused; with the banner on p1\'s Shaman 5" away, accepted; with the Shaman 30" away, refused', () => {
    const banner = ability({ name: 'World Banner', timing: passive, effect: TEXT.replace('Lumineth Realm-lords', 'Kruleboyz'), resolves: parseEffect({ declare: null, effect: TEXT.replace('Lumineth Realm-lords', 'Kruleboyz'), timing: passive, knownKeywords: ['KRULEBOYZ'] }).resolves });
    const at = (hero: [number, number]) => tablePortAt({ 'p1-hero': hero, 'p1-boyz': [29.5, 15], 'p2-hero': [31.5, 15] });
    const rally = { type: 'command' as const, player: 'p1' as const, command: 'rally' as const, unitId: 'p1-boyz' };
    const near5 = at([25, 12]);
    expect(refused(gameAtHero(roster('p1'), roster('p2'), near5), near5, rally).reason).toBe('unit "p1-boyz" is in combat');
    expect(play(gameAtHero(roster('p1', [banner]), roster('p2'), near5), near5, [rally]).events.some((e) => e.type === 'rallyRolls' && e.unitId === 'p1-boyz')).toBe(true);
    const far30 = at([2, 40]);
    expect(refused(gameAtHero(roster('p1', [banner]), roster('p2'), far30), far30, rally).reason).toBe('unit "p1-boyz" is in combat');
  });
});
