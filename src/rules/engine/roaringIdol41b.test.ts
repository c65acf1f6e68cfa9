/**
 * Session 41 (sh41b; `abilities/parseBloodRites41b.ts` `readRoaringIdol41b`, `engine/magic.ts` `banish`): Roaring Idol
 * (dok-001, Hag Queen on Cauldron of Blood) read whole; twins by hand; on the sample roster's table (distances given)
 * with p1's Orb made a DAUGHTERS OF KHAINE manifestation, scripted dice, each result by hand.
 *
 * Rules: Roaring Idol; Magic 7.0 (summoning), 7.2 (Banish Manifestation, keyword BANISH); Core 28.1 (durations).
 */

import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createGame, type Action, type GameState } from './state';
import { sampleManifestations, sampleRoster, tablePort, runActions, type PortTables } from './testkit';
import { timing } from './abilityKit.test-helpers';
import { parseEffect } from '../abilities/parseEffect';
import { reduce } from './reduce';
import { importArmy } from '../../army/importArmy';
import type { RosterInput } from './roster';
import type { Ability } from '../abilities/schema';

const dok = importArmy(new Uint8Array(readFileSync('tests/fixtures/rosters/new-recruit/dok-001-all-units/list.json')), 'dok-001/list.json').army;
const IDOL = { ...(dok.units.flatMap((u) => u.warscroll.abilities ?? []).find((a) => a.name === 'Roaring Idol') as Ability), id: 'Roaring Idol' };
const read = (declare: string, effect: string, t = IDOL.timing) => parseEffect({ declare, effect, timing: t, knownKeywords: ['DAUGHTERS OF KHAINE', 'HERO', 'WIZARD'] }).resolves;

describe('Roaring Idol: the real text read (dok-001); twins by hand', () => {
  it('the DAUGHTERS OF KHAINE MANIFESTATION pick wholly within 12", on 3+ unpickable by enemy BANISH abilities until the start of your next turn', () => {
    expect(IDOL.resolves).toEqual([{ unpickableBy: 'BANISH', targets: 'targets', duration: 'nextTurnStart', if: { roll: '3+' } }]);
    expect(IDOL.picks).toEqual([{ kind: 'friendlyUnit', within: 12, wholly: true, keyword: 'DAUGHTERS OF KHAINE MANIFESTATION' }]);
  });

  it('twins: another keyword, Spell abilities, another duration, a sentence added, a passive stay by hand', () => {
    expect(read(IDOL.declare!.replace('Manifestation', 'Wizard'), IDOL.effect)).toBeNull();
    expect(read(IDOL.declare!, IDOL.effect.replace('Banish abilities', 'Spell abilities'))).toBeNull();
    expect(read(IDOL.declare!, IDOL.effect.replace('until the start of your next turn', 'for the rest of the battle'))).toBeNull();
    expect(read(IDOL.declare!, `${IDOL.effect} Then, heal (1) the target.`)).toBeNull();
    expect(read(IDOL.declare!, IDOL.effect, timing('Passive', 'passive', 'any'))).toBeNull();
  });
});

