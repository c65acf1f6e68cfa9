/**
 * A simple scripted policy that plays both sides (for the sample game, the bench and tests):
 * advance on the nearest enemy without entering combat, shoot the nearest target, cast known
 * spells, charge enemies within 12", fight whatever is in combat, pass every reaction window
 * except one All-out Attack per phase when CP allow. Candidate actions are tried with `reduce`
 * (pure), so the policy never needs its own rules knowledge; failed candidates are remembered
 * for the phase.
 *
 * @module
 */

import type { GeometryPort, Point2 } from './geometryPort';
import { aliveModels, hasPathAbility, isAlive, knownMove } from './core';
import { reduce, type ReduceResult } from './reduce';
import { spiedTreasureSite, TWIST_PICKS, unitsNearFeatures, wildFireSuggestion } from './ascension';
import { SPELLS } from './magic';
import { opponentOf, type Action, type GameState, type PlayerId } from './state';

/** A stateful policy: call {@link Policy.next} with the current state. */
export interface Policy {
  next(state: GameState): { action: Action; result: ReduceResult & { ok: true } };
}

function centroid(port: GeometryPort, ids: readonly string[]): Point2 | null {
  let x = 0;
  let y = 0;
  let n = 0;
  for (const id of ids) {
    const p = port.modelPosition(id);
    if (!p) continue;
    x += p[0];
    y += p[1];
    n++;
  }
  return n ? [x / n, y / n] : null;
}

/** Options of {@link scriptedPolicy}. */
export interface PolicyOptions {
  /**
   * Deployment phase (Core 10.0): where to set up each model (model id → plan-view centre), e.g.
   * the battlefield's placement. Units are deployed by regiment (Deploy Regiment, then Deploy
   * Unit for each of its units), then the auxiliaries; a unit without a position for every model
   * is not deployed (the policy ends its deployment instead).
   */
  readonly placement?: Readonly<Record<string, readonly [number, number]>>;
}

