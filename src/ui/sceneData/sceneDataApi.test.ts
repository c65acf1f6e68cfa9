/**
 * The scene-data worker's builder: a battlefield built again on the same table (other models: the
 * sandbox table becoming a game's) reuses the terrain index, and draws exactly what a fresh build
 * draws; another table builds a new one.
 */
import { describe, expect, it } from 'vitest';
import { buildBattlefield } from '../loadBattlefield';
import { wallMeshes, wallScenario } from '../../../tests/worker/fixtures';

type Wall = { terrain: { pieces: { center?: number[]; position?: number[] }[] }[]; units: { models: { position: number[] }[] }[] };

describe('buildBattlefield over the previous world', () => {
  it('the same terrain with the models moved: the terrain index is reused and the render data equal a fresh build', async () => {
    const first = await buildBattlefield(wallScenario(), wallMeshes(), 'wall');
    const moved = wallScenario() as unknown as Wall;
    for (const u of moved.units) for (const m of u.models) m.position = [m.position[0] + 1.5, m.position[1] - 2];
    const again = await buildBattlefield(moved, wallMeshes(), 'wall', first.world);
    const fresh = await buildBattlefield(moved, wallMeshes(), 'wall');
    expect(again.world.terrain).toBe(first.world.terrain);
    expect(fresh.world.terrain).not.toBe(first.world.terrain);
    expect(again.data).toEqual(fresh.data);
    // The models did move (the data are not the first build's).
    expect(again.data.models[0].footprint.x).toBeCloseTo(first.data.models[0].footprint.x + 1.5, 9);
  });

  it('another table (the wall moved 1", or the rock) builds a new terrain index', async () => {
    const first = await buildBattlefield(wallScenario(), wallMeshes(), 'wall');
    const wall = wallScenario() as unknown as Wall;
    wall.terrain[0].pieces[0].center = [31, 22];
    expect((await buildBattlefield(wall, wallMeshes(), 'wall', first.world)).world.terrain).not.toBe(first.world.terrain);
    const rock = wallScenario() as unknown as Wall;
    rock.terrain[1].pieces[0].position = [50, 6, 0];
    expect((await buildBattlefield(rock, wallMeshes(), 'wall', first.world)).world.terrain).not.toBe(first.world.terrain);
  });
});
