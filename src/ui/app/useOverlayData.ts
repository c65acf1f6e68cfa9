import { useCallback, useMemo } from 'react';
import { armyColor, SELECT_COLOR } from '../../scene/palette';
import type { BattlefieldData, ModelView } from '../../scene/types';
import { modelPair, topCentre } from '../names';
import { shownBoard, type BoardState } from '../tools/boardStatus';
import { shownPairs, type CombatState } from '../tools/combatTool';
import { favouriteLine, foundBlockers, shownLos, type LosState } from '../tools/losTool';
import { shownMeasure, type MeasureState } from '../tools/measureTool';
import type { PickTarget, Segment3, ToolId } from '../tools/types';

/** Colours of the tools' picks: first (A / observer) and second (B / target). */
export const PICK_COLORS = { a: '#5ee0ff', b: '#ff7ce0' } as const;
/** Isolated models (out of coherency) and line-of-sight blockers. */
export const ISOLATED_COLOR = '#ff3b30';
/** Units in combat and their witness segments. */
export const COMBAT_COLOR = '#ff9f1c';

/** Inputs of {@link useOverlayData}: the table and the tools' states. */
export interface OverlayInputs {
  data: BattlefieldData | null;
  tool: ToolId;
  measure: MeasureState;
  los: LosState;
  combat: CombatState;
  board: BoardState;
  selectedIds: ReadonlySet<string>;
  /** The terrain feature the sandbox editor has selected, if any. */
  selectedTerrain: string | null;
}

/**
 * What the table's overlays draw, all from engine answers (coordinates only here): the tools'
 * picks, the line-of-sight verdict's blockers and volumes, combat ranges, isolated models and
 * contested objectives. Pure derivation of {@link OverlayInputs}; nothing is asked of the engine.
 */
