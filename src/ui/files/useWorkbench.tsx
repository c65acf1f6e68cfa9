/**
 * The workbench around the battlefield: open / save / share / new, drag-and-drop, the palette
 * (placing terrain and models), the autosave and the dice tray. One hook the App calls with a few
 * of its setters ({@link WorkbenchHost}); it returns the panels to draw over the page and the nodes
 * to draw inside the scene. Every battlefield change goes through the engine worker first.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type Dispatch, type ReactNode, type SetStateAction } from 'react';
import { armyColor } from '../../scene/palette';
import { DropIn } from '../../scene/physics/DropIn';
import type { SceneHandleRef } from '../../scene/SceneBridge';
import type { BattlefieldData, ModelView } from '../../scene/types';
import type { Engine } from '../engine/engine';
import { DicePanel } from '../palette/DicePanel';
import { NEW_ARMY, NEW_UNIT, PalettePanel, type ArmedItem, type ModelForm } from '../palette/PalettePanel';
import { placeModel, placeTerrain, type ModelSpec } from '../palette/placement';
import { PlacementLayer } from '../palette/PlacementLayer';
import { BASE_PRESETS, baseOutline, slug, TERRAIN_PRESETS, type Outline } from '../palette/presets';
import { Autosaver, type SavedBattlefield, type ViewSettings } from '../persist/autosave';
import { fetchScenario, ScenarioFetchError, type MeshBytes, type ScenarioSource } from '../scenarioSource';
import type { PlaceRecord } from '../tools/moveHistory';
import type { ToolId } from '../tools/types';
import type { Scenario } from '../../scenario/schema';
import { keepUnchangedTerrain, loadBattlefield } from './battlefield';
import { FilesBar, type AutosaveState } from './FilesBar';
import { bundledMeshUrl, meshRefs, portableScenario, resolveMeshes } from './meshes';
import { ProblemsDialog } from './ProblemsDialog';
import { PickError, readPickedFiles } from './readFiles';
import { SceneProbe, type SceneProbeRef } from './SceneProbe';
import { clearShareHash, encodeShare, shareTokenFromHash, shareUrl } from './share';
import { currentFiles, shareSource, startupInfo } from './startup';
import type { SightlineFilesHook } from './testHook';
import { downloadText } from '../proof';
import { tableDice } from '../../scene/dice/tableDiceStore';

/** What the workbench needs from the page. */
export interface WorkbenchHost {
  engine: Engine;
  /** The battlefield drawn (null while loading). */
  data: BattlefieldData | null;
  /** The first battlefield is drawn and the engine holds it. */
  ready: boolean;
  /** The page's edit counter. */
  version: number;
  /** The active tool (the palette only places with the select tool). */
  tool: ToolId;
  /** The view settings now. */
  view: ViewSettings;
  /** Applies saved view settings. */
  applyView: (v: ViewSettings) => void;
  /** Replaces the drawn battlefield in place (same ids: a placed piece or model). */
  setData: Dispatch<SetStateAction<BattlefieldData | null>>;
  /** Bumps the edit counter (tools and the autosave follow it). */
  bumpVersion: () => void;
  /** A different battlefield was loaded: reset the tools, selection and undo history, draw it. */
  replaced: (data: BattlefieldData) => void;
  /** A battlefield was opened (file, drop, share link, new), with its scenario JSON (after `replaced`). Default: nothing. */
  opened?: (json: unknown) => void;
  /** Switches to the select tool. */
  selectTool: () => void;
  /** The main canvas's handle. */
  bridge: SceneHandleRef;
  /** A placement from the palette succeeded (for the undo history). Default: nothing. */
  onPlaced?: (record: PlaceRecord) => void;
}

/** What the App draws for the workbench. */
export interface Workbench {
  /** Panels over the page (files bar, palette, dice, problems, drop overlay). */
  panels: ReactNode;
  /** Nodes inside the scene (table space): placement ghost, dropping models, probe. */
  scene: ReactNode;
  /** True while a palette item is armed (the App may style the cursor). */
  placing: boolean;
  /**
   * Puts the battlefield back to `scenario` (an undo or redo of a placement): both workers reload
   * it, the drawing keeps unchanged terrain, the edit counter bumps; tools and history stay.
   * Resolves false when it could not (busy, or refused: the problems are shown).
   */
  restore: (scenario: Scenario) => Promise<boolean>;
}

