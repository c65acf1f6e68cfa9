/**
 * The Play mode's children of the table's canvas: the drag (its controller, the unit's ghosts, the
 * live allowance label, the move / run / charge rings), the models placed one at a time, the
 * refusal's chip, the game's state on the table (wounds, slain, what each unit did), the selected
 * unit's weapon ranges and the enemy units it can shoot now, the units waiting to be set up, and
 * the other player's move played along its paths (online).
 */
import { useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import type { GameSummary } from '../../client/gameClient';
import { perfMark } from '../../client/perfTrace';
import { DragController } from '../../scene/DragController';
import { MoveGhost } from '../../scene/MoveGhost';
import { MovePlayback } from '../../scene/MovePlayback';
import { armyColor } from '../../scene/palette';
import { RangeRings, type RangeRing } from '../../scene/RangeRings';
import { SceneLabel } from '../../scene/SceneLabel';
import { SelectionRings } from '../../scene/SelectionRings';
import { UnitStateMarkers, type UnitStateMark } from '../../scene/UnitStateMarkers';
import type { BattlefieldData } from '../../scene/types';
import type { Point2 } from '../tools/types';
import type { PanelStore } from './panelStore';
import type { DragLabel } from './playTypes';
import type { LiveLabel } from './usePlayMoveTool';
import { currentMeasure, in1 } from './tools/moveMeasure';
import type { MoveToolState } from './tools/moveTool';

/** Ring colour of units not deployed yet (deployment phase) and of units waiting in reserve. */
const UNDEPLOYED_COLOR = '#b9c2cc';
/** Ring colour of the unit whose name the pointer is on in the panel (session 41, ui41). */
const HOVER_UNIT_COLOR = '#ffe066';
/** The chip's words on a unit the selected unit can shoot now (in range and visible, the engine's options). */
export const TARGET_WORDS = 'in range · visible';

/** Props of {@link PlayScene}. */
export interface PlaySceneProps {
  /** The table's data (models, armies, size). */
  data: BattlefieldData;
  /** The summary the table draws (null: before the game is up; only the drag is drawn). */
  summary: GameSummary | null;
  /** The panel's store: the selected unit's shooting targets are read from its options. */
  store: PanelStore;
  /** The selected unit (null: none; no weapon ranges). */
  selectedUnit: string | null;
  /** The move tool's state: the drag, the placed models, the refusal's chip. */
  move: MoveToolState;
  /** The live label of the drag (null: none). */
  label: DragLabel | null;
  /** The move tool's live label (its text and tone drawn as soon as the tool has them). */
  liveLabel: LiveLabel;
  /** The dragged model's allowance, inches (null: a set-up; no rings). */
  allowance: number | null;
  /** The pointer moved during a press or a drag (table inches). */
  onPointer: (at: Point2) => void;
  /** The pointer was released. */
  onRelease: () => void;
  /** Another player's move being played (null: none). */
  playback: { n: number; paths: Record<string, Point2[]> } | null;
  /** Playback `n` reached its ends. */
  onPlaybackDone: (n: number) => void;
}

/** The selected unit and the enemy units it can shoot now (the engine's available shoot options), as a key. */
function shootTargetsKey(store: PanelStore): string {
  const op = store.get().options;
  return op?.ok ? [op.unitId, ...new Set(op.entries.filter((e) => e.group === 'shoot' && e.available && e.target).map((e) => e.target!))].join('|') : '';
}

/**
 * A ghost's colour while dragging: red (false) when its own move is too long or impossible (a whole
 * unit measured: `badModels`, issue 35), else as the label says (true: measured and within the
 * allowance; null: not measured yet).
 */
function ghostLegal(label: DragLabel | null, modelId: string): boolean | null {
  if (!label) return null;
  if (label.badModels) return label.badModels.includes(modelId) ? false : label.measured ? true : null;
  return label.bad ? false : label.measured ? true : null;
}

/**
 * The drag label's text and tone as the move tool has them now (`LiveLabel`, issue 35 item 6):
 * read from the tool's store, so an answer of the engine is drawn as soon as it is in (a store
 * update renders this at once) instead of after the page's, the scene's and the label's own
 * renders. The chip's tone (`bad` red, else `info`) is set in the same commit as the text.
 * `fallback`: the label of the page's render (when the store has none).
 */
function LiveLabelText({ live, fallback }: { live: LiveLabel; fallback: DragLabel }) {
  const l = useSyncExternalStore(live.subscribe, live.get) ?? fallback;
  const text = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const chip = text.current?.parentElement;
    if (!chip) return;
    chip.classList.toggle('bad', l.bad);
    chip.classList.toggle('info', !l.bad);
  });
  if (l.measured) perfMark('labelRender');
  return <span ref={text}>{l.text}</span>;
}

