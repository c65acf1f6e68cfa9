import { describe, expect, it } from 'vitest';
import { CANCELLED_TEXT, inNear, playDragLabel, PUT_BACK_TEXT } from './moveMeasure';
import { MOVE_TOOL_IDLE, moveToolStep, type MoveFacts, type MoveModelFacts, type MoveToolEffect, type MoveToolEvent, type MoveToolState } from './moveTool';

/** Three Clanrats 1.5" apart at y = 10 (c1 at x = 10), Move 5", a Normal Move in the movement phase. */
const CLANRATS: MoveModelFacts = {
  unitId: 'u-clanrats',
  unitName: 'Clanrats',
  aliveModelIds: ['c1', 'c2', 'c3'],
  allowance: 5,
  kind: 'normal',
  avoidCombat: true,
  topZ: 1.2,
  unitModels: [
    { id: 'c1', x: 10, y: 10 },
    { id: 'c2', x: 11.5, y: 10 },
    { id: 'c3', x: 13, y: 10 },
  ],
};
const facts =
  (f: MoveModelFacts = CLANRATS): MoveFacts =>
  (id) =>
    f.aliveModelIds.includes(id) ? f : null;

/** Runs events from `s`; returns the last state and every effect in order. */
function run(events: MoveToolEvent[], s: MoveToolState = MOVE_TOOL_IDLE, f: MoveFacts = facts()): { state: MoveToolState; effects: MoveToolEffect[] } {
  const effects: MoveToolEffect[] = [];
  for (const e of events) {
    const step = moveToolStep(s, e, f);
    s = step.state;
    effects.push(...step.effects);
  }
  return { state: s, effects };
}
const press = (modelId = 'c1', single?: boolean): MoveToolEvent => ({ type: 'press', modelId, start: [10, 10], pointer: [10, 10], ...(single === undefined ? {} : { single }) });
const to = (x: number, y: number): MoveToolEvent => ({ type: 'pointer', at: [x, y] });

