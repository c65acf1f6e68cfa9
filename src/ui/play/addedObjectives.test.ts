import { describe, expect, it } from 'vitest';
import { withAddedObjectives } from './addedObjectives';

describe('withAddedObjectives: the Play screen draws the objectives Spied Treasure placed', () => {
  const table = [{ id: 'ptg-centre', x: 30, y: 22, diameter: 40 / 25.4 }];
  const treasure = { id: 'spied-treasure-r1', x: 9, y: 31, diameter: 40 / 25.4 };
  it('adds a placed objective after the table\'s own; nothing to do once drawn', () => {
    const r = withAddedObjectives(table, [treasure], new Set());
    expect(r).toEqual({ objectives: [...table, treasure], shown: new Set(['spied-treasure-r1']) });
    expect(withAddedObjectives(r!.objectives, [treasure], r!.shown)).toBeNull();
    expect(withAddedObjectives(table, [], new Set())).toBeNull();
    // A table that already carries it (the game's table scenario) draws it once.
    expect(withAddedObjectives([...table, treasure], [treasure], new Set())).toBeNull();
  });
  it('drops it again when a replay steps back before the placing; the table\'s markers stay', () => {
    const r = withAddedObjectives([...table, treasure], [], new Set(['spied-treasure-r1']));
    expect(r).toEqual({ objectives: table, shown: new Set() });
  });
});
