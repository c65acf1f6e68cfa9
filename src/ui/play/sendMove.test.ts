import { describe, expect, it } from 'vitest';
import { nearestEnemyUnit } from './sendMove';

describe('sendMove: the pile-in\'s target (Core 15.3)', () => {
  it('the enemy unit nearest to any of the unit\'s end positions (plan-view centres)', () => {
    // Ends at (0, 0) and (4, 0); rats' model at (4, 3) is 3" from (4, 0); ogres' at (-2, 0) is 2" from (0, 0).
    const enemies = [
      { unitId: 'rats', x: 4, y: 3 },
      { unitId: 'ogres', x: -2, y: 0 },
    ];
    expect(nearestEnemyUnit([[0, 0], [4, 0]], enemies)).toBe('ogres');
    expect(nearestEnemyUnit([[4, 0.5]], enemies)).toBe('rats');
    expect(nearestEnemyUnit([[0, 0]], [])).toBeUndefined();
  });
});