describe('Play move tool: press, drag, drop (whole unit)', () => {
  it('press → pointer past 0.05" → dragging: the unit is selected and the engine asked every model\'s shortest path at its own drop point (a move keeps out of combat)', () => {
    const r = run([press(), to(13, 14)]);
    expect(r.state.drag).toMatchObject({ name: 'dragging', modelId: 'c1', start: [10, 10], to: [13, 14] });
    expect(r.effects).toEqual([
      { type: 'select', unitId: 'u-clanrats' },
      { type: 'measure', n: 1, modelId: 'c1', start: [10, 10], to: [13, 14], routed: true, avoidCombat: true, drops: { c1: [13, 14], c2: [14.5, 14], c3: [16, 14] } },
    ]);
  });
  it('a press and a pointer within 0.05" is still a press; its release is a click: idle, no effect', () => {
    const r = run([press(), to(10.03, 10), { type: 'release' }]);
    expect(r.state.drag.name).toBe('idle');
    expect(r.effects).toEqual([]);
  });
  it('one question at a time: a point answered for an older pointer is asked again; a point measured is not', () => {
    const r = run([press(), to(12, 10), to(13, 10)]);
    const n = r.state.drag.n;
    // The answer for (12, 10) arrives while the pointer is at (13, 10): the tool asks (13, 10).
    const stale = run([{ type: 'measured', n, measure: { to: [12, 10], value: 2 } }], r.state);
    expect(stale.effects).toEqual([{ type: 'measure', n, modelId: 'c1', start: [10, 10], to: [13, 10], routed: true, avoidCombat: true, drops: { c1: [13, 10], c2: [14.5, 10], c3: [16, 10] } }]);
    const fresh = run([{ type: 'measured', n, measure: { to: [13, 10], value: 3 } }], stale.state);
    expect(fresh.effects).toEqual([]);
  });
  it('a point farther than the allowance in a straight line is never asked (10" straight, Move 5")', () => {
    expect(run([press(), to(16, 18)]).effects.filter((e) => e.type === 'measure')).toEqual([]);
  });
  it('release within the allowance: the unit\'s drop sent, every model moved by the drag\'s offset, the measured path kept', () => {
    const r = run([press(), to(13, 14)]);
    const n = r.state.drag.n;
    const d = run([{ type: 'measured', n, measure: { to: [13, 14], value: 5, path: [[10, 10], [12, 11], [13, 14]] } }, { type: 'release' }], r.state);
    expect(d.state.drag.name).toBe('dropping');
    expect(d.effects).toEqual([
      {
        type: 'send',
        n,
        unitId: 'u-clanrats',
        modelId: 'c1',
        kind: 'normal',
        drops: { c1: [[13, 14]], c2: [[14.5, 14]], c3: [[16, 14]] },
        single: false,
        distInches: 5,
        known: { c1: [[10, 10], [12, 11], [13, 14]] },
      },
    ]);
    // The game accepted it: idle, the note shown.
    const ok = run([{ type: 'sent', n, note: { kind: 'ok', text: 'Moved Clanrats 5" (normal).' }, refused: null }], d.state);
    expect(ok.state.drag).toMatchObject({ name: 'idle', last: { kind: 'moved' } });
    expect(ok.effects).toEqual([{ type: 'note', note: { kind: 'ok', text: 'Moved Clanrats 5" (normal).' } }]);
  });
  it('a refused commit returns to idle with the refusal, its chip on the table until the next press', () => {
    const d = run([press(), to(13, 14), { type: 'release' }]);
    const n = d.state.drag.n;
    const refused = { at: [13, 14] as [number, number], z: 1.6, text: '✗ Clanrats model 1: blocked' };
    const r = run([{ type: 'sent', n, note: { kind: 'refused', text: 'Move refused: …', rule: 'Core 14.1' }, refused }], d.state);
    expect(r.state.drag).toMatchObject({ name: 'idle', last: { kind: 'refused', text: 'Move refused: …' } });
    expect(r.state.refused).toEqual(refused);
    expect(r.effects).toEqual([{ type: 'note', note: { kind: 'refused', text: 'Move refused: …', rule: 'Core 14.1' } }]);
    expect(run([press()], r.state).state.refused).toBeNull();
    expect(run([{ type: 'clearRefused' }], r.state).state.refused).toBeNull();
  });
  it('a drop too far for certain is refused at once (Core 14.1 for a Normal Move): nothing sent, the chip where it would stand', () => {
    const r = run([press(), to(16, 18), { type: 'release' }]);
    expect(r.state.drag).toMatchObject({ name: 'idle' });
    expect(r.state.refused).toEqual({ at: [16, 18], z: 1.6, text: '✗ Clanrats (model 1): too far (≥ 10 / 5")' });
    expect(r.effects).toEqual([
      { type: 'select', unitId: 'u-clanrats' },
      { type: 'note', note: { kind: 'refused', text: 'Move refused: Clanrats (model 1) at (16", 18"): it would move at least 10.00" (the straight line) but this move allows 5"', rule: 'Core 14.1' } },
    ]);
  });
});

