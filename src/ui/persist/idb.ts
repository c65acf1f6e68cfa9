/**
 * The browser's key-value persistence, over the `idb` library (Jake Archibald's promise wrapper
 * of IndexedDB): one database, a few object stores with out-of-line string keys, and get / put /
 * entries / replace / clear. A failed open (private mode, quota, a blocked upgrade, no IndexedDB)
 * rejects, and callers treat persistence as best-effort.
 */
import { openDB, type IDBPDatabase } from 'idb';

/** One IndexedDB database with named object stores (keys are strings). */
export class KeyValueDb {
  private opening: Promise<IDBPDatabase> | null = null;

  /**
   * @param name the database's name
   * @param version its schema version; raising it creates the stores missing so far
   * @param stores the object stores' names
   */
  constructor(
    readonly name: string,
    readonly version: number,
    readonly stores: readonly string[],
  ) {}

  /** Opens the database (once), creating missing stores on upgrade. Rejects without IndexedDB. */
  open(): Promise<IDBPDatabase> {
    if (this.opening) return this.opening;
    if (typeof indexedDB === 'undefined') return Promise.reject(new Error('IndexedDB is not available'));
    const stores = this.stores;
    this.opening = new Promise<IDBPDatabase>((resolve, reject) => {
      openDB(this.name, this.version, {
        upgrade(db) {
          for (const s of stores) if (!db.objectStoreNames.contains(s)) db.createObjectStore(s);
        },
        // Another tab holds an older version open: fail rather than wait for ever.
        blocked: () => reject(new Error('IndexedDB open blocked by another tab')),
        // Another tab upgrading the schema: step aside rather than block it.
        blocking: () => {
          void this.opening?.then((db) => db.close());
          this.opening = null;
        },
      }).then(resolve, reject);
    });
    this.opening.catch(() => {
      this.opening = null;
    });
    return this.opening;
  }

  /** The value stored under `key`, or undefined. */
  async get<T>(store: string, key: string): Promise<T | undefined> {
    return (await (await this.open()).get(store, key)) as T | undefined;
  }

  /** Every `[key, value]` of a store, in key order. */
  async entries<T>(store: string): Promise<[string, T][]> {
    const tx = (await this.open()).transaction(store, 'readonly');
    const [keys, values] = await Promise.all([tx.store.getAllKeys(), tx.store.getAll()]);
    return keys.map((k, i) => [String(k), values[i] as T]);
  }

  /** Stores `value` under `key` (structured clone: ArrayBuffers are fine). */
  async put(store: string, key: string, value: unknown): Promise<void> {
    await (await this.open()).put(store, value, key);
  }

  /**
   * Replaces the whole content of `store` with `values`, and writes `extra` (other stores) in the
   * same transaction, so a reader never sees half of it.
   */
  async replace(store: string, values: Record<string, unknown>, extra: { store: string; key: string; value: unknown }[] = []): Promise<void> {
    const tx = (await this.open()).transaction([store, ...extra.map((e) => e.store)], 'readwrite');
    const os = tx.objectStore(store);
    const writes: Promise<unknown>[] = [os.clear()];
    for (const [k, v] of Object.entries(values)) writes.push(os.put(v, k));
    for (const e of extra) writes.push(tx.objectStore(e.store).put(e.value, e.key));
    await Promise.all([...writes, tx.done]);
  }

  /** Empties the given stores in one transaction. */
  async clear(...stores: string[]): Promise<void> {
    const tx = (await this.open()).transaction(stores, 'readwrite');
    await Promise.all([...stores.map((s) => tx.objectStore(s).clear()), tx.done]);
  }
}
