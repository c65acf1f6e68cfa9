import { Canvas } from '@react-three/fiber';
import { memo, useCallback, useMemo, type ReactNode } from 'react';
import { WebGLRenderer, type Ray } from 'three';
import { AdaptiveResolution } from './AdaptiveResolution';
import { BattlefieldMat } from './BattlefieldMat';
import { CameraRig } from './CameraRig';
import { rayToTable } from './DragController';
import { GridOverlay } from './GridOverlay';
import { Lights } from './Lights';
import { ModelInstances } from './ModelInstances';
import { ObjectiveMarkers } from './ObjectiveMarkers';
import { armyColor, BACKGROUND_COLOR } from './palette';
import { ReadySignal } from './ReadySignal';
import { SceneBridge, type SceneHandleRef } from './SceneBridge';
import { DeferredPresent } from './DeferredPresent';
import { desynchronizedRenderer, renderProfile } from './renderProfile';
import { keptRendererFactory } from './keptRenderer';
import { SelectionRings } from './SelectionRings';
import { ShaderWarmup } from './ShaderWarmup';
import { ShadowBaker } from './ShadowBaker';
import { applyOneTapShadowFilter } from './softwareShading';
import { TableSpace } from './TableSpace';
import { TerrainFeatureMesh } from './TerrainFeatureMesh';
import { TerritoryOverlay } from './TerritoryOverlay';
import type { BattlefieldData, CameraView, HoverTarget } from './types';

/** What a click on the scene hit. */
export interface ScenePick {
  kind: 'model' | 'terrain' | 'objective';
  id: string;
}

/** Modifier state of a pick: shift (whole unit), ctrl/cmd (add to selection), double click. */
export interface PickModifiers {
  shift: boolean;
  additive: boolean;
  double: boolean;
}

/** Props of {@link TableScene}. */
export interface TableSceneProps {
  /** The battlefield to draw (table space). */
  data: BattlefieldData;
  /** Show the 1" grid. Default false. */
  showGrid?: boolean;
  /** Show the territories. Default true. */
  showTerritories?: boolean;
  /** Camera request (bump `seq` to re-apply). Default oblique. */
  view?: CameraView;
  /** Selected model ids (drawn gold with a ring). Default: none. */
  selectedIds?: ReadonlySet<string>;
  /** What the pointer is over (for highlighting). Default: nothing. */
  hovered?: HoverTarget | null;
  /** Terrain feature id -> highlight colour (picked by a tool, blocking a line). Default: none. */
  highlightTerrain?: ReadonlyMap<string, string>;
  /** Objective ids to highlight (picked by a tool). Default: none. */
  highlightObjectives?: ReadonlySet<string>;
  /** Pointer over something (client coordinates), or `null` when it leaves. */
  onHover?: (target: HoverTarget | null, clientX: number, clientY: number) => void;
  /** A click (or double click) on a model, a terrain feature or an objective. */
  onPick?: (target: ScenePick, mods: PickModifiers) => void;
  /** A click that hit nothing pickable. */
  onMissed?: () => void;
  /**
   * A model was pressed to be dragged: where the pointer's ray meets the table plane (table space,
   * inches), or null when it does not. When given, pressing a model never orbits the camera.
   */
  onPressModel?: (id: string, at: [number, number] | null) => void;
  /** Filled with a handle on the live canvas (projection, PNG capture, redraw). */
  bridge?: SceneHandleRef;
  /** Overlays drawn in TABLE space (inches, z up), above the battlefield. */
  children?: ReactNode;
  /** Called once after the first frame of the loaded scene has been drawn. */
  onReady?: () => void;
}

const NO_SELECTION: ReadonlySet<string> = new Set();
const NO_HIGHLIGHT: ReadonlyMap<string, string> = new Map();
const DEFAULT_VIEW: CameraView = { mode: 'oblique', seq: 0 };

/**
 * The 3D tabletop: a render-on-demand canvas (`frameloop="demand"`; a PNG export renders and reads
 * the canvas in one go, so the drawing buffer need not be kept) with lights and shadows (the shadow
 * map redrawn only when a caster changes, {@link ShadowBaker}), the mat, an optional grid,
 * territories, terrain, objectives and models, tool overlays, and an orbit camera. Multisampling
 * and the pixel ratio follow {@link renderProfile} (no MSAA, ratio 1 on a software rasteriser;
 * there, frames are also drawn off screen and shown once finished, {@link DeferredPresent}, and
 * `onReady` follows the first frame shown). All content is placed in table space inside
 * {@link TableSpace}.
 */
