/**
 * Session 41 (ui41): an ability's roll in words (`abilityRollWords41.ts`), on the engine's kit with dok-001's real
 * Fanatical Blademaster ("Roll a dice. On a 3+, ..."): the purpose the engine logs (`ability:<unit>:<ability id>:if`)
 * read back into the ability's name, the unit's name and what the roll is for, in the log line and the dice step.
 */
import { describe, expect, it } from 'vitest';
import { ability, gameAtHero, roster, tablePortAt, timing } from '../../rules/engine/abilityKit.test-helpers';
import { parseEffect } from '../../rules/abilities/parseEffect';
import { reduce } from '../../rules/engine/reduce';
import type { GameState } from '../../rules/engine/state';
import type { RosterInput } from '../../rules/engine/roster';
import { abilityRollWords } from './abilityRollWords41';
import { describe as logLines } from './battleLog';
import { diceSteps } from './diceSteps';

const FB_DECLARE = 'Pick a visible friendly Daughters of Khaine unit wholly within 12" of this unit to be the target.';
const FB = "Roll a dice. On a 3+, pick a blessing from the 'Blessings of Khaine' ability that is not active. The effect of that blessing applies to the target until the start of your next turn as if it were active. If you have used the 'Blessings of Khaine' ability 3 or more times this battle, you can pick 2 blessings instead of 1.";
const t = timing('Once Per Turn (Army), Your Hero Phase', 'hero', 'your', { per: 'turn', army: true });
const read = parseEffect({ declare: FB_DECLARE, effect: FB, timing: t, knownKeywords: ['DAUGHTERS OF KHAINE'] });
const blademaster = { ...ability({ name: 'Fanatical Blademaster', timing: t, declare: FB_DECLARE, effect: FB, picks: read.picks, resolves: read.resolves }), id: 'p1-hero:fanatical-blademaster' };
const port = tablePortAt({ 'p1-hero': [10, 10], 'p1-boyz': [10, 15], 'p1-gits': [2, 40], 'p2-boyz': [40, 15], 'p2-gits': [40, 25], 'p2-hero': [50, 5] });
const dok = (r: RosterInput): RosterInput => ({ ...r, units: r.units.map((u) => (u.id === 'p1-boyz' ? { ...u, warscroll: { ...u.warscroll, keywords: [...u.warscroll.keywords, 'DAUGHTERS OF KHAINE'] } } : u)) });

describe('abilityRollWords41: an ability\'s roll by its name', () => {
  const s0: GameState = gameAtHero(dok(roster('p1', [blademaster])), roster('p2'), port, [4]);

  it('Fanatical Blademaster\'s 3+ roll (an id with a colon): the log says "rolls for Fanatical Blademaster (Swampcalla Shaman, the roll of its condition)", the dice step the same words', () => {
    expect(abilityRollWords(s0, 'ability:p1-hero:p1-hero:fanatical-blademaster:if')).toEqual({ ability: 'Fanatical Blademaster', unit: 'Swampcalla Shaman', what: 'the roll of its condition' });
    const r = reduce(s0, { type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: blademaster.id, targets: ['p1-boyz'], choice: 'Haste' }, port);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const rolls = r.state.log.slice(s0.log.length);
    const lines = logLines(1, rolls, r.events, r.state).filter((l) => l.kind === 'roll').map((l) => l.text);
    expect(lines).toEqual(['p1 rolls for Fanatical Blademaster (Swampcalla Shaman, the roll of its condition): [4]']);
    const steps = diceSteps(1, rolls, r.events, r.state);
    expect(steps.map((x) => [x.label, x.detail])).toEqual([['Fanatical Blademaster', 'Swampcalla Shaman · the roll of its condition']]);
  });

  it('other purposes are not an ability\'s; an unknown ability id gives null (the old words)', () => {
    expect(abilityRollWords(s0, 'hit:p1-hero:Staff')).toBeNull();
    expect(abilityRollWords(s0, 'ability:p1-hero:no-such-ability:if')).toBeNull();
    expect(abilityRollWords(s0, 'ability:Fanatical Blademaster:p1-hero:move')).toEqual({ ability: 'Fanatical Blademaster', unit: 'Swampcalla Shaman', what: 'the distance of its move' });
  });
});
