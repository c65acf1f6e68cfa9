/**
 * Sends a unit's drop (the move tool's `send` effect): every model's path asked of the game (the
 * engine's shortest legal path, in one call for the unit's models not measured yet: issue 28), the
 * action built (`deployUnit`, `setUpReserve`, the pile-in's Fight or the `move`), taken through the
 * page's `act`, and answered as the drop's note (a refusal names the model, where and why) and,
 * when refused, the chip on the table.
 */
import { modelWords } from '../../game/playerWords';
import type { Action, ActResult, GameSummary, OptionsResult } from '../../client/gameClient';
import type { ModelView } from '../../scene/types';
import { inches2 } from '../format';
import type { Point2 } from '../tools/types';
import type { PlayGame } from './game';
import type { PlayNote } from './panelStore';
import { acrossPickOf, type AcrossPick } from './passedAcross41';
import { avoidsCombat, in1, samePoint } from './tools/moveMeasure';
import type { MoveToolEffect, RefusedMark } from './tools/moveTool';

type Unit = GameSummary['units'][number];
type SendEffect = Extract<MoveToolEffect, { type: 'send' }>;

/** What a send needs of the page. */
export interface SendMoveInput {
  summary: GameSummary;
  /** The models on the table. */
  models: readonly ModelView[];
  /** The options shown (a pile-in's target is among those offered, when the unit is selected). */
  options: OptionsResult | null;
  game: PlayGame;
  act: (action: Action) => Promise<ActResult>;
}

/** The answer of a send: the drop's note and, when refused, the chip on the table. */
export interface SentMove {
  note: PlayNote;
  refused: RefusedMark | null;
  /**
   * Session 41 (ui41): the move (an ability's) passed across two or more enemy units and must name the one its
   * Effect picks: the question the Play panel asks (the move is sent again with `target` once picked).
   */
  acrossPick?: AcrossPick;
}

/**
 * The enemy unit nearest to the unit's end positions (plan-view centre distance), among `enemies`:
 * the pile-in's target (Core 15.3) and the attacks' target. Undefined: no enemy.
 */
export function nearestEnemyUnit(ends: readonly Point2[], enemies: readonly { unitId: string; x: number; y: number }[]): string | undefined {
  let target: string | undefined;
  let best = Infinity;
  for (const e of enemies) {
    for (const [x, y] of ends) {
      const dist = Math.hypot(e.x - x, e.y - y);
      if (dist < best) {
        best = dist;
        target = e.unitId;
      }
    }
  }
  return target;
}

