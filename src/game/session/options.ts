/**
 * What a unit may do now, and the player-level actions (end phase, pass, first turn, battle tactics,
 * deployment): every candidate action is tried with `reduce` on the state (pure: a try never changes
 * the game) and reported available, or not with the engine's reason and rule. The session puts the
 * labels and reasons in players' words (issue 28).
 */
import { COMMANDS, PLAYERS, SPELLS, TACTICS, opponentOf, reduce, type Action, type GameState, type GeometryPort, type PlayerId } from '../../rules/engine';
import { profileChoices } from '../../rules/engine/attacks';
import { chainedFight } from '../../rules/engine/fightChain';
import { portView } from '../../rules/engine/core';
import { ascensionGeneralOptions, ascensionUnitOptions } from '../ascensionOptions';
import { COMMAND_LABELS, MOVE_RULES, PHASE_NAMES, commandLabel } from './battleLog';
import { rosterEntry, unitName } from './roster';
import { boardOf } from './summary';
import { generalAbilityOptions, unitAbilityOptions } from '../abilityOptions';
import { byHandOptions, type ByHandInfo } from '../byHandOptions';
import { withStepPassives, type StepPassive } from '../stepPassives';

/** One candidate of {@link GameSession.options}. */
export interface OptionEntry {
  /** Groups entries of one ability (`shoot`, `fight`, `command:allOutAttack`, …). */
  group: string;
  label: string;
  rule: string;
  action: Action;
  available: boolean;
  /** The engine's rejection, when not available. */
  reason?: string;
  rejectedBy?: string;
  /** True for moves: made by dragging (probed with an empty move). */
  drag?: boolean;
  target?: string;
  /** An alternative weapon profile this entry picks (`Weapon: Profile`), and its expected damage on `target`. */
  profile?: string;
  expectedDamage?: number;
  /** An army ability's text as printed (ABILITIES.md): timing, Declare, Effect, and whether the engine resolves it (`auto`). */
  ability?: { id: string; name: string; source: string; timing: string; declare: string | null; effect: string; auto: boolean };
  /** An ability declared and waiting for its player's `resolveByHand` (`byHandOptions.ts`): its text and the units it may affect. */
  byHand?: ByHandInfo;
  /** An attack, charge or move option: the passives of the unit (and target) that could matter at this step (`stepPassives.ts`). */
  passives?: StepPassive[];
}

/** Answer of {@link GameSession.options}. */
export type OptionsResult = { ok: true; unitId: string; player: PlayerId; entries: OptionEntry[]; general: OptionEntry[] } | { ok: false; reason: string };

/** The end-phase button in plain words ("End the end of turn" was one of them). */
const END_PHASE_LABELS: Record<string, string> = {
  startOfTurn: 'Go on to the hero phase',
  hero: 'End the hero phase',
  movement: 'End the movement phase',
  shooting: 'End the shooting phase',
  charge: 'End the charge phase',
  combat: 'End the combat phase',
  endOfTurn: 'End the turn',
};

/**
 * What `unitId` may do now: every candidate action tried with `reduce` (never changing the game).
 * `general` holds the player-level actions of the player expected to act (end phase, pass,
 * first turn, battle tactics).
 */
