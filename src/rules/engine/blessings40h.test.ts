/**
 * Session 40 (sh40h; `abilities/blessings40h.ts`, `abilities/parseBlessings40h.ts`, `engine/blessings40h.ts`): the
 * Daughters of Khaine blessings as game state. The real texts (dok-001) read; fall-back twins by hand; on the kit's
 * table (p1's Gutrippaz given the DAUGHTERS OF KHAINE keyword, the Shaman not) with scripted dice, each result by hand.
 *
 * Rules: Blessings of Khaine (battle trait), Call to Murder, Fanatical Blademaster; Core 5.2 (using an ability),
 * Core 14.0 (Move), 17.0 (hit / wound rolls), 18.0 (ward), 28.1 (durations).
 */
import { describe, expect, it } from 'vitest';
import { ability, gameAtHero, play, refused, roster, tablePortAt, timing } from './abilityKit.test-helpers';
import { parseEffect } from '../abilities/parseEffect';
import { abilityWard, modified, permission } from '../abilities/passives';
import { BLESSING_EFFECTS, BLESSINGS } from '../abilities/blessings40h';
import type { Ability } from '../abilities/schema';
import type { GameState } from './state';
import type { RosterInput } from './roster';

const DOK = 'DAUGHTERS OF KHAINE';
const KW = [DOK, 'HERO', 'INFANTRY'];
const hero = timing('Your Hero Phase', 'hero', 'your');
const CALL = "Pick a blessing from the 'Blessings of Khaine' ability that is active. That blessing is no longer active. Then, pick a blessing that is not active. That blessing is now active.\n\n\nDesigner's Note: When you use this ability, you are not using the 'Blessings of Khaine' ability.";
const FB_DECLARE = 'Pick a visible friendly Daughters of Khaine unit wholly within 12" of this unit to be the target.';
const FB = "Roll a dice. On a 3+, pick a blessing from the 'Blessings of Khaine' ability that is not active. The effect of that blessing applies to the target until the start of your next turn as if it were active. If you have used the 'Blessings of Khaine' ability 3 or more times this battle, you can pick 2 blessings instead of 1.";
const BOK_DECLARE = 'You can only use this ability if you performed any blood rites this turn.';
const BOK = 'Pick 1 of the following blessings that is not active. That blessing is active. While a blessing is active, its effect applies to friendly Daughters of Khaine units. The effects of more than 1 blessing can apply to a unit at the same time.\n• Blessing of Ruthlessness: Add 1 to hit rolls for those units\' combat attacks.\n• Blessing of Hatred: Add 1 to wound rolls for those units\' combat attacks.';
const fbTiming = timing('Once Per Turn (Army), Your Hero Phase', 'hero', 'your', { per: 'turn', army: true });

const read = (declare: string | null, effect: string, t = hero) => parseEffect({ declare, effect, timing: t, knownKeywords: KW });