/** Create the scripted policy over a port (the port is synced by every `reduce`). */
export function scriptedPolicy(port: GeometryPort, opts: PolicyOptions = {}): Policy {
  const failed = new Set<string>();
  const tryAction = (s: GameState, a: Action): (ReduceResult & { ok: true }) | null => {
    const r = reduce(s, a, port);
    return r.ok ? r : null;
  };
  const aliveIds = (s: GameState, unitId: string) => {
    const slain = new Set(s.units[unitId].slain);
    return s.players[s.units[unitId].owner].roster.units.find((u) => u.id === unitId)!.models.map((m) => m.id).filter((id) => !slain.has(id));
  };
  const units = (s: GameState, p: PlayerId) =>
    Object.values(s.units)
      .filter((u) => u.owner === p && u.status === undefined && isAlive(s, u.id))
      .map((u) => u.id);
  const deployPositions = (s: GameState, unitId: string): Record<string, [number, number]> | null => {
    const out: Record<string, [number, number]> = {};
    for (const m of s.players[s.units[unitId].owner].roster.units.find((u) => u.id === unitId)?.models ?? []) {
      const p = opts.placement?.[m.id];
      if (!p) return null;
      out[m.id] = [p[0], p[1]];
    }
    return out;
  };
  /** Deployment phase candidates (Core 10.0-10.1). */
  const deployCandidates = (s: GameState): Action[] => {
    const d = s.deployment!;
    const me = d.toDeploy;
    const out: Action[] = [];
    if (d.step === 'terrain') {
      for (const t of d.factionTerrain[me]) out.push({ type: 'deployTerrain', player: me, terrainId: t });
    } else {
      const unit = (id: string): Action | null => {
        if (s.units[id].status !== 'undeployed' || failed.has(`deploy:${id}`)) return null;
        const positions = deployPositions(s, id);
        return positions ? { type: 'deployUnit', player: me, unitId: id, positions } : null;
      };
      if (d.regiment) {
        for (const id of d.regiment.left) {
          const a = unit(id);
          if (a) out.push(a);
        }
      } else {
        const r = s.players[me].roster;
        for (const reg of r.regiments) {
          const ids = [reg.leader, ...reg.units];
          if (ids.every((id) => s.units[id].status === 'undeployed' && deployPositions(s, id) !== null)) {
            out.push({ type: 'deployRegiment', player: me, leader: reg.leader });
            break;
          }
        }
        for (const id of r.units.map((u) => u.id)) {
          const a = unit(id);
          if (a) out.push(a);
        }
      }
    }
    out.push({ type: 'endDeployment', player: me });
    return out;
  };
  const roster = (s: GameState, unitId: string) => s.players[s.units[unitId].owner].roster.units.find((u) => u.id === unitId)!;
  const nearestEnemies = (s: GameState, unitId: string): string[] => {
    port.sync({ positions: s.positions, removed: Object.values(s.units).flatMap((u) => u.slain) });
    return units(s, opponentOf(s.units[unitId].owner))
      .map((e) => [e, port.distance(unitId, e)] as const)
      .sort((a, b) => a[1] - b[1])
      .map((x) => x[0]);
  };
  const shiftPaths = (s: GameState, unitId: string, toward: string, dist: number): Record<string, [number, number][]> | null => {
    const ids = aliveIds(s, unitId);
    const from = centroid(port, ids);
    const to = centroid(port, aliveIds(s, toward));
    if (!from || !to) return null;
    const len = Math.hypot(to[0] - from[0], to[1] - from[1]);
    if (len < 1e-6 || dist <= 0.05) return null;
    const dx = ((to[0] - from[0]) / len) * dist;
    const dy = ((to[1] - from[1]) / len) * dist;
    const out: Record<string, [number, number][]> = {};
    for (const id of ids) {
      const p = port.modelPosition(id);
      if (p) out[id] = [[Math.round((p[0] + dx) * 1000) / 1000, Math.round((p[1] + dy) * 1000) / 1000]];
    }
    return out;
  };
  const key = (s: GameState, what: string) => `${s.round}:${s.turnInRound}:${s.phase}:${what}`;

  /** Core 32.1: a unit contesting two or more objectives contests the first of them (picked before control is determined). */
  function contestChoices(s: GameState): Action[] {
    const out: Action[] = [];
    for (const u of Object.values(s.units)) {
      if (u.manifestation !== undefined || u.status !== undefined || !isAlive(s, u.id)) continue;
      const set = s.battleplan.objectives.filter((o) => port.contests(u.id, o));
      if (set.length > 1 && !set.includes(s.contestChoices[u.id] ?? '')) out.push({ type: 'chooseContestedObjective', player: u.owner, unitId: u.id, objectiveId: set[0] });
    }
    return out;
  }

  /**
   * The underdog's pick for this round's twist (Ascension › Twists), its default: a friendly unit
   * → its general, else its first unit; an enemy unit → the enemy general, else the first enemy
   * unit; an objective → those the opponent controls first, then the others, in battleplan order;
   * Wild Fire → the terrain features with more enemy than friendly units within combat range (the
   * mortal damage falls on the enemy), most enemy units first, up to the D3; with none such, the
   * one feature nearest its own units that has none of them within combat range (Obscuring to hide
   * behind, nobody of its own burned); else no pick;
   * Spied Treasure → `spiedTreasureSite` (none: no pick, "if possible").
   */
  function twistCandidates(s: GameState): Action[] {
    const t = s.ascension?.twists.find((x) => x.round === s.round);
    const kind = t ? TWIST_PICKS[t.name] : undefined;
    if (!t || t.pick || t.declined || kind === undefined || s.turnInRound !== 0) return [];
    // Nothing it would pick is legal: it picks nothing (the active player's phase cannot end while another roller's pick is owed).
    return [...twistPicks(s, t, kind), ...(t.roller !== s.active ? [{ type: 'twistPick', player: t.roller } as Action] : [])];
  }

  function twistPicks(s: GameState, t: NonNullable<GameState['ascension']>['twists'][number], kind: string): Action[] {
    const p = t.roller;
    if (kind === 'terrainFeatures') {
      // Wild Fire: the features that burn more enemy units than friendly ones, most first, up to the D3.
      const lit = wildFireSuggestion(s, port, p, t.features ?? 0);
      if (lit.length) return [{ type: 'twistPick', player: p, featureIds: lit }];
      // None burns the enemy more: the feature nearest the underdog's units that burns none of them (Obscuring cover to hide behind).
      const mine = units(s, p).filter((u) => s.units[u].manifestation === undefined);
      const near = (f: string) => Math.min(...mine.map((u) => port.distance(u, f)));
      const safe = port.terrainFeatures().filter((f) => !unitsNearFeatures(s, port, [f]).some((u) => s.units[u].owner === p));
      const shelter = safe.length && t.features ? safe.reduce((a, b) => (near(b) < near(a) ? b : a)) : null;
      return shelter !== null ? [{ type: 'twistPick', player: p, featureIds: [shelter] }] : [];
    }
    if (kind === 'point') {
      const at = spiedTreasureSite(s, port, p);
      return at ? [{ type: 'twistPick', player: p, at }] : [];
    }
    if (kind === 'objective') {
      const os = s.battleplan.objectives;
      const theirs = os.filter((o) => s.objectives[o] === opponentOf(p));
      return [...theirs, ...os.filter((o) => !theirs.includes(o))].map((o) => ({ type: 'twistPick', player: p, objectiveId: o }) as Action);
    }
    const side = kind === 'friendlyUnit' ? p : opponentOf(p);
    const general = s.players[side].roster.general;
    const ids = units(s, side).filter((u) => s.units[u].manifestation === undefined);
    return [...ids.filter((u) => u === general), ...ids.filter((u) => u !== general)].map((u) => ({ type: 'twistPick', player: p, unitId: u }) as Action);
  }

  function candidates(s: GameState): Action[] {
    if (s.stage === 'deployment' && s.deployment) return deployCandidates(s);
    if ((s.stage === 'firstTurn' || s.phase === 'endOfTurn') && !s.pendingAttack && !s.pendingSpell && !s.pendingRally && !s.pendingPrayer) {
      const picks = contestChoices(s);
      if (picks.length) return picks;
    }
    if (s.stage === 'firstTurn') {
      // Deployment Phase abilities (Core 10.0 step 3): Hunter's Eye on the enemy general (else the first enemy unit).
      const hunters: Action[] = [];
      if (s.round === 1) {
        for (const p of [s.decider, opponentOf(s.decider)]) {
          for (const u of units(s, p)) {
            if (!hasPathAbility(s, u, "Hunter's Eye") || s.oncePerBattle.includes(`${u}|Hunter's Eye`) || failed.has(key(s, u))) continue;
            const enemy = opponentOf(p);
            const general = s.players[enemy].roster.general;
            const target = units(s, enemy).includes(general) ? general : units(s, enemy)[0];
            if (target) hunters.push({ type: 'useAbility', player: p, unitId: u, ability: "Hunter's Eye", target });
          }
        }
      }
      // The decider takes the first turn; battleplans that fix the first turn or its chooser (Ascension) accept one of the others.
      const other = opponentOf(s.decider);
      return [
        ...hunters,
        { type: 'chooseFirstTurn', player: s.decider, first: s.decider },
        { type: 'chooseFirstTurn', player: s.decider, first: other },
        { type: 'chooseFirstTurn', player: other, first: other },
        { type: 'chooseFirstTurn', player: other, first: s.decider },
      ];
    }
    if (s.pendingRally) return [{ type: 'spendRally', player: s.units[s.pendingRally.unitId].owner, heal: s.pendingRally.points, returnModels: 0 }];
    if (s.pendingSpell) return [{ type: 'pass', player: opponentOf(s.pendingSpell.player) }];
    if (s.pendingAttack) {
      const p = s.pendingAttack;
      const out: Action[] = [];
      if (p.toReact === p.player && p.passes === 0 && s.players[p.player].cp >= 2) {
        out.push({ type: 'command', player: p.player, command: 'allOutAttack', unitId: p.unitId });
      }
      out.push({ type: 'pass', player: p.toReact });
      return out;
    }
    const me = s.active as PlayerId;
    const out: Action[] = [];
    const fresh = (u: string) => !s.phaseCoreUnits.includes(u) && !failed.has(key(s, u));
    switch (s.phase) {
      case 'startOfTurn':
        out.push(...twistCandidates(s));
        break;
      case 'hero':
        for (const u of units(s, me)) {
          for (const spell of roster(s, u).warscroll.spells ?? []) {
            if (failed.has(key(s, `${u}:${spell}`))) continue;
            // Arcane Conduit picks no target; Sunder the Earth's point: the centre of a model of the nearest enemy unit (the line then crosses it).
            const kind = SPELLS[spell]?.target;
            if (kind === 'none') out.push({ type: 'cast', player: me, unitId: u, spell });
            if (kind === 'point') {
              const e = nearestEnemies(s, u)[0];
              const at = e === undefined ? null : aliveModels(s, e).map((m) => port.modelPosition(m.id)).find((x) => x !== null);
              if (at) out.push({ type: 'cast', player: me, unitId: u, spell, point: [at[0], at[1]] });
            }
            if (kind === 'none' || kind === 'point') continue;
            const target = spell === 'mysticShield' ? u : nearestEnemies(s, u)[0];
            if (target) out.push({ type: 'cast', player: me, unitId: u, spell, target });
          }
        }
        break;
      case 'movement':
        for (const u of units(s, me)) {
          if (!fresh(u)) continue;
          const e = nearestEnemies(s, u)[0];
          if (!e) continue;
          const move = knownMove(s, u);
          const gap = port.distance(u, e);
          for (const d of [Math.min(move, gap - 3.8), Math.min(move, gap - 3.8) / 2]) {
            const paths = shiftPaths(s, u, e, d);
            if (paths) out.push({ type: 'move', player: me, unitId: u, kind: 'normal', paths });
          }
        }
        break;
      case 'shooting':
        for (const u of units(s, me)) {
          if (!fresh(u) || !roster(s, u).weapons.some((w) => w.range !== 'melee')) continue;
          for (const e of nearestEnemies(s, u).slice(0, 3)) out.push({ type: 'shoot', player: me, unitId: u, target: e });
        }
        break;
      case 'charge':
        for (const u of units(s, me)) {
          const t = s.units[u].turn;
          if (t.pendingMove?.kind === 'charge' && !failed.has(key(s, `${u}:move`))) {
            const e = nearestEnemies(s, u)[0];
            const gap = port.distance(u, e);
            for (const d of [gap - 0.3, gap - 0.1]) {
              if (d > t.pendingMove.maxInches) continue;
              const paths = shiftPaths(s, u, e, d);
              if (paths) out.push({ type: 'move', player: me, unitId: u, kind: 'charge', paths });
            }
            failed.add(key(s, `${u}:move`));
            continue;
          }
          if (!fresh(u)) continue;
          const e = nearestEnemies(s, u)[0];
          if (e && port.distance(u, e) <= 12) out.push({ type: 'charge', player: me, unitId: u });
        }
        break;
      case 'combat':
        for (const p of [s.combat?.picker ?? me, opponentOf(s.combat?.picker ?? me)] as PlayerId[]) {
          for (const u of units(s, p)) {
            if (s.combat?.fought.includes(u)) continue;
            const enemies = nearestEnemies(s, u).filter((e) => port.unitsInCombat(u, e));
            for (const e of enemies) out.push({ type: 'fight', player: p, unitId: u, target: e });
            if (enemies.length === 0 && s.units[u].turn.charged) out.push({ type: 'fight', player: p, unitId: u });
          }
        }
        break;
      default:
        break;
    }
    out.push({ type: 'endPhase', player: me });
    return out;
  }

  return {
    next(s) {
      for (const a of candidates(s)) {
        const r = tryAction(s, a);
        if (r) return { action: a, result: r };
        if (a.type === 'deployUnit') failed.add(`deploy:${a.unitId}`);
        else if ('unitId' in a && a.unitId !== undefined) failed.add(key(s, a.type === 'cast' ? `${a.unitId}:${a.spell}` : a.unitId));
      }
      throw new Error(`the policy found no legal action (round ${s.round}, phase ${s.phase})`);
    },
  };
}

/** Play a game to the end (or `maxActions`) with the scripted policy; returns the final state and the actions. */
export function playScripted(state: GameState, port: GeometryPort, maxActions = 5000, opts: PolicyOptions = {}): { state: GameState; actions: Action[] } {
  const policy = scriptedPolicy(port, opts);
  const actions: Action[] = [];
  let s = state;
  while (s.stage !== 'ended' && actions.length < maxActions) {
    const { action, result } = policy.next(s);
    actions.push(action);
    s = result.state;
  }
  return { state: s, actions };
}
