import { resolve } from 'node:path';
import { loadMeshFileNode } from '../scenario/meshLoaderNode';
import { generateTable, type BenchTable } from './benchScene';

/**
 * The bench table (Node only): the seeded 60x44" table of {@link generateTable} with the Kenney
 * forge tower, vault gate and sanctum tree loaded from `assets/kenney`.
 * @param seed The table's seed (the bench uses 22 unless `BENCH_SEED` says otherwise).
 */
export async function loadBenchTable(seed: number): Promise<BenchTable> {
  const kenney = resolve(import.meta.dirname ?? '.', '../../assets/kenney');
  const [tower, gate, tree] = await Promise.all([
    loadMeshFileNode(`${kenney}/pirate/forge-tower.glb`),
    loadMeshFileNode(`${kenney}/castle/vault-gate.glb`),
    loadMeshFileNode(`${kenney}/fantasy/sanctum-tree.glb`),
  ]);
  return generateTable({ seed, kenney: { tower, gate, tree } });
}

/** The bench table's unit ids by army, in the table's order (the matrix looks from north to south). */
export function benchArmies(table: Pick<BenchTable, 'units'>): { north: string[]; south: string[] } {
  const of = (army: string) => table.units.filter((u) => u.army === army).map((u) => u.id);
  return { north: of('north'), south: of('south') };
}
