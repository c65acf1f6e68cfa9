import { describe, expect, it } from 'vitest';
import { armyWords } from './PlayPanel';

describe('armyWords: players named by their armies (issue 18)', () => {
  const armies = { p1: 'Hammers of Sigmar', p2: 'Clans Verminus' };
  it('replaces p1 / p2 as words', () => {
    expect(armyWords('p1 chooses p1 to take the first turn', armies)).toBe('Hammers of Sigmar chooses Hammers of Sigmar to take the first turn');
    expect(armyWords('p2 cannot react (no reaction it can use): passed automatically, p1 may react', armies)).toBe(
      'Clans Verminus cannot react (no reaction it can use): passed automatically, Hammers of Sigmar may react',
    );
  });
  it('leaves ids and other words alone', () => {
    expect(armyWords('p1-guard moves; sp1 and p12 and p2_x stay', armies)).toBe('p1-guard moves; sp1 and p12 and p2_x stay');
    expect(armyWords('unit "p2-rats" would not end', armies)).toBe('unit "p2-rats" would not end');
  });
  it('without army names the text is unchanged', () => {
    expect(armyWords('p1 ends the phase', undefined)).toBe('p1 ends the phase');
  });
});