/** The Play mode's scene children (see the module comment). */
export function PlayScene({ data, summary, store, selectedUnit, move, label, liveLabel, allowance, onPointer, onRelease, playback, onPlaybackDone }: PlaySceneProps) {
  if (label?.measured) perfMark('sceneRender');
  // Re-rendered only when the set of targets changes (a string key), not on every panel change.
  const shootTargets = useSyncExternalStore(store.subscribe, () => shootTargetsKey(store));
  // Session 41 (ui41): the unit whose name the pointer is on in the panel (the unit passed across to pick).
  const hoverUnit = useSyncExternalStore(store.subscribe, () => store.get().hoverUnit ?? null);
  const drag = move.drag;
  const pressing = drag.name === 'pressing' || drag.name === 'dragging';
  const dr = drag.name === 'dragging' || drag.name === 'dropping' ? drag : null;
  const dm = dr ? data.models.find((m) => m.id === dr.modelId) : undefined;
  const measure = dr ? currentMeasure(dr) : null;
  const unit = dm && summary ? summary.units.find((u) => u.id === dm.unitId) : undefined;
  const staged = move.staged;
  const refusedAt = move.refused;
  // Rings around the dragged model's start: its move, run (Move + the run roll, or + 6 before the
  // roll) and charge (the charge roll, or 12 before the roll); in the combat phase the pile-in's 3".
  const rings: RangeRing[] = [];
  if (dm && unit && summary && allowance !== null) {
    const z = dm.elevation;
    const [x, y] = dr!.start;
    if (summary.phase === 'combat' && !unit.pendingMove) rings.push({ x, y, z, radius: 3, color: '#ffd166', label: 'pile-in 3"', testId: 'play-ring-pilein' });
    else {
      rings.push({ x, y, z, radius: unit.pendingMove?.kind === 'run' ? unit.pendingMove.maxInches : unit.move, color: '#5ee0ff', label: `move ${in1(unit.pendingMove && unit.pendingMove.kind !== 'charge' ? unit.pendingMove.maxInches : unit.move)}"`, testId: 'play-ring-move' });
      if (unit.pendingMove?.kind !== 'run') rings.push({ x, y, z, radius: unit.move + (unit.runRoll ?? 6), color: '#9b8cff', label: unit.runRoll ? `run ${in1(unit.move + unit.runRoll)}"` : `run ≤ ${in1(unit.move + 6)}"`, testId: 'play-ring-run' });
      rings.push({ x, y, z, radius: unit.chargeRoll ?? 12, color: '#ff9f43', label: unit.chargeRoll ? `charge ${in1(unit.chargeRoll)}"` : 'charge ≤ 12"', testId: 'play-ring-charge' });
    }
  }
  // The selected unit's targets in range and visible (the engine's options).
  const [tUnit, ...tIds] = shootTargets.split('|');
  const selTargets = selectedUnit && tUnit === selectedUnit ? new Set(tIds) : new Set<string>();
  // The game's state on the table: wounds and slain, what each unit did this turn, in combat; a
  // target of the selected unit says so in its chip, stacked with the others (issue 35: the
  // "in range · visible" labels covered the chips).
  const marks: UnitStateMark[] = summary
    ? summary.units
        .filter((u) => u.deployed)
        .map((u) => ({
          unitId: u.id,
          health: u.health,
          damage: u.damage,
          slain: u.models - u.alive,
          woundedModel: u.slainPriority[0] ?? u.aliveModelIds[u.aliveModelIds.length - 1] ?? null,
          flags: [
            ...(u.inCombat ? ['in combat'] : []),
            ...(u.moved ? [u.usedRun ? 'ran' : 'moved'] : []),
            ...(u.charged ? ['charged'] : []),
            ...(u.shot ? ['shot'] : []),
            ...(u.fought ? ['fought'] : []),
            ...(selTargets.has(u.id) ? [TARGET_WORDS] : []),
          ],
        }))
    : [];
  // Weapon ranges of the selected unit (a ring per ranged weapon around each of its models: the
  // base's edge plus the range) and the enemy units it can shoot now (the engine's options).
  const sel = selectedUnit && summary ? summary.units.find((u) => u.id === selectedUnit) : undefined;
  const weaponRings: RangeRing[] = [];
  if (sel && !dr) {
    const ranges = [...new Map(sel.ranges.map((r) => [r.range, r])).values()];
    for (const m of data.models.filter((mm) => mm.unitId === sel.id))
      ranges.forEach((r, i) =>
        weaponRings.push({ x: m.footprint.x, y: m.footprint.y, z: m.elevation, radius: m.footprint.semiMajor + r.range, color: i === 0 ? '#ff6b9a' : '#ffc6d9', label: m.id === sel.aliveModelIds[0] ? `${r.weapon} ${in1(r.range)}"` : undefined, testId: `play-range-${i}` }),
      );
  }
  const targets = sel ? selTargets : new Set<string>();
  // Units waiting to be set up: undeployed ones in the deployment phase, and units in reserve
  // while they are shown (their player's movement phase, rounds 1-3).
  const waiting = new Set(summary ? summary.units.filter((u) => (summary.stage === 'deployment' ? !u.deployed : u.reserve)).map((u) => u.id) : []);
  return (
    <>
      {waiting.size > 0 && <SelectionRings models={data.models.filter((m) => waiting.has(m.unitId))} color={UNDEPLOYED_COLOR} gap={0.16} />}
      <DragController active={pressing} width={data.width} depth={data.depth} onPointer={onPointer} onRelease={onRelease} />
      {dr &&
        dm &&
        data.models
          .filter((m) => m.unitId === dm.unitId && (!move.single || m.id === dm.id))
          .map((m) => (
            <MoveGhost
              key={m.id}
              model={m}
              to={[m.footprint.x + dr.to[0] - dr.start[0], m.footprint.y + dr.to[1] - dr.start[1]]}
              legal={ghostLegal(label, m.id)}
              color={armyColor(m.army, data.armies)}
              path={m.id === dm.id ? measure?.path : undefined}
            />
          ))}
      {dr && dm && label && (
        <SceneLabel position={[dr.to[0], dr.to[1], dm.elevation + dm.height + 0.6]} tone={label.bad ? 'bad' : 'info'} testId="play-drag-allowance" inView>
          <LiveLabelText live={liveLabel} fallback={label} />
        </SceneLabel>
      )}
      {staged &&
        data.models
          .filter((m) => staged.paths[m.id] && !(dr && dr.modelId === m.id))
          .map((m) => <MoveGhost key={`staged-${m.id}`} model={m} to={staged.paths[m.id]} legal={null} color={armyColor(m.army, data.armies)} path={staged.routes[m.id]} />)}
      {rings.length > 0 && <RangeRings rings={rings} name="move-rings" />}
      {weaponRings.length > 0 && <RangeRings rings={weaponRings} name="weapon-ranges" />}
      {hoverUnit && <SelectionRings models={data.models.filter((m) => m.unitId === hoverUnit)} color={HOVER_UNIT_COLOR} gap={0.3} />}
      {targets.size > 0 && <SelectionRings models={data.models.filter((m) => targets.has(m.unitId))} color="#ff3b6b" gap={0.22} />}
      {!dr && refusedAt && (
        <SceneLabel position={[refusedAt.at[0], refusedAt.at[1], refusedAt.z]} tone="bad" testId="play-refused-at" inView>
          {refusedAt.text}
        </SceneLabel>
      )}
      <UnitStateMarkers models={data.models} marks={marks} />
      {playback && (
        <MovePlayback
          key={playback.n}
          models={data.models.filter((m) => playback.paths[m.id])}
          paths={playback.paths}
          colorOf={(m) => armyColor(m.army, data.armies)}
          onDone={() => onPlaybackDone(playback.n)}
        />
      )}
    </>
  );
}