export function useOverlayData({ data, tool, measure, los, combat, board, selectedIds, selectedTerrain }: OverlayInputs) {
  const modelsById = useMemo(() => new Map((data?.models ?? []).map((m) => [m.id, m])), [data?.models]); // eslint-disable-line react-hooks/exhaustive-deps
  const colorOfModel = useCallback((m: ModelView) => armyColor(m.army, data?.armies ?? []), [data?.armies]); // eslint-disable-line react-hooks/exhaustive-deps
  const boardShown = shownBoard(board);
  const pairs = shownPairs(combat);
  const measureShown = tool === 'measure' ? shownMeasure(measure) : null;
  const losShown = tool === 'los' ? shownLos(los) : null;

  const picks = useMemo(() => {
    const out: { a: PickTarget[]; b: PickTarget[] } = { a: [], b: [] };
    if (tool === 'measure' && measure.name !== 'idle') {
      out.a.push(measure.from);
      if (measure.name !== 'pointing') out.b.push(measure.to);
    } else if (tool === 'los' && los.name !== 'idle') {
      out.a.push(los.observer);
      if (los.name !== 'pointing') out.b.push(los.target);
    }
    return out;
  }, [tool, measure, los]);

  const losProof = tool === 'los' ? foundBlockers(los) : null;
  const blockers = useMemo(() => (losProof ? losProof.blockers : []), [losProof]);
  const favourite = favouriteLine(losProof);
  const favouriteHits = losProof && losProof.lines.length ? losProof.lines[losProof.favourite].blockers.map((h) => h.at) : [];
  // Issue 39: where a tested line meets each blocking model's volume: the drawn (most favourable)
  // line's contact, else the first tested line's that touches the model.
  const contacts = useMemo(() => {
    if (!losProof || !losProof.lines.length) return [];
    const out = new Map<string, { id: string; at: [number, number, number]; exit: [number, number, number] }>();
    for (const l of [losProof.lines[losProof.favourite], ...losProof.lines]) {
      for (const h of l.blockers) if (h.kind === 'model' && !out.has(h.id)) out.set(h.id, { id: h.id, at: h.at, exit: h.exit ?? h.at });
    }
    return [...out.values()];
  }, [losProof]);
  const highlightTerrain = useMemo(() => {
    const m = new Map<string, string>();
    for (const t of picks.a) if (t.kind === 'terrain') m.set(t.id, PICK_COLORS.a);
    for (const t of picks.b) if (t.kind === 'terrain') m.set(t.id, PICK_COLORS.b);
    for (const h of blockers) if (h.kind === 'terrain') m.set(h.id, ISOLATED_COLOR);
    if (selectedTerrain) m.set(selectedTerrain, SELECT_COLOR);
    return m;
  }, [picks, blockers, selectedTerrain]);
  const highlightObjectives = useMemo(() => new Set([...picks.a, ...picks.b].filter((t) => t.kind === 'objective').map((t) => t.id)), [picks]);
  const pickedModels = useCallback(
    (ts: PickTarget[]) =>
      data ? ts.flatMap((t) => (t.kind === 'model' ? (modelsById.has(t.id) ? [modelsById.get(t.id)!] : []) : t.kind === 'unit' ? data.models.filter((m) => m.unitId === t.id) : [])) : [],
    [data, modelsById],
  );
  // Issue 39: the volumes the verdict uses (Core 1.0/6.0), drawn with every verdict shown (so the eye
  // view and the proof PNG, a capture of the view, show them): the pair's models and every blocking
  // model, each blocker highlighted only where the drawn line meets it (`contacts`). The witness's
  // ends lie on these volumes.
  const blockingModels = useMemo(() => new Set(blockers.filter((h) => h.kind === 'model').map((h) => h.id)), [blockers]);
  const volumeModels = useMemo(
    () => (losShown ? [...new Map([...pickedModels(picks.a), ...pickedModels(picks.b), ...[...blockingModels].flatMap((id) => (modelsById.has(id) ? [modelsById.get(id)!] : []))].map((m) => [m.id, m])).values()] : []),
    [losShown, picks, blockingModels, modelsById, pickedModels],
  );
  const blockedLine = useMemo((): Segment3 | undefined => {
    if (!data || tool !== 'los' || los.name === 'idle' || los.name === 'pointing' || los.name === 'failed' || !losShown || losShown.visible) return undefined;
    if (favourite) return favourite;
    const pair = modelPair(data, los.observer, los.target, losShown.observerModel, losShown.targetModel);
    return pair ? ([topCentre(pair[0]), topCentre(pair[1])] as Segment3) : undefined;
  }, [data, tool, los, losShown, favourite]);

  const selectedUnits = useMemo(() => new Set([...selectedIds].map((id) => modelsById.get(id)?.unitId).filter((u): u is string => !!u)), [selectedIds, modelsById]);
  const inCombatUnits = useMemo(() => new Set(pairs.flatMap((p) => [p.a, p.b])), [pairs]);
  // Nothing selected: every unit's range (issue 18).
  const allUnits = useMemo(() => new Set((data?.units ?? []).map((u) => u.id)), [data?.units]); // eslint-disable-line react-hooks/exhaustive-deps
  const rangeUnits = selectedUnits.size ? selectedUnits : allUnits;
  /** The units whose combat ranges are drawn, sorted (the test hook's `ranges`). */
  const rangesShown = combat.name !== 'off' ? [...rangeUnits].sort() : [];
  const rangeModels = useMemo(() => (data && combat.name !== 'off' ? data.models.filter((m) => rangeUnits.has(m.unitId)) : []), [data, combat.name, rangeUnits]);
  const tableHeight = useMemo(() => (data ? Math.max(6, ...data.terrain.map((t) => t.maxHeight), ...data.models.map((m) => m.elevation + m.height)) + 2 : 0), [data]);
  const isolated = useMemo(
    () => (boardShown && data ? Object.values(boardShown.coherency).flatMap((c) => c.isolated.map((id) => modelsById.get(id)).filter((m): m is ModelView => !!m)) : []),
    [boardShown, data, modelsById],
  );
  const contestedBy = useMemo(() => {
    const m = new Map<string, string[]>();
    if (!boardShown || !data) return m;
    for (const [o, units] of Object.entries(boardShown.contests)) {
      const armies = [...new Set(units.map((u) => data.units.find((uu) => uu.id === u)?.army ?? ''))].filter(Boolean);
      m.set(
        o,
        armies.map((a) => armyColor(a, data.armies)),
      );
    }
    return m;
  }, [boardShown, data]);
  return {
    modelsById,
    colorOfModel,
    boardShown,
    pairs,
    measureShown,
    losShown,
    picks,
    losProof,
    blockers,
    favouriteHits,
    contacts,
    highlightTerrain,
    highlightObjectives,
    pickedModels,
    blockingModels,
    volumeModels,
    blockedLine,
    inCombatUnits,
    rangesShown,
    rangeModels,
    tableHeight,
    isolated,
    contestedBy,
  };
}

/** What the table's overlays draw (see {@link useOverlayData}). */
export type OverlayData = ReturnType<typeof useOverlayData>;
