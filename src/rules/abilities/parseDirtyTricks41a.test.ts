/**
 * Reading the Kruleboyz dirty tricks (session 41, sh41a; `parseDirtyTricks41a.ts`): the real kb-001 texts and their
 * fall-back twins (a condition or wording the engine cannot check stays by hand). The engine side:
 * `engine/dirtyTricks41a.test.ts`.
 */

import { describe, expect, it } from 'vitest';
import { parseEffect } from './parseEffect';
import { parseTiming } from './parseTiming';

const KNOWN = ['KRULEBOYZ', 'INFANTRY', 'HERO', 'GUTRIPPAZ'];
const PASSIVE = parseTiming('Passive', true);
const read = (declare: string | null, effect: string, timing = parseTiming('Once Per Turn (Army), Any Combat Phase')) => parseEffect({ declare, effect, timing, knownKeywords: KNOWN });

const RULE = 'The effect of a **^^Dirty Trick^^** ability is only applied if you make a successful dirty trick roll. The success of a dirty trick roll depends on the number of **^^Dirty Trick^^** abilities your army has already used this battle round:\nFirst: 2+\nSecond: 3+\nThird: 4+\nFourth or subsequent: 5+';
const RACKET = 'Pick an enemy unit in combat with any friendly **^^Kruleboyz^^** units to be the target, then make a dirty trick roll.';
const STRIKE = 'The target has Strike-last for the rest of the turn.';
const STARE = 'Add 1 to dirty trick rolls for friendly **^^Kruleboyz^^** units wholly within 12" of this terrain feature or for enemy units within 12" of this terrain feature. If this terrain feature has a Shouty Boss, add 1 to dirty trick rolls for friendly **^^Kruleboyz^^** units wholly within 18" of this terrain feature instead of wholly within 12" or for enemy units within 18" of this terrain feature instead of within 12".';

describe('Dirty Tricks (the battle trait)', () => {
  it('the table as written: 2+, 3+, 4+, 5+', () => {
    expect(read(null, RULE, PASSIVE).resolves).toEqual([{ dirtyTrickRule41a: [2, 3, 4, 5] }]);
    expect(read(null, RULE.replace('Third: 4+', 'Third: 6+'), PASSIVE).resolves).toEqual([{ dirtyTrickRule41a: [2, 3, 6, 5] }]);
  });
  it('twins by hand: a row missing, a sentence more, not a passive', () => {
    expect(read(null, RULE.replace('\nFourth or subsequent: 5+', ''), PASSIVE).resolves).toBeNull();
    expect(read(null, `${RULE}. Each unit can be picked once per turn.`, PASSIVE).resolves).toBeNull();
    expect(read(null, RULE, parseTiming('Any Hero Phase')).resolves).toBeNull();
  });
});

describe('a Declare that makes a dirty trick roll', () => {
  it('Noisy Racket: the roll first, Strike-last on an enemy unit in combat with a KRULEBOYZ unit', () => {
    const r = read(RACKET, STRIKE);
    expect(r.resolves).toEqual([{ dirtyTrickRoll41a: true }, { strike: 'last', targets: 'targets', duration: 'turn' }]);
    expect(r.picks).toEqual([{ kind: 'enemyUnit', cond: { inCombatWithFoe: 'KRULEBOYZ' } }]);
  });
  it('"that charged this turn and is in combat with any friendly Kruleboyz units" (Lethal Surprise\'s pick) with a read Effect', () => {
    const r = read('Pick an enemy unit that charged this turn and is in combat with any friendly **^^Kruleboyz^^** units to be the target, then make a dirty trick roll.', 'Inflict D3 mortal damage on the target.', parseTiming('Once Per Turn (Army), Any Charge Phase'));
    expect(r.resolves).toEqual([{ dirtyTrickRoll41a: true }, { mortal: 'D3', targets: 'targets' }]);
    expect(r.picks).toEqual([{ kind: 'enemyUnit', cond: { charged: true, inCombatWithFoe: 'KRULEBOYZ' } }]);
  });
  it('Venom-encrusted Weapons stays by hand (the browser test\'s by-hand example), though its Effect reads', () => {
    const r = read('Pick a friendly **^^Kruleboyz Infantry^^** unit to be the target, then make a dirty trick roll.', "Until the start of your next turn, the target's attacks score critical hits on unmodified hit rolls of 5+.", parseTiming('Once Per Turn (Army), Any Hero Phase'));
    expect(r.resolves).toBeNull();
    expect(r.picks).toBeUndefined();
  });
  it('twins by hand: an Effect not read, a name that is no keyword, a friendly pick "in combat with any friendly" units, a passive', () => {
    expect(read(RACKET, `${STRIKE} Then, the target cannot use commands.`).resolves).toBeNull();
    expect(read(RACKET.replace('**^^Kruleboyz^^**', 'Gobbapalooza'), STRIKE).resolves).toBeNull();
    expect(read(RACKET.replace('an enemy unit', 'a friendly unit'), STRIKE).resolves).toBeNull();
    expect(read(RACKET, STRIKE, PASSIVE).resolves).toBeNull();
  });
});

describe('Sinister Stare (Skaregob Totem)', () => {
  it('+1 within 12" (friendly KRULEBOYZ wholly), 18" with a Shouty Boss', () => {
    expect(read(null, STARE, PASSIVE).resolves).toEqual([{ dirtyTrickPlus41a: { by: 1, keyword: 'KRULEBOYZ', within: 12, shoutyBossWithin: 18 } }]);
  });
  it('twins by hand: the two sentences disagree (a number, the keyword), not a passive', () => {
    expect(read(null, STARE.replace('instead of wholly within 12"', 'instead of wholly within 9"'), PASSIVE).resolves).toBeNull();
    expect(read(null, STARE.replace('for enemy units within 12" of this terrain feature.', 'for enemy units within 6" of this terrain feature.'), PASSIVE).resolves).toBeNull();
    expect(read(null, STARE.replace('add 1 to dirty trick rolls for friendly **^^Kruleboyz^^**', 'add 1 to dirty trick rolls for friendly **^^Gutrippaz^^**'), PASSIVE).resolves).toBeNull();
    expect(read(null, STARE, parseTiming('Any Hero Phase')).resolves).toBeNull();
  });
});
