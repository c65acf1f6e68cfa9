import { describe, expect, it } from 'vitest';
import type { OptionEntry, OptionsResult } from '../../../client/gameClient';
import { targetToolStep, type TargetToolEvent, type TargetToolState } from './targetTool';

const shootAt = (target: string): OptionEntry => ({ group: 'shoot', label: `Shoot ${target}`, rule: 'Core 16.0', action: { type: 'shoot', player: 'p1', unitId: 'archers', target } as OptionEntry['action'], available: true, target });
/** The selected unit (archers) may shoot the enemy units `rats` and `ogres`, and move. */
const OPTIONS: OptionsResult = {
  ok: true,
  unitId: 'archers',
  player: 'p1',
  entries: [shootAt('rats'), shootAt('ogres'), { group: 'move', label: 'Normal Move', rule: 'Core 14.1', action: { type: 'move' } as OptionEntry['action'], available: true }],
  general: [],
};

function run(events: TargetToolEvent[], s: TargetToolState = null) {
  const out: { state: TargetToolState; used: boolean[]; acts: unknown[] } = { state: s, used: [], acts: [] };
  for (const e of events) {
    const step = targetToolStep(out.state, e);
    out.state = step.state;
    out.used.push(step.used);
    out.acts.push(...step.effects.map((x) => x.action));
  }
  return out;
}

describe('Play target tool', () => {
  it('start shooting, pick an enemy unit the engine offers: that option\'s action, still picking until accepted', () => {
    const r = run([{ type: 'start', group: 'shoot' }, { type: 'pick', unitId: 'ogres', options: OPTIONS }]);
    expect(r.state).toBe('shoot');
    expect(r.used).toEqual([true, true]);
    expect(r.acts).toEqual([{ type: 'shoot', player: 'p1', unitId: 'archers', target: 'ogres' }]);
    expect(run([{ type: 'accepted' }], r.state).state).toBeNull();
  });
  it('a pick of a unit not offered (a friend, or no options) is not the tool\'s: it falls through to the selection', () => {
    expect(run([{ type: 'start', group: 'shoot' }, { type: 'pick', unitId: 'archers', options: OPTIONS }])).toMatchObject({ state: 'shoot', used: [true, false], acts: [] });
    expect(run([{ type: 'pick', unitId: 'rats', options: { ok: false, reason: 'no unit' } }], 'shoot')).toMatchObject({ used: [false], acts: [] });
    // Picking for a fight: the shooting options are not fight targets.
    expect(run([{ type: 'pick', unitId: 'rats', options: OPTIONS }], 'fight')).toMatchObject({ used: [false], acts: [] });
  });
  it('idle: picks are never the tool\'s; cancel (Esc, the panel\'s button) ends picking', () => {
    expect(run([{ type: 'pick', unitId: 'rats', options: OPTIONS }])).toMatchObject({ state: null, used: [false], acts: [] });
    expect(run([{ type: 'start', group: 'fight' }, { type: 'cancel' }, { type: 'pick', unitId: 'rats', options: OPTIONS }])).toMatchObject({ state: null, used: [true, true, false], acts: [] });
  });
  it("an ability's Declare pick (ability:<id>): the unit's or the player's option naming the clicked unit", () => {
    const venom = (target: string): OptionEntry => ({ group: 'ability:boss:venom', label: `Venom → ${target}`, rule: 'Venom (warscroll)', action: { type: 'useAbility', player: 'p1', unitId: 'boss', ability: 'boss:venom', targets: [target] } as OptionEntry['action'], available: true, target });
    const army = (target: string): OptionEntry => ({ group: 'ability:army:sneaky', label: `Sneaky → ${target}`, rule: 'Sneaky (battle trait)', action: { type: 'useAbility', player: 'p1', ability: 'army:sneaky', targets: [target] } as OptionEntry['action'], available: true, target });
    const options: OptionsResult = { ...OPTIONS, entries: [...OPTIONS.entries, venom('archers')] };
    expect(run([{ type: 'start', group: 'ability:boss:venom' }, { type: 'pick', unitId: 'archers', options }]).acts).toEqual([venom('archers').action]);
    // An army ability: from the player-level options, with or without a unit selected.
    expect(run([{ type: 'pick', unitId: 'archers', options: null, general: [army('archers')] }], 'ability:army:sneaky').acts).toEqual([army('archers').action]);
    // A unit the Declare cannot pick (not offered) falls through; a shot's group never reads the player-level options.
    expect(run([{ type: 'pick', unitId: 'rats', options, general: [army('archers')] }], 'ability:boss:venom')).toMatchObject({ used: [false], acts: [] });
    expect(run([{ type: 'pick', unitId: 'archers', options: null, general: [{ ...army('archers'), group: 'shoot' }] }], 'shoot')).toMatchObject({ used: [false], acts: [] });
  });
});
