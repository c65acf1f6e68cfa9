import { useCallback, useEffect, useState } from 'react';
import { TableScene } from '../scene/TableScene';
import type { BattlefieldData, CameraView, HoverTarget } from '../scene/types';
import { HoverCard } from './HoverCard';
import { InfoPanel } from './InfoPanel';
import { loadDefaultBattlefield, ScenarioLoadError } from './loadBattlefield';
import { publishError, publishReady } from './readySignal';
import { SelectionPanel } from './SelectionPanel';
import { Toolbar } from './Toolbar';

type LoadState = { status: 'loading' } | { status: 'ready'; data: BattlefieldData } | { status: 'error'; problems: string[] };

/** Props of {@link App}. */
export interface AppProps {
  /** Loads the battlefield to show. Default: the bundled default scenario. */
  load?: () => Promise<BattlefieldData>;
}

const EMPTY: ReadonlySet<string> = new Set();

/** The Sightline page: loads a scenario and shows it as a 3D tabletop with view controls. */
export function App({ load = loadDefaultBattlefield }: AppProps) {
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const [showGrid, setShowGrid] = useState(false);
  const [showTerritories, setShowTerritories] = useState(true);
  const [view, setView] = useState<CameraView>({ mode: 'oblique', seq: 0 });
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(EMPTY);
  const [hover, setHover] = useState<{ target: HoverTarget; x: number; y: number } | null>(null);

  useEffect(() => {
    let live = true;
    load().then(
      (data) => live && setState({ status: 'ready', data }),
      (e: unknown) => {
        if (!live) return;
        const problems = e instanceof ScenarioLoadError ? e.problems : [e instanceof Error ? e.message : String(e)];
        console.error('Sightline: the scenario did not load:\n' + problems.join('\n'));
        publishError(problems);
        setState({ status: 'error', problems });
      },
    );
    return () => {
      live = false;
    };
  }, [load]);

  const data = state.status === 'ready' ? state.data : null;

  const onReady = useCallback(() => {
    if (!data) return;
    publishReady({ scenarioName: data.name, modelCount: data.models.length, terrainCount: data.terrain.length });
  }, [data]);

  const onHover = useCallback((target: HoverTarget | null, x: number, y: number) => {
    setHover(target ? { target, x, y } : null);
  }, []);

  const onSelectModel = useCallback(
    (id: string, opts: { unit: boolean; additive: boolean }) => {
      if (!data) return;
      const m = data.models.find((mm) => mm.id === id);
      if (!m) return;
      const ids = opts.unit ? (data.units.find((u) => u.id === m.unitId)?.modelIds ?? [id]) : [id];
      setSelectedIds((prev) => {
        const next = new Set(opts.additive ? prev : []);
        for (const x of ids) next.add(x);
        return next;
      });
    },
    [data],
  );
  const clearSelection = useCallback(() => setSelectedIds((prev) => (prev.size ? EMPTY : prev)), []);
  const topDown = useCallback(() => setView((v) => ({ mode: 'top', seq: v.seq + 1 })), []);
  const oblique = useCallback(() => setView((v) => ({ mode: 'oblique', seq: v.seq + 1 })), []);
  const toggleGrid = useCallback(() => setShowGrid((g) => !g), []);
  const toggleTerritories = useCallback(() => setShowTerritories((t) => !t), []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.target instanceof HTMLInputElement || e.ctrlKey || e.metaKey || e.altKey) return;
      const k = e.key.toLowerCase();
      if (k === 't') topDown();
      else if (k === 'v') oblique();
      else if (k === 'g') toggleGrid();
      else if (k === 'r') toggleTerritories();
      else if (k === 'escape') clearSelection();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [topDown, oblique, toggleGrid, toggleTerritories, clearSelection]);

  if (state.status === 'loading') {
    return (
      <div className="status" data-testid="loading">
        <div className="spinner" /> Setting up the battlefield…
      </div>
    );
  }
  if (state.status === 'error') {
    return (
      <div className="status error" role="alert">
        <h2>The scenario could not be loaded</h2>
        <ul>
          {state.problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      </div>
    );
  }
  const d = state.data;
  return (
    <div className={`app${hover ? ' hovering' : ''}`}>
      <TableScene
        data={d}
        showGrid={showGrid}
        showTerritories={showTerritories}
        view={view}
        selectedIds={selectedIds}
        hovered={hover?.target ?? null}
        onHover={onHover}
        onSelectModel={onSelectModel}
        onClearSelection={clearSelection}
        onReady={onReady}
      />
      <InfoPanel data={d} />
      <Toolbar
        showGrid={showGrid}
        showTerritories={showTerritories}
        cameraMode={view.mode}
        onToggleGrid={toggleGrid}
        onToggleTerritories={toggleTerritories}
        onTopDown={topDown}
        onOblique={oblique}
      />
      <SelectionPanel data={d} selectedIds={selectedIds} onClear={clearSelection} />
      {hover && <HoverCard data={d} target={hover.target} x={hover.x} y={hover.y} />}
    </div>
  );
}