export const TableScene = memo(function TableScene({
  data,
  showGrid = false,
  showTerritories = true,
  view = DEFAULT_VIEW,
  selectedIds = NO_SELECTION,
  hovered = null,
  highlightTerrain = NO_HIGHLIGHT,
  highlightObjectives,
  onHover,
  onPick,
  onMissed,
  onPressModel,
  bridge,
  children,
  onReady,
}: TableSceneProps) {
  const { width, depth } = data;
  const hover = useCallback(
    (kind: HoverTarget['kind']) => (id: string | null, x: number, y: number) => onHover?.(id ? ({ kind, id } as HoverTarget) : null, x, y),
    [onHover],
  );
  const hoverModel = useMemo(() => hover('model'), [hover]);
  const hoverTerrain = useMemo(() => hover('terrain'), [hover]);
  const hoverObjective = useMemo(() => hover('objective'), [hover]);
  const selectedModels = useMemo(() => data.models.filter((m) => selectedIds.has(m.id)), [data.models, selectedIds]);
  const extent = Math.max(width, depth) / 2 + 6;
  const profile = renderProfile();
  if (profile.software) applyOneTapShadowFilter();
  const shading = profile.software ? 'lambert' : 'standard';

  const pickModel = useCallback(
    (id: string, opts: { unit: boolean; additive: boolean }) => onPick?.({ kind: 'model', id }, { shift: opts.unit, additive: opts.additive, double: false }),
    [onPick],
  );
  const pickTerrain = useCallback((id: string) => onPick?.({ kind: 'terrain', id }, { shift: false, additive: false, double: false }), [onPick]);
  const pickObjective = useCallback((id: string, e: { shiftKey: boolean }) => onPick?.({ kind: 'objective', id }, { shift: e.shiftKey, additive: false, double: false }), [onPick]);
  // The page's one table renderer, kept across the App's remounts (keptRenderer.ts): its shader programs stay linked.
  const tableRenderer = useMemo(
    () =>
      keptRendererFactory(
        profile.desynchronized
          ? (canvas) => desynchronizedRenderer(profile.antialias)({ canvas })
          : (canvas) => new WebGLRenderer({ canvas, antialias: profile.antialias, alpha: true, powerPreference: 'high-performance' }),
      ),
    [profile.desynchronized, profile.antialias],
  );
  const press = useMemo(() => (onPressModel ? (id: string, ray: Ray) => onPressModel(id, rayToTable(ray, width, depth)) : undefined), [onPressModel, width, depth]);

  return (
    <Canvas
      className="table-canvas"
      frameloop="demand"
      shadows="percentage"
      dpr={profile.dpr}
      performance={{ min: profile.movingScale, max: 1, debounce: 250 }}
      gl={tableRenderer}
      camera={{ fov: 40, near: 0.5, far: 1000, position: [0, 60, 50] }}
      onPointerMissed={() => onMissed?.()}
    >
      <AdaptiveResolution />
      <color attach="background" args={[BACKGROUND_COLOR]} />
      <fog attach="fog" args={[BACKGROUND_COLOR, 160, 360]} />
      <Lights extent={extent} />
      <ShadowBaker />
      {profile.offscreenFrames && <DeferredPresent onFirstFrame={onReady} />}
      <CameraRig width={width} depth={depth} view={view} />
      <TableSpace width={width} depth={depth}>
        <BattlefieldMat width={width} depth={depth} shading={shading} />
        {showTerritories &&
          Object.entries(data.territories).map(([army, polygon]) => (
            <TerritoryOverlay key={army} army={army} polygon={polygon} color={armyColor(army, data.armies)} />
          ))}
        {showGrid && <GridOverlay width={width} depth={depth} />}
        {data.terrain.map((t) => (
          <TerrainFeatureMesh
            key={t.id}
            feature={t}
            hovered={hovered?.kind === 'terrain' && hovered.id === t.id}
            highlight={highlightTerrain.get(t.id) ?? null}
            onHover={hoverTerrain}
            onClick={onPick ? pickTerrain : undefined}
            shading={shading}
          />
        ))}
        <ObjectiveMarkers objectives={data.objectives} onHover={hoverObjective} onClick={onPick ? pickObjective : undefined} highlightIds={highlightObjectives} />
        <ModelInstances
          models={data.models}
          armies={data.armies}
          selectedIds={selectedIds}
          hoveredId={hovered?.kind === 'model' ? hovered.id : null}
          onHover={hoverModel}
          onSelect={onPick ? pickModel : undefined}
          onPress={press}
        />
        <SelectionRings models={selectedModels} />
        <ShaderWarmup />
        {children}
      </TableSpace>
      {bridge && <SceneBridge handle={bridge} width={width} depth={depth} />}
      {onReady && !profile.offscreenFrames && <ReadySignal onReady={onReady} />}
    </Canvas>
  );
});
