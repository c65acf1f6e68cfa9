/**
 * A very small promise wrapper over the plain IndexedDB API: one database, a few object stores
 * with out-of-line keys, and get / put / delete / clear / getAll. No library, no schema beyond the
 * store names. Every call opens its own transaction; a failed open (private mode, quota, blocked
 * upgrade) rejects, and callers treat persistence as best-effort.
 */

/** Resolves an IDBRequest. */
function done<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

/** Resolves when a transaction commits. */
function committed(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
  });
}

/** One IndexedDB database with named object stores (keys are strings). */
export class KeyValueDb {
  private opening: Promise<IDBDatabase> | null = null;

  constructor(
    readonly name: string,
    readonly version: number,
    readonly stores: readonly string[],
  ) {}

  /** Opens the database (once), creating missing stores on upgrade. */
  open(): Promise<IDBDatabase> {
    if (this.opening) return this.opening;
    this.opening = new Promise<IDBDatabase>((resolve, reject) => {
      if (typeof indexedDB === 'undefined') return reject(new Error('IndexedDB is not available'));
      const req = indexedDB.open(this.name, this.version);
      req.onupgradeneeded = () => {
        const db = req.result;
        for (const s of this.stores) if (!db.objectStoreNames.contains(s)) db.createObjectStore(s);
      };
      req.onsuccess = () => {
        const db = req.result;
        // Another tab upgrading the schema: step aside rather than block it.
        db.onversionchange = () => {
          db.close();
          this.opening = null;
        };
        resolve(db);
      };
      req.onerror = () => reject(req.error ?? new Error('IndexedDB open failed'));
      req.onblocked = () => reject(new Error('IndexedDB open blocked by another tab'));
    });
    this.opening.catch(() => {
      this.opening = null;
    });
    return this.opening;
  }

  /** The value stored under `key`, or undefined. */
  async get<T>(store: string, key: string): Promise<T | undefined> {
    const db = await this.open();
    return (await done(db.transaction(store, 'readonly').objectStore(store).get(key))) as T | undefined;
  }

  /** Every `[key, value]` of a store. */
  async entries<T>(store: string): Promise<[string, T][]> {
    const db = await this.open();
    const os = db.transaction(store, 'readonly').objectStore(store);
    const [keys, values] = await Promise.all([done(os.getAllKeys()), done(os.getAll())]);
    return keys.map((k, i) => [String(k), values[i] as T]);
  }

  /** Stores `value` under `key` (structured clone: ArrayBuffers are fine). */
  async put(store: string, key: string, value: unknown): Promise<void> {
    const db = await this.open();
    const tx = db.transaction(store, 'readwrite');
    tx.objectStore(store).put(value, key);
    await committed(tx);
  }

  /**
   * Replaces the whole content of `store` with `values`, and writes `extra` (other stores) in the
   * same transaction, so a reader never sees half of it.
   */
  async replace(store: string, values: Record<string, unknown>, extra: { store: string; key: string; value: unknown }[] = []): Promise<void> {
    const db = await this.open();
    const tx = db.transaction([store, ...extra.map((e) => e.store)], 'readwrite');
    const os = tx.objectStore(store);
    os.clear();
    for (const [k, v] of Object.entries(values)) os.put(v, k);
    for (const e of extra) tx.objectStore(e.store).put(e.value, e.key);
    await committed(tx);
  }

  /** Empties the given stores. */
  async clear(...stores: string[]): Promise<void> {
    const db = await this.open();
    const tx = db.transaction(stores, 'readwrite');
    for (const s of stores) tx.objectStore(s).clear();
    await committed(tx);
  }
}
