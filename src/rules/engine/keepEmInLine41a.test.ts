/**
 * Keep 'Em in Line (session 41, sh41a; `abilities/parseDirtyTricks41a.ts`, kb-001 Killaboss with Stab-grot): "Reaction:
 * You declared the 'All-out Attack' command for a friendly Kruleboyz Infantry unit" / "If this unit is wholly within 12"
 * of the unit using the 'All-out Attack' command, add 1 to wound rolls for combat attacks made by that unit for the rest
 * of the phase." Read from the real texts; played on the kit (the Shaman holds it) on a real `worldPort`; dice scripted.
 */

import { describe, expect, it } from 'vitest';
import { parseEffect } from '../abilities/parseEffect';
import { parseTiming } from '../abilities/parseTiming';
import { readAbility, roster, gameAtHero, play, refused, tablePortAt, toPhase, type Placement } from './abilityKit.test-helpers';
import type { Action } from './state';

const KNOWN = ['KRULEBOYZ', 'INFANTRY', 'HERO', 'WIZARD'];
const TIMING = parseTiming("Reaction: You declared the 'All-out Attack' command for a friendly **^^Kruleboyz Infantry^^** unit");
const EFFECT = "If this unit is wholly within 12\" of the unit using the 'All-out Attack' command, add 1 to wound rolls for combat attacks made by that unit for the rest of the phase.";
const read = (effect: string, timing = TIMING) => parseEffect({ declare: null, effect, timing, knownKeywords: KNOWN });

describe("reading Keep 'Em in Line", () => {
  it('+1 to wound for the melee attacks of the unit using the command, if this unit is wholly within 12" of it, this phase', () => {
    expect(read(EFFECT).resolves).toEqual([{ triggerUnit41a: { name: 'All-out Attack', within: 12, wholly: true, modify: 'wound', by: 1, attacks: 'melee' }, duration: 'phase' }]);
  });
  it('twins by hand: another command in the Effect than in the trigger, "for the rest of the turn", not a reaction', () => {
    expect(read(EFFECT.replace("'All-out Attack' command, add", "'All-out Defence' command, add")).resolves).toBeNull();
    expect(read(EFFECT.replace('for the rest of the phase', 'for the rest of the turn')).resolves).toBeNull();
    expect(read(EFFECT, parseTiming('Any Combat Phase')).resolves).toBeNull();
  });
});

describe("Keep 'Em in Line on the table", () => {
  const line = { ...readAbility({ name: "Keep 'Em in Line", timing: TIMING, declare: '', effect: EFFECT }, KNOWN), declare: null };
  const R = 32 / 25.4 / 2;
  // p1's Gutrippaz (column x 14, y 15-20.2) 1" from p2's Gutrippaz (x 14 + 2R + 1); p1's Hobgrot Slittaz 1" from p2's.
  const base: Placement = { 'p2-boyz': [14 + 2 * R + 1, 15], 'p1-gits': [30, 35], 'p2-gits': [30 + 2 * R + 1, 35] };
  // The Shaman (this unit, the one that must be wholly within) at (8, 17): the far side of its base, x 8 - R, is
  // (14 - R) - (8 - R) = 6" from the near edge of the Gutrippaz' model at (14, 16.3): wholly within 12". At (2, 40): farther than 12".
  const near = tablePortAt({ ...base, 'p1-hero': [8, 17] });
  const far = tablePortAt({ ...base, 'p1-hero': [2, 40] });
  const start = (port: typeof near) => toPhase(gameAtHero(roster('p1', [line]), roster('p2'), port, Array(10).fill(4).concat(Array(10).fill(3), Array(10).fill(1))), port, 'combat');
  const fight = (unitId: string, target: string): Action[] => [{ type: 'fight', player: 'p1', unitId, target }, { type: 'command', player: 'p1', command: 'allOutAttack', unitId }];
  const keep: Action = { type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: "Keep 'Em in Line" };

  it('the Shaman wholly within 12" (6" at most): the Gutrippaz\' 10 attacks hit on 4 (+1 All-out Attack) and wound with +1: wound rolls of 3 succeed (Wound 4+)', () => {
    const r = play(start(near), near, [...fight('p1-boyz', 'p2-boyz'), keep, { type: 'pass', player: 'p2' }, { type: 'pass', player: 'p1' }]);
    expect(r.events.find((e) => e.type === 'abilityEffect')).toMatchObject({ units: ['p1-boyz'], duration: 'phase', effect: { modify: 'wound', by: 1, attacks: 'melee' } });
    expect(r.events.find((e) => e.type === 'attacksResolved')).toMatchObject({ unitId: 'p1-boyz', attacks: 10, hitModifier: 1, woundModifier: 1, wounds: Array(10).fill(3) });
  });
  it('the Shaman far away: skipped with the reason; no wound modifier', () => {
    const r = play(start(far), far, [...fight('p1-boyz', 'p2-boyz'), keep, { type: 'pass', player: 'p2' }, { type: 'pass', player: 'p1' }]);
    expect(r.events.find((e) => e.type === 'abilityEffectSkipped')).toMatchObject({ unitId: 'p1-boyz', why: expect.stringMatching(/^"p1-hero" is not wholly within 12" of it/) });
    expect(r.events.find((e) => e.type === 'attacksResolved')).not.toHaveProperty('woundModifier');
  });
  it('refused for All-out Attack on the Hobgrot Slittaz (INFANTRY, not KRULEBOYZ) and with no All-out Attack declared', () => {
    const s = play(start(near), near, fight('p1-gits', 'p2-gits')).s;
    expect(refused(s, near, keep).rule).toBe('Core 5.2');
    const s2 = play(start(near), near, [{ type: 'fight', player: 'p1', unitId: 'p1-boyz', target: 'p2-boyz' }]).s;
    expect(refused(s2, near, keep).rule).toBe('Core 5.2');
  });
});
