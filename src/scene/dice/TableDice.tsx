import { lazy, Suspense, useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { TerrainView } from '../types';
import { DiceShelf, type ShelfRow } from './DiceShelf';
import { tableDice, type TableDiceRequest } from './tableDiceStore';
import type { ThrowPhase, ThrowRest } from './TableDiceThrow';
import { TRAY_ROWS } from './throwLayout';

/** Props of {@link TableDice}. Table space (inches, z up): a child of the table scene. */
export interface TableDiceProps {
  /** Battlefield width, inches. */
  width: number;
  /** Battlefield depth, inches. */
  depth: number;
  /** The terrain the dice bounce off. */
  terrain: readonly TerrainView[];
  /** Time the dice stay where they landed before they go to the tray, ms. Default 1200. */
  readMs?: number;
}

/** The dice test hook (`window.__sightlineDice`): what the table shows, read back from the drawn dice. */
export interface TableDiceHook {
  /**
   * The throw on the table now (its sequence number) or null, where it is (its rest being
   * predicted, rolling, at rest), the tray's rows (newest first) and the mode.
   */
  state(): { rolling: number | null; phase: ThrowPhase | null; rows: number[]; mode: 'throw' | 'tray' };
  /** The last throw that came to rest on the table: faces read back from its drawn dice, per group. */
  lastThrown(): ({ seq: number; id: number } & ThrowRest) | null;
  /** The tray's rows: each throw's faces read back from the drawn dice, per group (newest first). */
  tray(): { seq: number; id: number; faces: number[][] }[];
  /** Throws dice (as the dice roller does); resolves with the throw's sequence number. */
  throw(request: TableDiceRequest): number;
  /** Skips the throw in progress (as the K key does). */
  skip(): void;
  setMode(mode: 'throw' | 'tray'): void;
  /**
   * Holds the throw on the table (and the next ones) where its dice are, still rolling, until
   * `hold(false)`: the physics world does not step, so the throw neither rests nor goes to the
   * tray. For a test that acts while the dice roll (a drag) on a machine of any speed: the dice
   * follow the wall clock and rest about 1 s after they are let go (less than one software-WebGL
   * frame's worth of page calls under load).
   */
  hold(on: boolean): void;
}

declare global {
  interface Window {
    __sightlineDice?: TableDiceHook;
  }
}

type Rolling = TableDiceRequest & { seq: number };

// The physics (@react-three/rapier and rapier's inlined wasm) loads with the first throw only.
const TableDiceThrow = lazy(() => import('./TableDiceThrow').then((m) => ({ default: m.TableDiceThrow })));

/**
 * The dice on the battlefield: each throw asked of {@link tableDice} is thrown onto the table
 * ({@link TableDiceThrow}), rests a moment where it landed, then joins the tray on the table's edge
 * ({@link DiceShelf}, the last {@link TRAY_ROWS} throws). With "tray only" the dice go straight to
 * the tray. A new throw, the K key or the store's `skipThrow` sends a throw still rolling to the
 * tray at once; play goes on meanwhile. The faces read back from the drawn dice go back to the
 * store (`tableDice.settled`), once per throw.
 */
export function TableDice({ width, depth, terrain, readMs = 1200 }: TableDiceProps) {
  const s = useSyncExternalStore(tableDice.subscribe, tableDice.get);
  const [rolling, setRolling] = useState<Rolling | null>(null);
  const [rows, setRows] = useState<ShelfRow[]>([]);
  const [held, setHeld] = useState(false);
  const rollingRef = useRef(rolling);
  rollingRef.current = rolling;
  const reported = useRef(new Set<number>());
  const info = useRef<{ lastThrown: ({ seq: number; id: number } & ThrowRest) | null; tray: { seq: number; id: number; faces: number[][] }[] }>({ lastThrown: null, tray: [] });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const phase = useRef<ThrowPhase | null>(null);
  const onPhase = useCallback((p: ThrowPhase) => void (phase.current = p), []);

  const toTray = useCallback((r: Rolling) => {
    setRows((old) => [r, ...old.filter((x) => x.seq !== r.seq)].slice(0, TRAY_ROWS));
  }, []);
  const report = useCallback((r: Rolling, faces: number[][]) => {
    if (reported.current.has(r.seq)) return;
    reported.current.add(r.seq);
    tableDice.settled(r.id, faces);
  }, []);
  const finish = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const r = rollingRef.current;
    if (r) toTray(r);
    phase.current = null;
    setRolling(null);
  }, [toTray]);

  // A new throw: the one rolling goes to the tray; this one is thrown (or goes to the tray).
  const seq = s.request?.seq ?? 0;
  useEffect(() => {
    const r = s.request;
    if (!r) return;
    finish();
    if (s.mode === 'tray') toTray(r);
    else setRolling(r);
  }, [seq]); // eslint-disable-line react-hooks/exhaustive-deps
  // Skip: the throw in progress goes to the tray.
  useEffect(() => {
    if (s.skip > 0) finish();
  }, [s.skip, finish]);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  // K skips the throw (keys typed into a field are the field's).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement || e.target instanceof HTMLSelectElement) return;
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.key.toLowerCase() === 'k' && rollingRef.current) tableDice.skipThrow();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const onRest = useCallback(
    (rest: ThrowRest) => {
      const r = rollingRef.current;
      if (!r) return;
      info.current.lastThrown = { seq: r.seq, id: r.id, ...rest };
      report(r, rest.faces);
      timer.current = setTimeout(finish, readMs);
    },
    [report, finish, readMs],
  );
  const onFail = useCallback(
    (reason: string) => {
      console.warn(`dice throw: ${reason}; the dice go to the tray`);
      finish();
    },
    [finish],
  );
  const onShown = useCallback(
    (faces: Map<number, number[][]>) => {
      info.current.tray = rows.map((r) => ({ seq: r.seq, id: r.id, faces: faces.get(r.seq) ?? [] }));
      for (const r of rows) if (faces.has(r.seq)) report(r, faces.get(r.seq)!);
    },
    [rows, report],
  );

  const hookState = useRef({ rolling, rows, mode: s.mode });
  hookState.current = { rolling, rows, mode: s.mode };
  useEffect(() => {
    const hook: TableDiceHook = {
      state: () => ({ rolling: hookState.current.rolling?.seq ?? null, phase: hookState.current.rolling ? phase.current : null, rows: hookState.current.rows.map((r) => r.seq), mode: hookState.current.mode }),
      lastThrown: () => info.current.lastThrown,
      tray: () => info.current.tray,
      throw: (request) => {
        tableDice.throw(request);
        return tableDice.get().request?.seq ?? 0;
      },
      skip: () => tableDice.skipThrow(),
      setMode: (m) => tableDice.setMode(m),
      hold: (on) => setHeld(on),
    };
    window.__sightlineDice = hook;
    return () => {
      if (window.__sightlineDice === hook) delete window.__sightlineDice;
    };
  }, []);

  return (
    <group name="table-dice">
      {rolling && (
        <Suspense fallback={null}>
          <TableDiceThrow key={rolling.seq} request={rolling} width={width} depth={depth} terrain={terrain} onRest={onRest} onFail={onFail} onPhase={onPhase} held={held} />
        </Suspense>
      )}
      {rows.length > 0 && <DiceShelf rows={rows} width={width} onShown={onShown} />}
    </group>
  );
}