export function unitOptions(s: GameState, port: GeometryPort, placement: Record<string, [number, number]>, unitId: string): OptionsResult {
  const u = s.units[unitId];
  if (!u) return { ok: false, reason: `unknown unit "${unitId}"` };
  const p = u.owner;
  const ru = rosterEntry(s, unitId)!;
  const enemies = Object.values(s.units).filter((e) => e.owner !== p && e.slain.length < rosterEntry(s, e.id)!.models.length);
  const friends = Object.values(s.units).filter((e) => e.owner === p && e.slain.length < rosterEntry(s, e.id)!.models.length);
  const name = (id: string) => rosterEntry(s, id)?.name ?? id;
  const entries: OptionEntry[] = [];
  const probe = (group: string, label: string, rule: string, action: Action, extra: Partial<OptionEntry> = {}) => {
    const r = reduce(s, action, port);
    entries.push({ group, label, rule, action, available: r.ok, ...(r.ok ? {} : { reason: r.reason, rejectedBy: r.rule }), ...extra });
    return r;
  };
  if (s.stage === 'deployment') {
    // DEPLOY (Core 10.1): drag the unit where it is set up, or deploy it where it is shown.
    const here = boardOf(s, placement).positions;
    const positions = Object.fromEntries(ru.models.map((m) => [m.id, here[m.id]]).filter(([, v]) => v));
    if (u.status === 'undeployed') {
      probe('deploy', 'Deploy the unit (drag it within your territory)', 'Core 10.1', { type: 'deployUnit', player: p, unitId, positions }, { drag: true });
      probe('deployHere', 'Deploy the unit where it is shown', 'Core 10.1', { type: 'deployUnit', player: p, unitId, positions });
    } else entries.push({ group: 'deploy', label: 'Deployed', rule: 'Core 10.1', action: { type: 'endDeployment', player: p }, available: false, reason: 'this unit has been deployed', rejectedBy: 'Core 10.1' });
    // Hunter's Eye is a Deployment Phase ability (Ascension › Path of the Hunter).
    ascensionUnitOptions(s, port, unitId, probe);
    port.sync(portView(s)); // an accepted probe leaves the port at its result: measure the abilities on `s`
    entries.push(...unitAbilityOptions(s, port, unitId)); // the army's abilities (ABILITIES.md)
    return { ok: true as const, unitId, player: p, entries, general: generalOptionsOf(s, port) };
  }
  if (u.status === 'reserve') {
    // SET UP FROM RESERVE (Core 24.1): drag the unit in, in your movement phase of rounds 1-3.
    const here = boardOf(s, placement).positions;
    const positions = Object.fromEntries(ru.models.map((m) => [m.id, here[m.id] ?? [...placement[m.id]]]));
    probe('reserve', 'Set up from reserve (drag the unit onto the battlefield)', 'Core 24.1', { type: 'setUpReserve', player: p, unitId, positions }, { drag: true });
    return { ok: true as const, unitId, player: p, entries, general: generalOptionsOf(s, port) };
  }
  const pending = u.turn.pendingMove;
  // A random Move (Core 26.0) is rolled when the unit is picked to move; then the allowance is known.
  const randomMove = ru.warscroll.move;
  if (typeof randomMove === 'string') {
    if (u.turn.moveRoll === undefined) probe('rollMove', `Pick to move: roll its Move (${randomMove}")`, 'Core 26.0', { type: 'rollMove', player: p, unitId });
  }
  probe('move', typeof randomMove === 'string' && u.turn.moveRoll !== undefined ? `Normal Move, up to ${u.turn.moveRoll}" (drag the unit)` : 'Normal Move (drag the unit)', 'Core 14.1', { type: 'move', player: p, unitId, kind: 'normal', paths: {} }, { drag: true });
  if (pending) {
    entries.push({ group: 'move', label: `Make the ${pending.kind} move, up to ${pending.maxInches}" (drag the unit)`, rule: MOVE_RULES[pending.kind], action: { type: 'move', player: p, unitId, kind: pending.kind, paths: {} }, available: true, drag: true });
    // Session 40 (sh40f): "Then, pick an enemy unit that this unit passed across during that move" (engine/passedAcross40f.ts).
    if (pending.passedAcross?.pick === 'one') for (const e of enemies) entries.push({ group: 'move', label: `Make the ${pending.kind} move, then pick ${name(e.id)} if it was passed across, up to ${pending.maxInches}" (drag the unit)`, rule: `${pending.ability ?? 'ability'}: Effect`, action: { type: 'move', player: p, unitId, kind: pending.kind, paths: {}, target: e.id }, available: true, drag: true, target: e.id });
  }
  probe('run', 'Run (D6)', 'Core 14.1', { type: 'run', player: p, unitId });
  probe('run', COMMAND_LABELS.atTheDouble, 'Commands 3.0', { type: 'run', player: p, unitId, atTheDouble: true });
  probe('retreat', 'Retreat (D3 mortal)', 'Core 14.1', { type: 'retreat', player: p, unitId });
  probe('charge', 'Charge (2D6)', 'Core 14.3', { type: 'charge', player: p, unitId });
  for (const [c, def] of Object.entries(COMMANDS)) {
    if (c === 'atTheDouble') continue;
    probe(`command:${c}`, commandLabel(c), def.rule, { type: 'command', player: p, command: c as 'rally', unitId });
  }
  if (ru.weapons.some((w) => w.range !== 'melee')) {
    for (const e of enemies) probe('shoot', `Shoot → ${name(e.id)}`, 'Core 16.0', { type: 'shoot', player: p, unitId, target: e.id }, { target: e.id });
  }
  for (const e of enemies) probe('fight', `Fight → ${name(e.id)}`, 'Core 19.0', { type: 'fight', player: p, unitId, target: e.id }, { target: e.id });
  // Alternative weapon profiles (issue 28): one entry per profile and target, with its expected damage.
  for (const kind of ['shoot', 'fight'] as const) {
    for (const e of enemies) {
      for (const c of profileChoices(s, unitId, e.id, kind, port)) {
        const label = `${kind === 'shoot' ? 'Shoot' : 'Fight'} → ${name(e.id)} with ${c.profile} (expected damage ${c.expectedDamage.toFixed(1)}${c.isDefault ? ', the default' : ''})`;
        probe(`${kind}Profile`, label, kind === 'shoot' ? 'Core 16.0' : 'Core 19.0', { type: kind, player: p, unitId, target: e.id, weaponTargets: { [c.profile]: e.id } }, { target: e.id, profile: c.profile, expectedDamage: c.expectedDamage });
      }
    }
  }
  if (u.turn.charged) probe('fight', 'Fight (pile in only)', 'Core 19.0', { type: 'fight', player: p, unitId });
  if (s.phase === 'combat') {
    // Pile-in moves are made by dragging the unit (the drop declares the Fight with its pile-in).
    for (const e of enemies) {
      probe('pileIn', `Pile in (drag the unit, up to 3") and fight → ${name(e.id)}`, 'Core 15.3', { type: 'fight', player: p, unitId, target: e.id, pileIn: { target: e.id, paths: {} } }, { drag: true, target: e.id });
    }
    if (u.turn.charged) probe('pileIn', 'Pile in (drag the unit, up to 3")', 'Core 15.3', { type: 'fight', player: p, unitId, pileIn: { paths: {} } }, { drag: true });
  }
  for (const spell of ru.warscroll.spells ?? []) {
    const def = SPELLS[spell];
    if (!def) continue;
    // A spell with no target (Arcane Conduit) is one option; a point (Sunder the Earth) is picked on the table, not offered here.
    if (def.target === 'none') probe(`cast:${spell}`, `Cast ${def.name}`, 'Magic 2.0', { type: 'cast', player: p, unitId, spell });
    if (def.target !== 'friendly' && def.target !== 'enemy') continue;
    for (const t of def.target === 'friendly' ? friends : enemies) {
      probe(`cast:${spell}`, `Cast ${def.name} → ${name(t.id)}`, 'Magic 2.0', { type: 'cast', player: p, unitId, spell, target: t.id }, { target: t.id });
    }
  }
  if (s.pendingSpell) probe('unbind', 'Unbind', 'Magic 4.0', { type: 'unbind', player: p, unitId });
  probe('placeOfPower', 'Activate Place of Power', 'Terrain 1.2', { type: 'activatePlaceOfPower', player: p, unitId });
  ascensionUnitOptions(s, port, unitId, probe);
  port.sync(portView(s)); // an accepted probe leaves the port at its result: measure the abilities on `s`
  entries.push(...unitAbilityOptions(s, port, unitId)); // the army's abilities (ABILITIES.md)
  return { ok: true as const, unitId, player: p, entries: withStepPassives(s, unitId, entries), general: generalOptionsOf(s, port) };
}

