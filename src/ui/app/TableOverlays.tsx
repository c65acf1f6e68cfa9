import { CombatRanges } from '../../scene/CombatRanges';
import { LosOverlay } from '../../scene/LosOverlay';
import { MeasureOverlay } from '../../scene/MeasureOverlay';
import { ObjectiveContest } from '../../scene/ObjectiveContest';
import { RuleVolumes } from '../../scene/RuleVolumes';
import { SegmentMarker } from '../../scene/SegmentMarker';
import { SelectionRings } from '../../scene/SelectionRings';
import type { BattlefieldData } from '../../scene/types';
import { inches2 } from '../format';
import type { CombatState } from '../tools/combatTool';
import type { LosState } from '../tools/losTool';
import type { MeasureState } from '../tools/measureTool';
import type { ToolId } from '../tools/types';
import { COMBAT_COLOR, ISOLATED_COLOR, PICK_COLORS, type OverlayData } from './useOverlayData';

/** Props of {@link TableOverlays}. */
export interface TableOverlaysProps {
  data: BattlefieldData;
  overlays: OverlayData;
  tool: ToolId;
  measure: MeasureState;
  los: LosState;
  combat: CombatState;
  /** The who-sees-whom cell under the pointer (observer unit, target unit): its pair is ringed. */
  sightHover: readonly [string, string] | null;
  /** The observer's-eye view is on: the verdict's label is hidden, the witness's markers small. */
  eyeActive: boolean;
}

/**
 * The tools' drawings on the table (inside the scene): contested objectives, isolated models,
 * combat ranges and pairs, the measure and line-of-sight tools' picks, segment, verdict and
 * blockers, the volumes the verdict uses.
 */
export function TableOverlays({ data: d, overlays: o, tool, measure, los, combat, sightHover, eyeActive }: TableOverlaysProps) {
  return (
    <>
      {o.boardShown && <ObjectiveContest objectives={d.objectives} contestedBy={o.contestedBy} />}
      <SelectionRings models={o.isolated} color={ISOLATED_COLOR} gap={0.2} />
      {combat.name !== 'off' && (
        <>
          <CombatRanges models={o.rangeModels} colorOf={o.colorOfModel} height={o.tableHeight} />
          <SelectionRings models={d.models.filter((m) => o.inCombatUnits.has(m.unitId))} color={COMBAT_COLOR} gap={0.34} />
          {o.pairs.map((p) => p.witness && <SegmentMarker key={`${p.a}-${p.b}`} points={p.witness} color={COMBAT_COLOR} lineWidth={2} markerRadius={0.08} />)}
        </>
      )}
      <SelectionRings models={o.pickedModels(o.picks.a)} color={PICK_COLORS.a} gap={0.12} />
      <SelectionRings models={o.pickedModels(o.picks.b)} color={PICK_COLORS.b} gap={0.12} />
      {tool === 'los' && sightHover && (
        <>
          <SelectionRings models={d.models.filter((m) => m.unitId === sightHover[0])} color={PICK_COLORS.a} gap={0.3} />
          <SelectionRings models={d.models.filter((m) => m.unitId === sightHover[1])} color={PICK_COLORS.b} gap={0.3} />
        </>
      )}
      {o.measureShown && <MeasureOverlay points={o.measureShown.points} horizontalPoints={o.measureShown.horizontalPoints} label={inches2(o.measureShown.distance)} stale={measure.name === 'measuring'} />}
      {o.losShown && (
        <>
          <LosOverlay
            visible={o.losShown.visible}
            witness={o.losShown.witness}
            blockedLine={o.blockedLine}
            hits={o.favouriteHits}
            stale={los.name === 'checking'}
            hideLabel={eyeActive}
            witnessMarkerRadius={eyeActive ? 0.035 : undefined}
          />
          <SelectionRings models={o.blockers.filter((h) => h.kind === 'model').flatMap((h) => (o.modelsById.has(h.id) ? [o.modelsById.get(h.id)!] : []))} color={ISOLATED_COLOR} gap={0.26} />
          <RuleVolumes models={o.volumeModels} contacts={o.contacts} />
        </>
      )}
    </>
  );
}