const base = { shape: 'round' as const, diameterMm: 40 };
/** The sample roster plus a WIZARD with `abilities`, and the sample manifestations (Orb: summoning value 6, banishment 7), p1's Orb DAUGHTERS OF KHAINE when `dokOrb`. */
function roster(p: 'p1' | 'p2', abilities: Ability[], dokOrb: boolean): RosterInput {
  const r = sampleRoster(p) as RosterInput & { units: unknown[]; regiments: unknown[] };
  r.units.push({ id: `${p}-wizard`, name: 'Wizard', warscroll: { move: 5, health: 5, save: 4, control: 2, keywords: ['HERO', 'INFANTRY', 'WIZARD (1)', 'DAUGHTERS OF KHAINE'], spells: ['mysticShield'], ...(abilities.length ? { abilities } : {}) }, weapons: [], models: [{ id: `${p}-wizard-m1`, base }] });
  r.regiments.push({ leader: `${p}-wizard`, units: [] });
  const ms = sampleManifestations(p).map((m) => (m.id === `${p}-orb` && dokOrb ? { ...m, warscroll: { ...m.warscroll, keywords: [...m.warscroll.keywords, 'DAUGHTERS OF KHAINE'] } } : m));
  return { ...r, manifestations: ms } as RosterInput;
}
/** The Orb 11" from p1's Wizard (within and wholly within 12": the table port's one distance), 20" from p2's. */
const tables = (): PortTables => ({ inCombat: new Set(), contests: {}, distances: { 'p1-orb|p1-wizard': 11, 'p2-wizard|p1-orb': 20, 'p1-wizard|p1-wizard': 0 } });
const port = tablePort(tables());
const run = (s: GameState, actions: Action[]) => runActions(s, actions, port);
function game(script: number[], dokOrb = true): GameState {
  const g = createGame({ seed: 8, rosters: { p1: roster('p1', [IDOL], dokOrb), p2: roster('p2', [], false) }, finishedDeployingFirst: 'p1', diceScript: script });
  if (!g.ok) throw new Error(JSON.stringify(g.issues));
  return run(g.state, [{ type: 'chooseFirstTurn', player: 'p1', first: 'p1' }, { type: 'endPhase', player: 'p1' }]).s;
}
// The Orb summoned with casting dice 3 + 3 = 6 (summoning value 6), p2 does not unbind.
const summonOrb: Action[] = [{ type: 'cast', player: 'p1', unitId: 'p1-wizard', spell: 'summon:p1-orb', target: 'p1-orb', positions: { 'p1-orb-m1': [5, 5] } }, { type: 'pass', player: 'p2' }];
const idol: Action = { type: 'useAbility', player: 'p1', unitId: 'p1-wizard', ability: 'Roaring Idol', target: 'p1-orb' };
/** On to p2's hero phase (p1's six remaining phases ended), the banishment dice scripted. */
const toP2Hero = (s: GameState, dice: number[]) => run({ ...run(s, Array.from({ length: 6 }, () => ({ type: 'endPhase', player: 'p1' }) as Action)).s, diceScript: dice }, [{ type: 'endPhase', player: 'p2' }]).s;
const banish: Action = { type: 'banish', player: 'p2', unitId: 'p2-wizard', target: 'p1-orb' };

describe('Roaring Idol on the table', () => {
  it('a 3: the Orb cannot be picked by p2\'s Banish Manifestation in p2\'s hero phase (refused, no banishment roll)', () => {
    const s = run(game([3, 3, 3]), [...summonOrb, idol]);
    expect(s.events.find((e) => e.type === 'abilityEffect' && e.name === 'Roaring Idol')).toMatchObject({ units: ['p1-orb'], duration: 'nextTurnStart' });
    const p2 = toP2Hero(s.s, [6, 6]);
    expect(p2.active).toBe('p2');
    const r = reduce(p2, banish, port);
    expect(r.ok ? null : [r.rule, r.reason]).toEqual(['Magic 7.2', '"p1-orb" cannot be picked to be the target of enemy BANISH abilities (Roaring Idol)']);
  });

  it('a 2: nothing; p2 banishes the Orb (dice 4 + 3 = 7, banishment value 7)', () => {
    const s = run(game([3, 3, 2]), [...summonOrb, idol]);
    expect(s.events.find((e) => e.type === 'abilityEffectSkipped' && e.name === 'Roaring Idol')).toBeDefined();
    const r = run(toP2Hero(s.s, [4, 3]), [banish]);
    expect(r.events.find((e) => e.type === 'banishmentRoll')).toMatchObject({ dice: [4, 3], roll: 7, banished: true });
  });

  it('an Orb without the DAUGHTERS OF KHAINE keyword cannot be picked', () => {
    const s = run(game([3, 3, 3], false), summonOrb).s;
    const r = reduce(s, idol, port);
    expect(r.ok ? null : r.reason).toContain('is not DAUGHTERS OF KHAINE MANIFESTATION');
  });
});