describe('the real texts read (dok-001); twins by hand', () => {
  it('Call to Murder: a swap of an active blessing for one not active, the 42 "A>B" pairs as its choice', () => {
    const p = read(null, CALL);
    expect(p.resolves).toEqual([{ blessingPick40h: 'swap' }]);
    expect(p.picks?.[0].kind).toBe('choice');
    expect(p.picks?.[0].choices).toHaveLength(42);
    expect(p.picks?.[0].choices).toContain('Haste>Hatred');
  });

  it('Fanatical Blademaster: the unit pick, 3+, the blessing(s) on the target until the start of your next turn, 2 after 3 uses of Blessings of Khaine', () => {
    const p = read(FB_DECLARE, FB, fbTiming);
    expect(p.resolves).toEqual([{ blessingPick40h: 'grant', targets: 'targets', duration: 'nextTurnStart', if: { roll: '3+' }, twoAfterUses: { ability: 'Blessings of Khaine', times: 3 } }]);
    expect(p.picks?.[0]).toMatchObject({ kind: 'friendlyUnit', within: 12, wholly: true, keyword: DOK });
    expect(p.picks?.[1].choices).toHaveLength(7 + 21);
  });

  it('twins: a sentence added, "for the rest of the turn", no Declare, a passive, and Blessings of Khaine itself (blood rites) stay by hand', () => {
    expect(read(null, CALL.replace('now active.', 'now active. Add 1 to the number of blood rites.')).resolves).toBeNull();
    expect(read(null, CALL.replace('is now active', 'is active for the rest of the turn')).resolves).toBeNull();
    expect(read(FB_DECLARE, FB.replace('until the start of your next turn', 'for the rest of the battle'), fbTiming).resolves).toBeNull();
    expect(read(null, FB, fbTiming).resolves).toBeNull();
    expect(read(null, CALL, timing('Passive', 'passive', 'any')).resolves).toBeNull();
    expect(read(BOK_DECLARE, BOK, timing('Once Per Turn (Army), End of Any Turn', 'endOfTurn', 'any', { per: 'turn', army: true })).resolves).toBeNull();
  });

  it('each blessing\'s effects are what the parser reads from its sentence said of this unit', () => {
    const said: Record<string, string> = {
      Ruthlessness: "Add 1 to hit rolls for this unit's combat attacks.",
      Hatred: "Add 1 to wound rolls for this unit's combat attacks.",
      Haste: 'Add 3" to this unit\'s Move characteristic.',
      Zeal: 'If this unit charged this turn, it has Ward (5+).',
      Shadow: 'Subtract 1 from hit rolls for shooting attacks that target this unit.',
      Cruelty: 'This unit can use Charge abilities even if it used a Retreat ability in the same turn. This unit can use Shoot abilities even if it used a Retreat ability in the same turn.',
      Clarity: 'Add 1 to casting rolls for this unit. Add 1 to chanting rolls for this unit.',
    };
    for (const b of BLESSINGS) {
      const p = read(null, said[b], timing('Passive', 'passive', 'any'));
      const strip = (e: object) => Object.fromEntries(Object.entries(e).filter(([k]) => k !== 'targets' && k !== 'unit').map(([k, v]) => [k, k === 'while' ? { charged: (v as { charged: boolean }).charged } : v]));
      expect(p.resolves?.map(strip), b).toEqual(BLESSING_EFFECTS[b].map(strip));
    }
  });
});

// p1's Gutrippaz are Daughters of Khaine here (the kit's Kruleboyz otherwise); the Shaman is not.
const dokBoyz = (r: RosterInput): RosterInput => ({ ...r, units: r.units.map((u) => (u.id === 'p1-boyz' ? { ...u, warscroll: { ...u.warscroll, keywords: [...u.warscroll.keywords, DOK] } } : u)) });
const port = tablePortAt({ 'p1-hero': [10, 10], 'p1-boyz': [10, 15], 'p1-gits': [2, 40], 'p2-boyz': [40, 15], 'p2-gits': [40, 25], 'p2-hero': [50, 5] });
const callToMurder = ability({ name: 'Call to Murder', timing: hero, effect: CALL, picks: read(null, CALL).picks, resolves: read(null, CALL).resolves });
const fbParsed = read(FB_DECLARE, FB, fbTiming);
const blademaster = ability({ name: 'Fanatical Blademaster', timing: fbTiming, declare: FB_DECLARE, effect: FB, picks: fbParsed.picks, resolves: fbParsed.resolves });
/** Blessings of Khaine as the engine keeps it: by hand (its Declare's blood rites), usable here in the hero phase to give it by hand. */
const bokByHand: Ability = ability({ name: 'Blessings of Khaine', timing: hero, effect: BOK });
const game = (dice: number[] = []): GameState => gameAtHero(dokBoyz(roster('p1', [blademaster], [], [callToMurder, bokByHand])), roster('p2'), port, dice);
const withBlessings = (s: GameState, b: string[]): GameState => ({ ...s, blessings: { p1: b } });
const move = (s: GameState, u: string) => modified(s, port, u, 'move').add;

