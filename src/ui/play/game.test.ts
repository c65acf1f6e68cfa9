import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { deploymentSetup, engagedSetup, hotseatSetup } from '../../../workers/gameSetup';
import { parseScenario } from '../../scenario/validate';
import { battlefieldScenario, onDefaultBattlefield } from './game';

const sample = JSON.parse(readFileSync(new URL('../../../assets/games/sample-game.json', import.meta.url), 'utf8'));

describe('the battlefield Play mode draws', () => {
  it('the hot-seat set-ups are on the default battlefield (drawn with its meshes); the recorded sample game is not', () => {
    for (const setup of [hotseatSetup(1), deploymentSetup(1), engagedSetup(1)]) expect(onDefaultBattlefield(setup.battlefield as never)).toBe(true);
    expect(onDefaultBattlefield(sample.battlefield)).toBe(false);
  });

  it("a game's own battlefield becomes a valid scenario with the same features, pieces, types and objectives", () => {
    const json = battlefieldScenario(sample.battlefield, 'Sample');
    const parsed = parseScenario(json);
    if (!parsed.ok) throw new Error(parsed.problems.join('\n'));
    const bf = sample.battlefield as { width: number; depth: number; terrain: { id: string; type: string; boxes?: unknown[]; cylinders?: unknown[] }[]; objectives: { id: string; x: number; y: number }[] };
    const s = parsed.scenario;
    expect(s.battlefield).toEqual({ width: bf.width, depth: bf.depth });
    expect((s.terrain ?? []).map((t) => [t.id, t.type, t.pieces.length])).toEqual(bf.terrain.map((t) => [t.id, t.type, (t.boxes?.length ?? 0) + (t.cylinders?.length ?? 0)]));
    expect((s.objectives ?? []).map((o) => [o.id, ...o.position])).toEqual(bf.objectives.map((o) => [o.id, o.x, o.y]));
    // A box keeps its centre, size and rotation (rules `rotationDeg` → scenario `rotation`).
    const b0 = (bf.terrain.find((t) => t.boxes?.length)!.boxes![0]) as { center: number[]; size: number[]; rotationDeg?: number };
    const p0 = s.terrain!.find((t) => t.pieces.some((p) => p.shape === 'box'))!.pieces.find((p) => p.shape === 'box') as unknown as { center: number[]; size: number[]; rotation: number };
    expect([p0.center, p0.size, p0.rotation]).toEqual([b0.center, b0.size, b0.rotationDeg ?? 0]);
  });
});
