/**
 * The battle log's roll lines (issue 35 item 1: no line said twice for one action): a roll made
 * again for the same purpose in one action is numbered, so two random Damage rolls of 6 (one per
 * wound, Core 26.0) read as two rolls, not as one line repeated.
 */
import { describe as suite, expect, it } from 'vitest';
import type { GameState, LogEntry } from '../../rules/engine/state';
import { describe } from './battleLog';

const state = { units: {} } as unknown as GameState;
const roll = (purpose: string, dice: number[]): LogEntry => ({ kind: 'roll', purpose, player: 'p1', dice });

suite('battle log roll lines', () => {
  it('numbers a second roll for the same purpose in one action; other rolls keep their words', () => {
    const lines = describe(4, [roll('hit:Beast-skewer Bolts', [5, 2]), roll('damage:Beast-skewer Bolts', [6]), roll('damage:Beast-skewer Bolts', [6]), roll('damage:Beast-skewer Bolts', [3])], [], state);
    expect(lines.map((l) => l.text)).toEqual([
      'p1 rolls hit rolls (Beast-skewer Bolts): [5 2]',
      'p1 rolls random Damage (Beast-skewer Bolts): [6]',
      'p1 rolls random Damage (Beast-skewer Bolts) (roll 2): [6]',
      'p1 rolls random Damage (Beast-skewer Bolts) (roll 3): [3]',
    ]);
    expect(new Set(lines.map((l) => l.text)).size).toBe(lines.length);
    expect(lines.every((l) => l.seq === 4 && l.kind === 'roll')).toBe(true);
  });
});