type Problems = { title: string; problems: string[] };
type Note = { ok: boolean; text: string };
interface Drop {
  model: ModelView;
  index: number;
  color: string;
}

const DEFAULT_FORM: ModelForm = { baseKey: 'r32', height: '1.5', unit: '', newName: '', army: '', newArmy: '', keywords: 'INFANTRY' };

/** Runs the workbench. See the module comment. */
export function useWorkbench(host: WorkbenchHost): Workbench {
  const { engine, data, ready, version, tool, view } = host;
  const hostRef = useRef(host);
  hostRef.current = host;
  const dataRef = useRef(data);
  dataRef.current = data;

  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const [problems, setProblems] = useState<Problems | null>(null);
  const [note, setNote] = useState<Note | null>(null);
  const [share, setShare] = useState<{ url: string; warning?: string } | null>(null);
  const [dragging, setDragging] = useState(false);
  const [paletteOpen, setPaletteOpen] = useState(false);
  const [armed, setArmed] = useState<ArmedItem | null>(null);
  const [rotation, setRotation] = useState(0);
  const [form, setForm] = useState<ModelForm>(DEFAULT_FORM);
  const [lastPlace, setLastPlace] = useState<Note | null>(null);
  const [drop, setDrop] = useState<Drop | null>(null);
  const [diceOpen, setDiceOpen] = useState(false);
  const [dice, setDice] = useState<{ rolls: number[]; seed: number }>({ rolls: [], seed: 1 });
  const [settled, setSettled] = useState<number[] | null>(null);
  const [saveState, setSaveState] = useState<{ state: AutosaveState; detail?: string }>({ state: 'idle' });
  const probe: SceneProbeRef = useRef(null);
  const dropRef = useRef(drop);
  dropRef.current = drop;

  // ---- Busy guard: one battlefield operation at a time.
  const run = useCallback(async (op: () => Promise<void>) => {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    try {
      await op();
    } catch (e) {
      setProblems({ title: 'Something went wrong', problems: [`(page): ${(e as Error).message}`] });
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  }, []);

  // Transient notes fade after a while (display only).
  useEffect(() => {
    if (!note) return;
    const t = setTimeout(() => setNote(null), 6000);
    return () => clearTimeout(t);
  }, [note]);

  // ---- Autosave: after every edit (the edit counter) and view change, once the page is ready.
  const saver = useMemo(() => new Autosaver(), []);
  const meshesDirty = useRef(true);
  const save = useCallback(async () => {
    const h = hostRef.current;
    const scenario = await h.engine.client.getScenario().catch(() => null);
    if (!scenario) return;
    const files = currentFiles();
    const record: SavedBattlefield = {
      format: 1,
      scenario,
      label: files.label,
      fallbackName: files.fallbackName,
      view: h.view,
      savedAt: Date.now(),
      version: h.version,
    };
    const meshes: MeshBytes | undefined = meshesDirty.current ? files.meshes : undefined;
    meshesDirty.current = false;
    setSaveState({ state: 'saving' });
    await saver.save(record, meshes);
    setSaveState(saver.lastError ? { state: 'failed', detail: saver.lastError } : { state: 'saved', detail: `Autosaved ${new Date().toLocaleTimeString()}` });
  }, [saver]);

  const started = useRef(false);
  useEffect(() => {
    if (!ready || started.current) return;
    started.current = true;
    const info = startupInfo();
    if (info?.origin === 'autosave' && info.view) hostRef.current.applyView(info.view);
    if (info?.origin === 'autosave') setNote({ ok: true, text: 'Restored the battlefield as you left it.' });
    if (info?.origin === 'share') {
      clearShareHash();
      setNote({ ok: true, text: 'Opened the shared battlefield.' });
    }
    if (info?.note) setNote({ ok: false, text: info.note });
    void save();
  }, [ready, save]);
  const savedFor = useRef({ version, view: `${view.showGrid}|${view.showTerritories}|${view.camera}` });
  useEffect(() => {
    if (!ready || !started.current) return;
    const key = `${view.showGrid}|${view.showTerritories}|${view.camera}`;
    if (savedFor.current.version === version && savedFor.current.view === key) return;
    savedFor.current = { version, view: key };
    void save();
  }, [ready, version, view.showGrid, view.showTerritories, view.camera, save]);

  // ---- Loading a new battlefield (open, drop, share link, new).
  const loadSource = useCallback(
    async (src: ScenarioSource, what: string, missing: { path: string; src: string }[] = []) => {
      const h = hostRef.current;
      const meshes: MeshBytes = { ...src.meshes };
      // Missing meshes: the engine still validates the file (empty stand-ins never load), and the
      // problem is reported with the reference's path.
      for (const m of missing) meshes[m.src] = new ArrayBuffer(0);
      const r = await loadBattlefield(h.engine, src.json, meshes, src.label, src.fallbackName);
      if (!r.ok || missing.length) {
        if (r.ok) throw new Error('a scenario with missing meshes was loaded');
        const pieces = new Set(missing.map((m) => m.path.replace(/\.src$/, '').replace(/\.mesh$/, '')));
        const engineProblems = r.problems.filter((p) => ![...pieces].some((piece) => p.startsWith(`${piece}:`) || p.startsWith(`${piece}.mesh:`)));
        const own = missing.map((m) => `${m.path}: the mesh file "${m.src}" was not found; open it together with the scenario (pick or drop both)`);
        setProblems({ title: `${what} could not be opened`, problems: [...engineProblems, ...own] });
        return false;
      }
      meshesDirty.current = true;
      setArmed(null);
      setProblems(null);
      setShare(null);
      // A model still dropping belongs to the old battlefield.
      dropRef.current = null;
      setDrop(null);
      h.replaced(keepUnchangedTerrain(dataRef.current, r.data));
      h.opened?.(src.json);
      return true;
    },
    [],
  );

  const openFiles = useCallback(
    (files: File[]) =>
      run(async () => {
        let picked;
        try {
          picked = await readPickedFiles(files);
        } catch (e) {
          if (e instanceof PickError) return setProblems({ title: `${files.map((f) => f.name).join(', ')} could not be opened`, problems: e.problems });
          throw e;
        }
        const { meshes, missing } = await resolveMeshes(picked.json, {}, picked.picked);
        const ok = await loadSource({ json: picked.json, meshes, label: picked.label, fallbackName: picked.fallbackName }, picked.label, missing);
        if (ok) setNote({ ok: true, text: `Opened ${picked.label}.` });
      }),
    [run, loadSource],
  );

  const saveFile = useCallback(
    () =>
      run(async () => {
        const s = await engine.track(engine.client.getScenario());
        if (!s) return;
        downloadText(`${slug(dataRef.current?.name ?? 'battlefield')}.json`, `${JSON.stringify(portableScenario(s), null, 2)}\n`);
        setNote({ ok: true, text: 'Saved the battlefield as a scenario file.' });
      }),
    [run, engine],
  );

  const makeShare = useCallback(
    () =>
      run(async () => {
        const s = await engine.track(engine.client.getScenario());
        if (!s) return;
        const url = shareUrl(await encodeShare(portableScenario(s)));
        const foreign = [...new Set(meshRefs(s).map((r) => r.src))].filter((src) => !bundledMeshUrl(src));
        const warnings: string[] = [];
        if (foreign.length) warnings.push(`This layout uses mesh files that are not bundled with Sightline (${foreign.join(', ')}); the link cannot carry them, so it will not open elsewhere.`);
        if (url.length > 8000) warnings.push(`The link is long (${url.length} characters); some apps cut long links.`);
        setShare({ url, warning: warnings.join(' ') || undefined });
      }),
    [run, engine],
  );

  const resetToDefault = useCallback(
    () =>
      run(async () => {
        let src: ScenarioSource;
        try {
          src = await fetchScenario(null);
        } catch (e) {
          return setProblems({ title: 'The default battlefield could not be opened', problems: e instanceof ScenarioFetchError ? e.problems : [(e as Error).message] });
        }
        if (await loadSource(src, 'The default battlefield')) setNote({ ok: true, text: 'Started again from the default battlefield.' });
      }),
    [run, loadSource],
  );

  const openShare = useCallback(
    (token: string) =>
      run(async () => {
        let src: ScenarioSource;
        try {
          src = await shareSource(token);
        } catch (e) {
          return setProblems({ title: 'The share link could not be opened', problems: e instanceof ScenarioFetchError ? e.problems : [(e as Error).message] });
        }
        if (await loadSource(src, 'The share link')) {
          clearShareHash();
          setNote({ ok: true, text: 'Opened the shared battlefield.' });
        }
      }),
    [run, loadSource],
  );

  // A share link pasted into the address bar of a running page.
  useEffect(() => {
    if (!ready) return;
    const onHash = () => {
      const token = shareTokenFromHash();
      if (token) void openShare(token);
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, [ready, openShare]);

  // ---- Drag and drop anywhere on the page.
  useEffect(() => {
    if (!ready) return;
    const hasFiles = (e: DragEvent) => !!e.dataTransfer && [...e.dataTransfer.types].includes('Files');
    const over = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
      setDragging(true);
    };
    const leave = (e: DragEvent) => {
      if (e.relatedTarget === null) setDragging(false);
    };
    const dropped = (e: DragEvent) => {
      if (!e.dataTransfer || e.dataTransfer.files.length === 0) return;
      e.preventDefault();
      setDragging(false);
      void openFiles([...e.dataTransfer.files]);
    };
    window.addEventListener('dragenter', over);
    window.addEventListener('dragover', over);
    window.addEventListener('dragleave', leave);
    window.addEventListener('drop', dropped);
    return () => {
      window.removeEventListener('dragenter', over);
      window.removeEventListener('dragover', over);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('drop', dropped);
    };
  }, [ready, openFiles]);

  // ---- The palette.
  const units = data?.units ?? [];
  const unitId = form.unit === NEW_UNIT || units.some((u) => u.id === form.unit) ? form.unit : (units[0]?.id ?? NEW_UNIT);
  const armies = data?.armies ?? [];
  const army = form.army === NEW_ARMY || armies.includes(form.army) ? form.army : (armies[0] ?? NEW_ARMY);
  const basePreset = BASE_PRESETS.find((b) => b.key === form.baseKey) ?? BASE_PRESETS[1];
  const height = Number(form.height);
  const armyName = army === NEW_ARMY ? form.newArmy.trim() : army;
  const formProblem =
    !(height > 0 && height < 100)
      ? 'The height must be a number of inches greater than 0.'
      : unitId === NEW_UNIT && !form.newName.trim()
        ? 'Name the new unit.'
        : unitId === NEW_UNIT && !armyName
          ? 'Name the new army.'
          : null;
  const modelArmy = unitId === NEW_UNIT ? armyName : (units.find((u) => u.id === unitId)?.army ?? '');
  const ghostColor = armed?.kind === 'model' ? armyColor(modelArmy, armies.includes(modelArmy) ? armies : [...armies, modelArmy]) : '#ffe066';
  const outline: Outline | null = !armed
    ? null
    : armed.kind === 'terrain'
      ? (TERRAIN_PRESETS.find((t) => t.key === armed.key)?.outline ?? null)
      : formProblem
        ? null
        : baseOutline(basePreset.base, height);

  const specRef = useRef<ModelSpec | null>(null);
  specRef.current =
    formProblem === null
      ? {
          base: basePreset.base,
          height,
          facing: rotation,
          unit:
            unitId === NEW_UNIT
              ? { kind: 'new', name: form.newName.trim(), army: armyName, keywords: form.keywords.split(/[\s,]+/).filter(Boolean).map((k) => k.toUpperCase()) }
              : { kind: 'existing', id: unitId },
        }
      : null;
  const armedRef = useRef(armed);
  armedRef.current = armed;
  const rotationRef = useRef(rotation);
  rotationRef.current = rotation;

  const onPlace = useCallback(
    (at: [number, number]) => {
      const item = armedRef.current;
      if (!item || busyRef.current) return;
      void run(async () => {
        const h = hostRef.current;
        // The scenario before, for the undo history (the client's copy: no wait behind jobs).
        const before = structuredClone(h.engine.client.snapshot ?? (await h.engine.track(h.engine.client.getScenario())));
        const record = async (what: PlaceRecord['what'], id: string) => {
          const after = h.engine.client.snapshot ?? (await h.engine.track(h.engine.client.getScenario()));
          if (before && after) h.onPlaced?.({ kind: 'place', what, id, before, after: structuredClone(after) });
        };
        if (item.kind === 'terrain') {
          const preset = TERRAIN_PRESETS.find((t) => t.key === item.key)!;
          const r = await placeTerrain(h.engine, preset, at, rotationRef.current);
          if (!r.ok) return setLastPlace({ ok: false, text: r.problems.join('; ') });
          meshesDirty.current = true;
          h.setData(keepUnchangedTerrain(dataRef.current, r.data));
          h.bumpVersion();
          setLastPlace({ ok: true, text: r.note });
          await record('terrain', r.placed.id);
          return;
        }
        const spec = specRef.current;
        if (!spec) return;
        const r = await placeModel(h.engine, spec, at, dataRef.current);
        if (!r.ok) return setLastPlace({ ok: false, text: r.problems.join('; ') });
        if (r.placed.kind !== 'model') return;
        await record('model', r.placed.id);
        const id = r.placed.id;
        const index = r.data.models.findIndex((m) => m.id === id);
        const model = r.data.models[index];
        // Draw everything but the new model; it drops in, then joins the others.
        h.setData(keepUnchangedTerrain(dataRef.current, { ...r.data, models: r.data.models.filter((m) => m.id !== id) }));
        setDrop({ model, index, color: armyColor(model.army, r.data.armies) });
        if (spec.unit.kind === 'new') setForm((f) => ({ ...f, unit: r.placed.kind === 'model' ? r.placed.unitId : f.unit, army: r.data.armies.includes(model.army) ? model.army : f.army }));
        setLastPlace({ ok: true, text: r.note });
      });
    },
    [run],
  );
  const landed = useCallback(() => {
    const d = dropRef.current;
    if (!d) return;
    dropRef.current = null;
    setDrop(null);
    hostRef.current.setData((cur) => {
      if (!cur || cur.models.some((m) => m.id === d.model.id)) return cur;
      const models = [...cur.models];
      models.splice(Math.min(d.index, models.length), 0, d.model);
      return { ...cur, models };
    });
    hostRef.current.bumpVersion();
  }, []);

  const restore = useCallback(async (scenario: Scenario) => {
    let ok = false;
    await run(async () => {
      const h = hostRef.current;
      const files = currentFiles();
      const r = await loadBattlefield(h.engine, scenario, files.meshes, files.label, files.fallbackName);
      if (!r.ok) return setProblems({ title: 'The battlefield could not be put back', problems: r.problems });
      // A model still dropping belongs to the state being left.
      dropRef.current = null;
      setDrop(null);
      h.setData(keepUnchangedTerrain(dataRef.current, r.data));
      h.bumpVersion();
      ok = true;
    });
    return ok;
  }, [run]);

  const arm = useCallback((item: ArmedItem | null) => {
    setArmed(item);
    if (item) hostRef.current.selectTool();
  }, []);
  const paletteRef = useRef(paletteOpen);
  paletteRef.current = paletteOpen;
  const togglePalette = useCallback(() => {
    const open = !paletteRef.current;
    paletteRef.current = open;
    if (!open) setArmed(null);
    else hostRef.current.selectTool();
    setPaletteOpen(open);
  }, []);
  // Another tool takes the clicks: the palette steps aside.
  useEffect(() => {
    if (tool !== 'select') {
      setArmed(null);
      setPaletteOpen(false);
    }
  }, [tool]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement || e.target instanceof HTMLSelectElement) return;
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.key === 'Escape') {
        // Esc disarms the armed item; with nothing armed, it closes the palette (issue 18).
        if (armedRef.current) setArmed(null);
        else if (paletteRef.current) togglePalette();
        setShare(null);
      } else if (e.key.toLowerCase() === 'p' && ready) togglePalette();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [ready, togglePalette]);

  // ---- Dice.
  const diceSeed = useRef(1);
  const roll = useCallback((faces: number[], seed?: number) => {
    const next = seed ?? diceSeed.current + 1;
    diceSeed.current = next;
    setSettled(null);
    setDiceOpen(true);
    setDice({ rolls: faces, seed: next });
    // The roll is thrown onto the battlefield too (src/scene/dice), as a player would throw it.
    tableDice.throw({ id: next, seed: next, groups: [{ label: 'Dice roller', purpose: 'roller', faces }] });
  }, []);

  // ---- Test hook.
  const hookState = useRef({ busy, dice, settled, version });
  hookState.current = { busy, dice, settled, version };
  const timing = useRef<{ times: number[]; wrapped: boolean }>({ times: [], wrapped: false });
  useEffect(() => {
    if (!ready) return;
    const hook: SightlineFilesHook = {
      startup: () => startupInfo()?.origin ?? null,
      version: () => hookState.current.version,
      busy: () => hookState.current.busy || busyRef.current,
      scenario: () => engine.client.getScenario(),
      engineStats: () => engine.client.stats(),
      autosave: () => ({ writes: saver.writes, savedVersion: saver.savedVersion, lastError: saver.lastError }),
      rollDice: (faces, seed) => roll(faces, seed),
      dice: () => ({ rolls: hookState.current.dice.rolls, settled: hookState.current.settled }),
      renderInfo: () => {
        const get = probe.current;
        if (!get) return null;
        const info = get().gl.info;
        return { calls: info.render.calls, triangles: info.render.triangles, geometries: info.memory.geometries, textures: info.memory.textures, programs: info.programs?.length ?? 0 };
      },
      orbit: (degrees) => {
        const get = probe.current;
        if (!get) return;
        const { camera, controls, invalidate } = get();
        const target = (controls as unknown as { target?: { x: number; y: number; z: number }; update?: () => void } | null)?.target ?? { x: 0, y: 0, z: 0 };
        const a = (degrees * Math.PI) / 180;
        const dx = camera.position.x - target.x;
        const dz = camera.position.z - target.z;
        camera.position.x = target.x + dx * Math.cos(a) - dz * Math.sin(a);
        camera.position.z = target.z + dx * Math.sin(a) + dz * Math.cos(a);
        camera.lookAt(target.x, target.y, target.z);
        (controls as unknown as { update?: () => void } | null)?.update?.();
        invalidate();
      },
      ruleVolumes: () => {
        const get = probe.current;
        if (!get) return null;
        const ids = (name: string) => ((get().scene.getObjectByName(name)?.userData.modelIds as string[] | undefined) ?? []).slice().sort();
        if (!get().scene.getObjectByName('rule-volumes')) return null;
        const share = (get().scene.getObjectByName('rule-volumes-blocking')?.userData.share as { id: string; highlighted: number; whole: number }[] | undefined) ?? [];
        return { plain: ids('rule-volumes-plain'), blocking: ids('rule-volumes-blocking'), share };
      },
      renderTimes: () => {
        const get = probe.current;
        if (get && !timing.current.wrapped) {
          const gl = get().gl;
          const render = gl.render.bind(gl);
          gl.render = (scene, camera) => {
            const t0 = performance.now();
            render(scene, camera);
            timing.current.times.push(performance.now() - t0);
          };
          timing.current.wrapped = true;
        }
        const out = timing.current.times;
        timing.current.times = [];
        return out;
      },
      capture: () => hostRef.current.bridge.current?.capturePng() ?? null,
    };
    window.__sightlineFiles = hook;
  }, [ready, engine, saver, roll]);

  // ---- What to draw.
  const panels = ready && data && (
    <>
      <FilesBar
        busy={busy}
        onOpenFiles={(f) => void openFiles(f)}
        onSave={() => void saveFile()}
        onShare={() => void makeShare()}
        share={share}
        onCloseShare={() => setShare(null)}
        onNew={() => void resetToDefault()}
        paletteOpen={paletteOpen}
        onTogglePalette={togglePalette}
        diceOpen={diceOpen}
        onToggleDice={() => setDiceOpen((o) => !o)}
        autosave={saveState}
      />
      {note && !problems && (
        <div className={`files-note panel ${note.ok ? 'ok' : 'bad'}`} data-testid="files-note">
          {note.text}
        </div>
      )}
      {problems && <ProblemsDialog title={problems.title} problems={problems.problems} onClose={() => setProblems(null)} />}
      {paletteOpen && (
        <PalettePanel
          data={data}
          armed={armed}
          onArm={arm}
          rotation={rotation}
          onRotation={setRotation}
          form={{ ...form, unit: unitId, army }}
          onForm={(patch) => setForm((f) => ({ ...f, unit: unitId, army, ...patch }))}
          formProblem={formProblem}
          busy={busy}
          last={lastPlace}
          onClose={togglePalette}
        />
      )}
      {diceOpen && <DicePanel rolls={dice.rolls} seed={dice.seed} settled={settled} onThrow={roll} onSettled={setSettled} onClose={() => setDiceOpen(false)} />}
      {dragging && (
        <div className="drop-overlay" data-testid="drop-overlay">
          Drop a scenario (.json), with its mesh files if it names any
        </div>
      )}
    </>
  );
  const scene = data && (
    <>
      <SceneProbe probe={probe} />
      {paletteOpen && <PlacementLayer outline={busy ? null : outline} rotation={rotation} color={ghostColor} width={data.width} depth={data.depth} onPlace={onPlace} />}
      {drop && <DropIn key={drop.model.id} model={drop.model} color={drop.color} onLanded={landed} />}
    </>
  );
  return { panels, scene, placing: armed !== null, restore };
}