/** Player-level actions of the player expected to act now. */
export function generalOptionsOf(s: GameState, port: GeometryPort): OptionEntry[] {
  // The abilities used by the players (battle traits and others, ABILITIES.md), whose window is open,
  // measured on `s` (an accepted probe of an earlier question leaves the port at the probe's result).
  port.sync(portView(s));
  const out: OptionEntry[] = [...byHandOptions(s), ...generalAbilityOptions(s, port)];
  const probe = (group: string, label: string, rule: string, action: Action, extra: Partial<OptionEntry> = {}) => {
    const r = reduce(s, action, port);
    out.push({ group, label, rule, action, available: r.ok, ...(r.ok ? {} : { reason: r.reason, rejectedBy: r.rule }), ...extra });
    return r;
  };
  if (s.stage === 'ended') return out;
  if (s.stage === 'deployment' && s.deployment) {
    const d = s.deployment;
    const p = d.toDeploy;
    for (const t of d.factionTerrain[p] ?? []) probe('deployTerrain', `${p}: Deploy Faction Terrain ${t}`, 'Core 10.1', { type: 'deployTerrain', player: p, terrainId: t });
    if (d.step === 'units' && d.regiment === null) {
      for (const r of s.players[p].roster.regiments) {
        const ids = [r.leader, ...r.units];
        if (ids.every((id) => s.units[id]?.status === 'undeployed')) probe('deployRegiment', `${p}: Deploy Regiment of ${unitName(s, r.leader)} (${ids.length} units, one after the other)`, 'Core 10.1', { type: 'deployRegiment', player: p, leader: r.leader });
      }
    }
    probe('endDeployment', `${p}: finish deploying (units left stay off the battlefield)`, 'Core 10.0', { type: 'endDeployment', player: p });
    return out;
  }
  if (s.stage === 'firstTurn') {
    for (const f of PLAYERS) probe('firstTurn', `${s.decider} chooses: ${f} takes the first turn`, 'Core 12.0', { type: 'chooseFirstTurn', player: s.decider, first: f });
    return out;
  }
  if (s.pendingRally) {
    const pr = s.pendingRally;
    probe('spendRally', `Spend ${pr.points} rally point(s) on healing`, 'Commands 2.0', { type: 'spendRally', player: s.units[pr.unitId].owner, heal: pr.points, returnModels: 0 });
    return out;
  }
  if (s.pendingAttack) {
    probe('pass', `${s.pendingAttack.toReact} passes (no reaction)`, 'Core 5.2', { type: 'pass', player: s.pendingAttack.toReact });
    const pa = s.pendingAttack;
    probe('reaction', 'All-out Attack (1 CP, +1 to hit)', 'Commands 6.0', { type: 'command', player: pa.player, command: 'allOutAttack', unitId: pa.unitId });
    for (const t of new Set(pa.assignments.map((x) => x.target))) {
      probe('reaction', `All-out Defence on ${t} (1 CP, +1 save)`, 'Commands 7.0', { type: 'command', player: opponentOf(pa.player), command: 'allOutDefence', unitId: t });
    }
    return out;
  }
  if (s.pendingSpell) {
    probe('pass', `${opponentOf(s.pendingSpell.player)} does not unbind`, 'Magic 4.0', { type: 'pass', player: opponentOf(s.pendingSpell.player) });
    return out;
  }
  const a = s.active as PlayerId;
  // Session 37: a unit an ability picked to fight immediately after the last Fight: its player may pass it up (fightChain.ts).
  const chain = chainedFight(s);
  if (chain !== null) probe('pass', `${chain.player} does not pick ${unitName(s, chain.unitId)} to fight now (${chain.ability})`, 'Core 13.1', { type: 'pass', player: chain.player });
  // A Path to Glory battle's twist pick and withdrawing: offered only when the engine takes them.
  ascensionGeneralOptions(s, port, (group, label, rule, action, extra) => {
    const r = reduce(s, action, port);
    if (r.ok) out.push({ group, label, rule, action, available: true, ...extra });
    return r;
  });
  probe('endPhase', END_PHASE_LABELS[s.phase ?? ''] ?? `End the ${PHASE_NAMES[s.phase ?? ''] ?? s.phase}`, 'Core 13.0', { type: 'endPhase', player: a });
  if (s.phase === 'startOfTurn') {
    for (const t of TACTICS) {
      if (t === 'slayTheEntourage') {
        const enemy = s.players[opponentOf(a)].roster;
        probe('tactic', `Battle tactic: Slay the Entourage (${enemy.general})`, 'BattleTactics 2.0', { type: 'tacticalGambit', player: a, tactic: t, unitId: enemy.general });
      } else if (t === 'takeTheirLand') {
        // Issue 35: a terrain feature to pick (BattleTactics 3.0): one option per feature the engine
        // accepts; none accepted: one option, not available, with the engine's reason for the first.
        const tries = port.terrainFeatures().map((f) => ({ f, r: reduce(s, { type: 'tacticalGambit', player: a, tactic: t, terrainId: f }, port) }));
        const ok = tries.filter((x) => x.r.ok);
        for (const { f } of ok) out.push({ group: 'tactic', label: `Battle tactic: Take Their Land (${f})`, rule: 'BattleTactics 2.0', action: { type: 'tacticalGambit', player: a, tactic: t, terrainId: f }, available: true });
        if (ok.length === 0) {
          const fails = tries.flatMap((x) => (x.r.ok ? [] : [x.r]));
          const other = fails.find((r) => r.rule !== 'BattleTactics 3.0');
          const why = other
            ? { reason: other.reason, rejectedBy: other.rule }
            : { reason: 'no terrain feature is wholly or partially within enemy territory and wholly outside friendly territory', rejectedBy: 'BattleTactics 3.0' };
          out.push({ group: 'tactic', label: 'Battle tactic: Take Their Land', rule: 'BattleTactics 2.0', action: { type: 'tacticalGambit', player: a, tactic: t }, available: false, ...why });
        }
      } else probe('tactic', `Battle tactic: ${t === 'doNotWaver' ? 'Do Not Waver' : 'Attack on Two Fronts'}`, 'BattleTactics 2.0', { type: 'tacticalGambit', player: a, tactic: t });
    }
  }
  return out;
}
