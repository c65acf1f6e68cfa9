/**
 * The terrain indexes of the tables games are played on, shared by every game of one process (the
 * game server's rooms, the worker's successive games): a table's terrain BVH is built once and
 * read by every World on it (a World never changes its terrain index; moving models only touch
 * its own caches).
 *
 * The key is the table's canonical JSON without its units (terrain, battlefield, objectives,
 * territories and the carried meshes): two games share an index only when their tables are the
 * same, compared in full (not by a hash).
 *
 * @module
 */
import type { TerrainIndex } from '../geometry/world';
import { canonicalJson } from '../rules/engine/hash';
import type { GameSetupV2 } from './savedGame';

/** Tables kept by default (least recently used dropped first; a live game keeps its own index). */
export const DEFAULT_TERRAIN_CACHE_TABLES = 32;

/** A bounded, least-recently-used map from a table to its terrain index. */
export class TerrainCache {
  private readonly entries = new Map<string, TerrainIndex>();
  /** Lookups answered from the cache / built afresh since creation (for tests and the load report). */
  hits = 0;
  misses = 0;

  /** @param maxTables - tables kept (>= 1). */
  constructor(readonly maxTables = DEFAULT_TERRAIN_CACHE_TABLES) {
    if (!(maxTables >= 1)) throw new Error(`TerrainCache: maxTables must be at least 1, got ${maxTables}`);
  }

  /** The key of a saved game's table: its canonical JSON without the units and queries. */
  static keyOf(table: GameSetupV2['table']): string {
    const { units: _u, queries: _q, ...terrain } = (table.scenario ?? {}) as Record<string, unknown>;
    return canonicalJson({ scenario: terrain, meshes: table.meshes });
  }

  /** The index built for this table key, if kept. */
  get(key: string): TerrainIndex | undefined {
    const t = this.entries.get(key);
    if (t) {
      this.hits++;
      this.entries.delete(key);
      this.entries.set(key, t);
    } else this.misses++;
    return t;
  }

  /** Keeps the index of a table key (dropping the least recently used table beyond {@link maxTables}). */
  set(key: string, terrain: TerrainIndex): void {
    this.entries.delete(key);
    this.entries.set(key, terrain);
    while (this.entries.size > this.maxTables) this.entries.delete(this.entries.keys().next().value as string);
  }

  /** Tables kept now. */
  get size(): number {
    return this.entries.size;
  }
}

/** The process-wide cache every {@link GameSession} uses unless given its own. */
export const sharedTerrainCache = new TerrainCache();