describe('the blessings on the table', () => {
  it('Blessings of Khaine resolved by hand names Blessing of Haste: +3" Move for the Daughters of Khaine unit only (Gutrippaz 5 → 8), not the Shaman nor p2', () => {
    const s0 = game();
    expect(move(s0, 'p1-boyz')).toBe(0);
    const s = play(s0, port, [{ type: 'useAbility', player: 'p1', ability: 'Blessings of Khaine' }, { type: 'resolveByHand', player: 'p1', ability: 'Blessings of Khaine', effects: [{ blessing40h: 'Haste', active: true }] }]);
    expect(s.s.blessings).toEqual({ p1: ['Haste'] });
    expect(s.events.find((e) => e.type === 'blessingChanged')).toMatchObject({ player: 'p1', blessing: 'Blessing of Haste', active: true });
    expect([move(s.s, 'p1-boyz'), move(s.s, 'p1-hero'), move(s.s, 'p2-boyz')]).toEqual([3, 0, 0]);
  });

  it('Hatred and Ruthlessness: +1 to wound and hit rolls of combat attacks only; Shadow: -1 to hit for shooting attacks that target them; Zeal: Ward (5+) once charged; Cruelty: charge and shoot after a Retreat', () => {
    const s = withBlessings(game(), ['Hatred', 'Ruthlessness', 'Shadow', 'Zeal', 'Cruelty', 'Clarity']);
    expect(modified(s, port, 'p1-boyz', 'wound', { weapon: 'melee' }).add).toBe(1);
    expect(modified(s, port, 'p1-boyz', 'wound', { weapon: 'ranged' }).add).toBe(0);
    expect(modified(s, port, 'p1-boyz', 'hit', { weapon: 'melee' }).add).toBe(1);
    expect(modified(s, port, 'p1-boyz', 'hit', { weapon: 'ranged', incoming: true }).add).toBe(-1);
    expect(modified(s, port, 'p1-boyz', 'cast').add).toBe(1);
    expect(modified(s, port, 'p1-hero', 'wound', { weapon: 'melee' }).add).toBe(0);
    expect(abilityWard(s, port, 'p1-boyz')).toBeNull();
    const charged: GameState = { ...s, units: { ...s.units, 'p1-boyz': { ...s.units['p1-boyz'], turn: { ...s.units['p1-boyz'].turn, charged: true } } } };
    expect(abilityWard(charged, port, 'p1-boyz')).toBe(5);
    expect(permission(s, port, 'p1-boyz', 'chargeAfterRetreat')).not.toBeNull();
    expect(permission(s, port, 'p1-boyz', 'shootAfterRetreat')).not.toBeNull();
    expect(permission(s, port, 'p1-hero', 'chargeAfterRetreat')).toBeNull();
  });

  it('Call to Murder "Haste>Hatred" with Haste active: Haste no longer active, Hatred active (Move +0, wound +1)', () => {
    const r = play(withBlessings(game(), ['Haste']), port, [{ type: 'useAbility', player: 'p1', ability: 'Call to Murder', choice: 'Haste>Hatred' }]);
    expect(r.s.blessings).toEqual({ p1: ['Hatred'] });
    expect([move(r.s, 'p1-boyz'), modified(r.s, port, 'p1-boyz', 'wound', { weapon: 'melee' }).add]).toEqual([0, 1]);
    // Not a use of Blessings of Khaine (the designer's note): none recorded.
    expect((r.s.abilities?.used ?? []).filter((u) => u.name === 'Blessings of Khaine')).toHaveLength(0);
  });

  it('Call to Murder refused: no blessing active; "Hatred>Haste" with Hatred not active; "Haste>Hatred" with Hatred already active', () => {
    expect(refused(game(), port, { type: 'useAbility', player: 'p1', ability: 'Call to Murder', choice: 'Haste>Hatred' }).reason).toContain('no blessing of p1 is active');
    expect(refused(withBlessings(game(), ['Haste']), port, { type: 'useAbility', player: 'p1', ability: 'Call to Murder', choice: 'Hatred>Haste' }).reason).toContain('Blessing of Hatred is not active');
    expect(refused(withBlessings(game(), ['Haste', 'Hatred']), port, { type: 'useAbility', player: 'p1', ability: 'Call to Murder', choice: 'Haste>Hatred' }).reason).toContain('Blessing of Hatred is already active');
  });

  it('Fanatical Blademaster on the Gutrippaz, a 3: Haste on them until the start of p1\'s next turn (+3 in p2\'s turn, +0 in p1\'s next); a 2: nothing', () => {
    const use = { type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Fanatical Blademaster', targets: ['p1-boyz'], choice: 'Haste' } as const;
    const r = play(game([3]), port, [use]);
    expect(move(r.s, 'p1-boyz')).toBe(3);
    expect(r.s.blessings).toBeUndefined(); // the blessing itself is not active
    let s = r.s;
    while (s.active === 'p1') s = play(s, port, [{ type: 'endPhase', player: 'p1' }]).s;
    expect([s.active, move(s, 'p1-boyz')]).toEqual(['p2', 3]);
    while (s.active === 'p2') s = play(s, port, [{ type: 'endPhase', player: 'p2' }]).s;
    expect(move(s, 'p1-boyz')).toBe(3); // between the turns: still in force
    s = play(s, port, [{ type: 'chooseFirstTurn', player: s.decider, first: 'p1' }]).s;
    expect([s.round, s.active, move(s, 'p1-boyz')]).toEqual([2, 'p1', 0]);
    const miss = play(game([2]), port, [use]);
    expect(move(miss.s, 'p1-boyz')).toBe(0);
    expect(miss.events.find((e) => e.type === 'abilityEffectSkipped' && e.name === 'Fanatical Blademaster')).toMatchObject({ why: 'rolled 2, needed 3+' });
  });

  it('Fanatical Blademaster: an active blessing refused; 2 blessings refused before 3 uses of Blessings of Khaine, accepted after (one dice: a 4 gives +3" and +1 to wound)', () => {
    const use = (choice: string) => ({ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Fanatical Blademaster', targets: ['p1-boyz'], choice }) as const;
    expect(refused(withBlessings(game([4]), ['Haste']), port, use('Haste')).reason).toContain('Blessing of Haste is active');
    expect(refused(game([4]), port, use('Hatred+Haste')).reason).toContain('used 0');
    const s0 = game([4]);
    const used = { ...s0, abilities: { ...(s0.abilities ?? { active: [], awaiting: [], order: 0 }), used: [0, 1, 2].map(() => ({ player: 'p1' as const, unitId: null, ability: 'Blessings of Khaine', name: 'Blessings of Khaine', at: { round: 1, turn: 0, phase: 'hero' } })) }, blessingUses: { p1: [0, 1, 2] } } as GameState;
    const r = play(used, port, [use('Hatred+Haste')]);
    expect([move(r.s, 'p1-boyz'), modified(r.s, port, 'p1-boyz', 'wound', { weapon: 'melee' }).add, move(r.s, 'p1-hero')]).toEqual([3, 1, 0]);
  });

  it('Blessings of Khaine resolved by hand without naming its blessing: the blessings are unknown, so Call to Murder and Fanatical Blademaster wait to be resolved by hand (no dice, no refusal)', () => {
    const s = play(game([5]), port, [{ type: 'useAbility', player: 'p1', ability: 'Blessings of Khaine' }, { type: 'resolveByHand', player: 'p1', ability: 'Blessings of Khaine', effects: [] }]).s;
    const call = play(s, port, [{ type: 'useAbility', player: 'p1', ability: 'Call to Murder', choice: 'Haste>Hatred' }]);
    expect(call.events.find((e) => e.type === 'abilityAwaitsByHand')).toMatchObject({ name: 'Call to Murder' });
    expect(call.s.blessings).toBeUndefined();
    const fb = play(s, port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Fanatical Blademaster', targets: ['p1-boyz'], choice: 'Haste' }]);
    expect(fb.events.find((e) => e.type === 'abilityAwaitsByHand')).toMatchObject({ name: 'Fanatical Blademaster' });
    expect(fb.events.some((e) => e.type === 'abilityEffect')).toBe(false);
    expect(fb.s.diceScript).toEqual([5]); // no dice rolled
    expect(move(fb.s, 'p1-boyz')).toBe(0);
  });
});