describe('Play move tool: the whole unit\'s verdict while dragging (issue 35, item 2)', () => {
  // The drag of c1 by (3, 0): c1 and c2 move 3", c3 must go round something: 5.45" (Move 5").
  const worst = (): MoveToolState => {
    const r = run([press(), to(13, 10)]);
    const n = r.state.drag.n;
    const models = { c1: { value: 3, path: [[10, 10], [13, 10]] as [number, number][] }, c2: { value: 3, path: [[11.5, 10], [14.5, 10]] as [number, number][] }, c3: { value: 5.45, path: [[13, 10], [14, 12], [16, 10]] as [number, number][] } };
    return run([{ type: 'measured', n, measure: { to: [13, 10], value: 5.45, path: models.c1.path, models, worst: 'c3' } }], r.state).state;
  };
  it('the label shows the worst model\'s figure, names it, and marks its ghost red before the drop', () => {
    const label = playDragLabel(worst().drag, 5);
    expect(label).toMatchObject({ value: 5.45, measured: true, bad: true, badModels: ['c3'], text: '5.5 / 5" — too far (c3)', path: [[10, 10], [13, 10]] });
  });
  it('the drop gets the same verdict at once: refused, naming the worst model where it would stand', () => {
    const d = run([{ type: 'release' }], worst());
    expect(d.effects).toEqual([{ type: 'note', note: { kind: 'refused', text: 'Move refused: Clanrats (model 3) at (16", 10"): it would move 5.45" but this move allows 5"', rule: 'Core 14.1' } }]);
    expect(d.state.refused).toEqual({ at: [16, 10], z: 1.6, text: '✗ Clanrats (model 3): too far (5.5 / 5")' });
  });
  it('no legal path for one model: the label says blocked and the drop is refused at once with the reason', () => {
    const r = run([press(), to(13, 10)]);
    const n = r.state.drag.n;
    const models = { c1: { value: 3, path: [[10, 10], [13, 10]] as [number, number][] }, c2: { value: 3 }, c3: { value: null, reason: 'no way around was found' } };
    const s = run([{ type: 'measured', n, measure: { to: [13, 10], value: null, reason: 'no way around was found', models, worst: 'c3' } }], r.state).state;
    expect(playDragLabel(s.drag, 5)).toMatchObject({ bad: true, badModels: ['c3'], text: '✗ blocked (c3): no way around was found' });
    const d = run([{ type: 'release' }], s);
    expect(d.effects).toEqual([{ type: 'note', note: { kind: 'refused', text: 'Move refused: Clanrats (model 3) at (16", 10"): no legal path: no way around was found', rule: 'Core 14.1' } }]);
  });
  it('within the allowance: every model\'s measured path is sent with the drop (nothing asked again)', () => {
    const r = run([press(), to(12, 10)]);
    const n = r.state.drag.n;
    const models = { c1: { value: 2, path: [[10, 10], [12, 10]] as [number, number][] }, c2: { value: 2, path: [[11.5, 10], [13.5, 10]] as [number, number][] }, c3: { value: 4.9, path: [[13, 10], [14, 11], [15, 10]] as [number, number][] } };
    const s = run([{ type: 'measured', n, measure: { to: [12, 10], value: 4.9, path: models.c1.path, models, worst: 'c3' } }], r.state).state;
    expect(playDragLabel(s.drag, 5)).toMatchObject({ bad: false, badModels: [], text: '4.9 / 5"' });
    const d = run([{ type: 'release' }], s);
    expect(d.effects[0]).toMatchObject({ type: 'send', known: { c1: models.c1.path, c2: models.c2.path, c3: models.c3.path } });
  });
  it('decimals near the limit: 5.04" against 5" reads 5.04, never "5 / 5" — too far"', () => {
    expect(inNear(5.04, 5)).toBe('5.04');
    expect(inNear(5.001, 5)).toBe('5.01');
    expect(inNear(4.96, 5)).toBe('5');
    expect(inNear(4.2, 5)).toBe('4.2');
    expect(inNear(5.45, 5)).toBe('5.5');
  });
});

describe('Play move tool: cancel', () => {
  it('Esc during a drag: idle, cancelled note, nothing sent; a later release does nothing', () => {
    const r = run([press(), to(13, 14), { type: 'escape' }, { type: 'release' }]);
    expect(r.state.drag.name).toBe('idle');
    expect(r.effects.filter((e) => e.type !== 'select' && e.type !== 'measure')).toEqual([{ type: 'note', note: { kind: 'info', text: CANCELLED_TEXT } }]);
  });
  it('Esc during a press ends it silently; carried back to the start and released: put back, nothing sent', () => {
    expect(run([press(), { type: 'escape' }])).toMatchObject({ state: { drag: { name: 'idle' } }, effects: [] });
    const back = run([press(), to(13, 14), to(10.01, 10), { type: 'release' }]);
    expect(back.state.drag.name).toBe('idle');
    expect(back.effects.at(-1)).toEqual({ type: 'note', note: { kind: 'info', text: PUT_BACK_TEXT } });
    expect(back.effects.some((e) => e.type === 'send')).toBe(false);
  });
});

