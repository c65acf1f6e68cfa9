import { Canvas } from '@react-three/fiber';
import { memo, useCallback, useMemo } from 'react';
import { BattlefieldMat } from './BattlefieldMat';
import { CameraRig } from './CameraRig';
import { GridOverlay } from './GridOverlay';
import { Lights } from './Lights';
import { ModelInstances } from './ModelInstances';
import { ObjectiveMarkers } from './ObjectiveMarkers';
import { armyColor, BACKGROUND_COLOR } from './palette';
import { ReadySignal } from './ReadySignal';
import { SelectionRings } from './SelectionRings';
import { TableSpace } from './TableSpace';
import { TerrainFeatureMesh } from './TerrainFeatureMesh';
import { TerritoryOverlay } from './TerritoryOverlay';
import type { BattlefieldData, CameraView, HoverTarget } from './types';

/** Props of {@link TableScene}. */
export interface TableSceneProps {
  /** The battlefield to draw (table space). */
  data: BattlefieldData;
  /** Show the 1" grid. Default false. */
  showGrid?: boolean;
  /** Show the territories. Default true. */
  showTerritories?: boolean;
  /** Camera preset (bump `seq` to re-apply). Default oblique. */
  view?: CameraView;
  /** Selected model ids. Default: none. */
  selectedIds?: ReadonlySet<string>;
  /** What the pointer is over (for highlighting). Default: nothing. */
  hovered?: HoverTarget | null;
  /** Pointer over something (client coordinates), or `null` when it leaves. */
  onHover?: (target: HoverTarget | null, clientX: number, clientY: number) => void;
  /** A model was picked: `unit` selects its whole unit, `additive` adds to the selection. */
  onSelectModel?: (id: string, opts: { unit: boolean; additive: boolean }) => void;
  /** A click that hit nothing selectable. */
  onClearSelection?: () => void;
  /** Called once after the first frame of the loaded scene has been drawn. */
  onReady?: () => void;
}

const NO_SELECTION: ReadonlySet<string> = new Set();
const DEFAULT_VIEW: CameraView = { mode: 'oblique', seq: 0 };

/**
 * The 3D tabletop: a render-on-demand canvas with lights and shadows, the mat, an optional
 * grid, territories, terrain, objectives and models, and an orbit camera. All content is placed
 * in table space inside {@link TableSpace}.
 */
export const TableScene = memo(function TableScene({
  data,
  showGrid = false,
  showTerritories = true,
  view = DEFAULT_VIEW,
  selectedIds = NO_SELECTION,
  hovered = null,
  onHover,
  onSelectModel,
  onClearSelection,
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

  return (
    <Canvas
      frameloop="demand"
      shadows="percentage"
      dpr={[1, 2]}
      gl={{ antialias: true }}
      camera={{ fov: 40, near: 0.5, far: 1000, position: [0, 60, 50] }}
      onPointerMissed={() => onClearSelection?.()}
    >
      <color attach="background" args={[BACKGROUND_COLOR]} />
      <fog attach="fog" args={[BACKGROUND_COLOR, 160, 360]} />
      <Lights extent={extent} />
      <CameraRig width={width} depth={depth} view={view} />
      <TableSpace width={width} depth={depth}>
        <BattlefieldMat width={width} depth={depth} />
        {showTerritories &&
          Object.entries(data.territories).map(([army, polygon]) => (
            <TerritoryOverlay key={army} army={army} polygon={polygon} color={armyColor(army, data.armies)} />
          ))}
        {showGrid && <GridOverlay width={width} depth={depth} />}
        {data.terrain.map((t) => (
          <TerrainFeatureMesh key={t.id} feature={t} hovered={hovered?.kind === 'terrain' && hovered.id === t.id} onHover={hoverTerrain} />
        ))}
        <ObjectiveMarkers objectives={data.objectives} onHover={hoverObjective} />
        <ModelInstances
          models={data.models}
          armies={data.armies}
          selectedIds={selectedIds}
          hoveredId={hovered?.kind === 'model' ? hovered.id : null}
          onHover={hoverModel}
          onSelect={onSelectModel}
        />
        <SelectionRings models={selectedModels} />
      </TableSpace>
      {onReady && <ReadySignal onReady={onReady} />}
    </Canvas>
  );
});
