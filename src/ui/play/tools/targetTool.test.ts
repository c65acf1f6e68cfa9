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
});