describe('Play move tool: one model at a time', () => {
  it('with "Move one model", each drop places the model (staged), then commitStaged sends the unit\'s one move', () => {
    const on = run([{ type: 'setOneModel', on: true }]).state;
    const first = run([press('c1'), to(12, 10), { type: 'release' }], on);
    expect(first.state.staged).toEqual({ unitId: 'u-clanrats', paths: { c1: [12, 10] }, routes: {} });
    expect(first.effects.at(-1)).toEqual({ type: 'note', note: { kind: 'info', text: 'Placed Clanrats (model 1) ≥ 2 / 5": 1 model placed; drag others, then "Move the placed models".' } });
    // c3 at (13, 10) pressed at its centre and carried 3" up.
    const second = run([{ type: 'press', modelId: 'c3', start: [13, 10], pointer: [13, 10] }, to(13, 13)], first.state);
    const n = second.state.drag.n;
    const measured = run([{ type: 'measured', n, measure: { to: [13, 13], value: 3, path: [[13, 10], [13, 13]] } }, { type: 'release' }], second.state);
    expect(measured.state.staged).toEqual({ unitId: 'u-clanrats', paths: { c1: [12, 10], c3: [13, 13] }, routes: { c3: [[13, 10], [13, 13]] } });
    const commit = run([{ type: 'commitStaged' }], measured.state);
    expect(commit.effects).toEqual([
      { type: 'send', n: null, unitId: 'u-clanrats', modelId: 'c1', kind: 'normal', drops: { c1: [[12, 10]], c3: [[13, 13]] }, single: true, distInches: 0, known: { c3: [[13, 10], [13, 13]] } },
    ]);
    // Accepted: the placed models are gone; refused: they stay, to be moved again.
    expect(run([{ type: 'sent', n: null, note: { kind: 'ok', text: 'ok' }, refused: null }], measured.state).state.staged).toBeNull();
    expect(run([{ type: 'sent', n: null, note: { kind: 'refused', text: 'no' }, refused: null }], measured.state).state.staged).toEqual(measured.state.staged);
  });
  it('the press may say single; a set-up (no allowance) of one model is sent at once, not staged', () => {
    const setUp: MoveModelFacts = { ...CLANRATS, allowance: null, kind: 'set-up' };
    const r = run([press('c1', true), to(20, 5), { type: 'release' }], MOVE_TOOL_IDLE, facts(setUp));
    expect(r.state.staged).toBeNull();
    expect(r.effects.at(-1)).toMatchObject({ type: 'send', kind: 'set-up', drops: { c1: [[20, 5]] }, single: false });
  });
  it('turning "Move one model" off forgets the placed models; nothing placed: commitStaged sends nothing', () => {
    const on = run([{ type: 'setOneModel', on: true }, press('c1'), to(12, 10), { type: 'release' }]).state;
    expect(run([{ type: 'setOneModel', on: false }], on).state.staged).toBeNull();
    expect(run([{ type: 'commitStaged' }]).effects).toEqual([]);
  });
});

describe('Play move tool: carry (a drag made by a program)', () => {
  it('press, carry and release in one step: the drop only (no live measure, no selection)', () => {
    const r = run([{ type: 'carry', modelId: 'c1', start: [10, 10], to: [13, 14] }]);
    expect(r.state.drag.name).toBe('dropping');
    expect(r.effects.map((e) => e.type)).toEqual(['send']);
  });
});

describe('Play move tool: a press on a model it may not move (issue 35 item 5)', () => {
  const why = { kind: 'refused' as const, text: "It is Skaven's turn to act: Clanrats (Stormcast) cannot move now." };
  const blockedPress: MoveToolEvent = { type: 'press', modelId: 'c1', start: [10, 10], pointer: [10, 10], blocked: why };
  it('a plain click (press, release) says nothing and selects nothing', () => {
    const r = run([blockedPress, to(10.03, 10), { type: 'release' }]);
    expect(r.state.drag.name).toBe('idle');
    expect(r.state.blocked).toBeNull();
    expect(r.effects).toEqual([]);
  });
  it('the press becoming a drag (past 0.05") says why at once: nothing is dragged, measured or selected', () => {
    const r = run([blockedPress, to(10.5, 10)]);
    expect(r.state.drag.name).toBe('idle');
    expect(r.effects).toEqual([{ type: 'note', note: why }]);
    // The pointer goes on moving and is released: nothing more.
    const after = run([to(12, 10), { type: 'release' }], r.state);
    expect(after.effects).toEqual([]);
    expect(after.state.drag.name).toBe('idle');
  });
  it('Esc during the press: idle, no note; the next press of a model it may move drags as usual', () => {
    const r = run([blockedPress, { type: 'escape' }, press(), to(13, 14)]);
    expect(r.state.drag).toMatchObject({ name: 'dragging', modelId: 'c1' });
    expect(r.effects[0]).toEqual({ type: 'select', unitId: 'u-clanrats' });
  });
});