/** Sends the drop of effect `fx` (see the module comment); resolves with its note. */
export async function sendMove(fx: SendEffect, { summary, models, options, game, act }: SendMoveInput): Promise<SentMove> {
  const unit = summary.units.find((u) => u.id === fx.unitId)!;
  const m = models.find((mm) => mm.id === fx.modelId)!;
  const deploy = summary.stage === 'deployment';
  const reserve = !deploy && unit.reserve;
  const pileIn = !deploy && !reserve && summary.phase === 'combat' && !unit.pendingMove;
  const kind = deploy ? 'deployment' : reserve ? 'reserve' : pileIn ? 'pile-in' : (unit.pendingMove?.kind ?? 'normal');
  const avoidCombat = avoidsCombat(summary.phase, unit.pendingMove?.kind);
  // A move's models take the engine's shortest legal path to their drop (measured while dragging,
  // else asked now); the straight line when there is none (the engine then says why). The models
  // not measured yet are asked in one call (issue 28: one worker round trip and one validated
  // table for the whole unit); a unit's models share their move's kind (avoidCombat).
  const paths: Record<string, Point2[]> = {};
  const ask: Record<string, Point2> = {};
  for (const [id, pts] of Object.entries(fx.drops)) {
    const to = pts[pts.length - 1];
    const route = fx.known[id];
    if (deploy || reserve) paths[id] = pts;
    else if (route && route.length >= 2 && samePoint(route[route.length - 1], to)) paths[id] = route.slice(1);
    else {
      ask[id] = to;
      paths[id] = pts; // the straight line unless the engine finds a path (kept in the drop's order)
    }
  }
  const asked = Object.keys(ask);
  if (asked.length > 0 && 'shortestPaths' in game) {
    // Hot-seat: the game worker answers the whole unit in one call.
    const r = await game.shortestPaths(ask, { ignoreUnit: true, avoidCombat });
    for (const id of asked) {
      const a = r.ok ? r.answers[id] : undefined;
      paths[id] = a?.ok && a.answer.value !== null ? (a.answer.path as Point2[]).slice(1) : fx.drops[id];
    }
  } else {
    // Online: the server's engine, model by model.
    for (const id of asked) {
      const r = await game.query({ id: 'route', kind: 'shortestPath', model: id, to: ask[id], ignoreUnit: true, avoidCombat });
      paths[id] = r.ok && r.answer.value !== null ? (r.answer.path as Point2[]).slice(1) : fx.drops[id];
    }
  }
  const positions = Object.fromEntries(Object.entries(paths).map(([id, [p]]) => [id, p]));
  let action: Action;
  if (deploy) {
    // DEPLOY (Core 10.1): every model of the unit set up where the drag put it.
    action = { type: 'deployUnit', player: unit.owner, unitId: unit.id, positions };
  } else if (reserve) {
    // SET UP FROM RESERVE (Core 24.1): every model where the drag put it.
    action = { type: 'setUpReserve', player: unit.owner, unitId: unit.id, positions };
  } else if (pileIn) {
    // The pile-in's target (Core 15.3) and the attacks' target: the enemy unit nearest to the
    // unit's end positions (among those the engine offers to fight, when the unit is selected).
    const offered = new Set(options?.ok && options.unitId === unit.id ? options.entries.filter((e) => e.group === 'pileIn' && e.available && e.target).map((e) => e.target!) : []);
    const enemies = models
      .filter((x) => summary.units.find((u) => u.id === x.unitId)?.owner !== unit.owner && (offered.size === 0 || offered.has(x.unitId)))
      .map((x) => ({ unitId: x.unitId, x: x.footprint.x, y: x.footprint.y }));
    const target = nearestEnemyUnit(Object.values(paths).map(([p]) => p), enemies);
    action = { type: 'fight', player: unit.owner, unitId: unit.id, ...(target ? { target } : {}), pileIn: { ...(target ? { target } : {}), paths } };
  } else {
    action = { type: 'move', player: unit.owner, unitId: unit.id, kind: kind as 'normal', paths };
  }
  const r = await act(action);
  const across = acrossPickOf(r, action, summary, models);
  if (across) {
    // Not a mistake of the drop: the Effect asks which unit (the engine listed them); the panel asks the player.
    const names = across.units.map((u) => u.name);
    return { note: { kind: 'info', text: `${across.ability}: the move passed across ${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}: pick the unit it acts on (Play panel).`, rule: r.ok ? undefined : r.rule }, refused: null, acrossPick: across };
  }
  return moveOutcome(r, { unit, kind, modelId: fx.modelId, model: m, models, paths, single: fx.single, distInches: fx.distInches, set: deploy ? 'deploy' : reserve ? 'reserve' : pileIn ? 'pileIn' : 'move' });
}

/** `n` things, the plural when not one: "1 model", "3 models". */
const count = (n: number, thing: string) => `${n} ${thing}${n === 1 ? '' : 's'}`;

/** The note of a sent drop (and the chip of a refusal): see {@link sendMove}. */
function moveOutcome(
  r: ActResult,
  o: { unit: Unit; kind: string; modelId: string; model: ModelView; models: readonly ModelView[]; paths: Record<string, Point2[]>; single: boolean; distInches: number; set: 'deploy' | 'reserve' | 'pileIn' | 'move' },
): SentMove {
  const { unit, kind, modelId, single } = o;
  const verb = o.set === 'deploy' ? ['Deployed', 'Deployment'] : o.set === 'reserve' ? ['Set up', 'Set-up from reserve'] : o.set === 'pileIn' ? ['Piled in', 'Pile-in'] : ['Moved', 'Move'];
  const setUp = o.set === 'deploy' || o.set === 'reserve';
  // A refusal names the model it is about (the one the engine's reason names, else the dragged
  // one) and where the drop would have put it.
  const words = new Set(r.ok ? [] : (r.reason.match(/[\w.:-]+/g) ?? []));
  const named = r.ok || words.has(modelId) ? modelId : (unit.aliveModelIds.find((id) => words.has(id)) ?? modelId);
  const nm = o.models.find((x) => x.id === named) ?? o.model;
  const end = o.paths[named];
  const [ax, ay] = end?.[end.length - 1] ?? [nm.footprint.x, nm.footprint.y];
  const who = modelWords(unit, named, unit.aliveModelIds, unit.models);
  const one = single ? ' (one model)' : '';
  const text = r.ok
    ? setUp
      ? `${verb[0]} ${unit.name}${o.set === 'reserve' ? ' from reserve' : ''}.`
      : single
        ? `${verb[0]} ${count(Object.keys(o.paths).length, 'model')} of ${unit.name} one at a time (${kind}).`
        : `${verb[0]} ${unit.name} ${inches2(o.distInches)} (${kind}).`
    : `${verb[1]}${one} refused: ${who} at (${in1(ax)}", ${in1(ay)}"): ${r.reason}`;
  if (r.ok) return { note: { kind: 'ok', text }, refused: null };
  return { note: { kind: 'refused', text, rule: r.rule }, refused: { at: [ax, ay], z: nm.elevation + nm.height + 0.4, text: `✗ ${who}: ${r.reason}` } };
}
