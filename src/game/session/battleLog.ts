/**
 * The battle log in players' words: the lines of one accepted action (the action, the rolls, then
 * the outcomes), each with the rule it applies (`Core 17.0`…), and the labels the session shares
 * with the options (command buttons, phase names, the rule of each move kind and roll).
 * The session turns ids into names afterwards (`playerWords`, issue 28).
 */
import { COMMANDS, SPELLS, opponentOf, type Action, type GameEvent, type GameState, type LogEntry, type PlayerId } from '../../rules/engine';
import { unitName } from './roster';
import { abilityActionLine, abilityEventLine } from './abilityLog';

/** A line of the battle log: an action, a roll or an outcome, with the rule it applies. */
export interface LogLine {
  /** Index of the action that produced it (0-based). */
  seq: number;
  kind: 'action' | 'roll' | 'event';
  player: PlayerId | null;
  text: string;
  rule?: string;
  dice?: number[];
}

const ACTION_RULES: Record<string, string> = {
  chooseFirstTurn: 'Core 12.0',
  endPhase: 'Core 13.0',
  chooseContestedObjective: 'Core 32.1',
  run: 'Core 14.1',
  rollMove: 'Core 26.0',
  charge: 'Core 14.3',
  rerollRoll: 'Core 2.2',
  spendRally: 'Commands 2.0',
  allocateDamage: 'Core 18.4',
  retreat: 'Core 14.1',
  shoot: 'Core 16.0',
  fight: 'Core 19.0',
  pass: 'Core 5.2',
  setSlainPriority: 'Core 18.3',
  cast: 'Magic 2.0',
  unbind: 'Magic 4.0',
  activatePlaceOfPower: 'Terrain 1.2',
  tacticalGambit: 'BattleTactics 2.0',
};
/** The rule of each kind of move (Core 14.1, 14.3; Commands 3.0). */
export const MOVE_RULES: Record<string, string> = { normal: 'Core 14.1', run: 'Core 14.1', retreat: 'Core 14.1', charge: 'Core 14.3', redeploy: 'Commands 3.0' };
/** Per roll purpose prefix: its rule and its name in the log (shared with the dice steps). */
export const ROLL_RULES: [string, string, string][] = [
  ['priority', 'Core 12.0', 'priority roll'],
  ['run', 'Core 14.1', 'run roll'],
  ['move', 'Core 26.0', 'Move'],
  ['charge-reroll', 'Commands 5.0', 'charge re-roll'],
  ['run-reroll', 'Core 2.2', 'run re-roll'],
  ['charge', 'Core 14.3', 'charge roll'],
  ['rally', 'Commands 2.0', 'rally dice'],
  ['redeploy', 'Commands 3.0', 'redeploy roll'],
  ['attacks', 'Core 26.0', 'random Attacks'],
  ['hit', 'Core 17.0', 'hit rolls'],
  ['wound', 'Core 17.0', 'wound rolls'],
  ['save', 'Core 17.0', 'save rolls'],
  ['damage', 'Core 26.0', 'random Damage'],
  ['ward', 'Core 18.1', 'ward rolls'],
  ['cast', 'Magic 2.0', 'casting roll'],
  ['miscast', 'Magic 2.0', 'miscast D3'],
  ['unbind', 'Magic 4.0', 'unbinding roll'],
  ['spell', 'Magic 2.0', 'spell effect'],
  ['placeOfPower-mortal', 'Terrain 1.2', 'Place of Power mortal D3'],
  ['placeOfPower', 'Terrain 1.2', 'Place of Power roll'],
  ['retreat', 'Core 14.1', 'retreat mortal D3'],
  ['wildFire', 'Ascension › The Ruined Settlement › Wild Fire', 'Wild Fire'],
];

/** Each phase in words (Core 13.0). */
export const PHASE_NAMES: Record<string, string> = {
  startOfTurn: 'start of turn',
  hero: 'hero phase',
  movement: 'movement phase',
  shooting: 'shooting phase',
  charge: 'charge phase',
  combat: 'combat phase',
  endOfTurn: 'end of turn',
};

/** A spell's name (its id when the engine does not know it). */
const spellName = (id: unknown) => SPELLS[String(id)]?.name ?? String(id);

/** The button label of every command (a Record over COMMANDS: a new command cannot go unlabelled). */
export const COMMAND_LABELS: Record<keyof typeof COMMANDS, string> = {
  rally: 'Rally (1 CP)',
  magicalIntervention: 'Magical Intervention (1 CP, cast or chant at −1)',
  redeploy: 'Redeploy (1 CP, D6")',
  atTheDouble: 'At the Double (1 CP, +6")',
  forwardToVictory: 'Forward to Victory (1 CP, re-roll charge)',
  allOutAttack: 'All-out Attack (1 CP, +1 to hit)',
  allOutDefence: 'All-out Defence (1 CP, +1 save)',
  coveringFire: 'Covering Fire (1 CP, shoot at −1 to hit)',
  counterCharge: 'Counter-charge (2 CP, charge now)',
  powerThrough: 'Power Through (1 CP, D3 mortal)',
};

/** A command's button label (its id when it has none). */
export function commandLabel(c: string): string {
  return COMMAND_LABELS[c as keyof typeof COMMANDS] ?? c;
}

/** `n` things, the plural when not one (issue 35: no engine "(s)"): "1 model", "3 models". */
const count = (n: unknown, thing: string) => `${n} ${thing}${Number(n) === 1 ? '' : 's'}`;

function actionText(s: GameState, a: Action): string {
  const n = (id: string) => unitName(s, id);
  switch (a.type) {
    case 'chooseFirstTurn':
      return `${a.player} chooses ${a.first} to take the first turn`;
    case 'endPhase':
      return `${a.player} ends the phase`;
    case 'chooseContestedObjective':
      return `${n(a.unitId)} contests ${a.objectiveId}`;
    case 'run':
      return `${n(a.unitId)} ${a.atTheDouble ? 'runs At the Double' : 'runs'}`;
    case 'rollMove':
      return `${n(a.unitId)} is picked to move`;
    case 'charge':
      return `${n(a.unitId)} declares a charge`;
    case 'rerollRoll':
      return `${a.player} re-rolls ${n(a.unitId)}'s ${a.roll} roll${a.dice ? ` (${a.dice.length === 1 ? '1 die' : `${a.dice.length} dice`})` : ''}`;
    case 'command':
      return `${a.player} uses ${commandLabel(a.command)} on ${n(a.unitId)}`;
    case 'spendRally':
      return `${a.player} spends rally points: heal ${a.heal}, return ${count(a.returnModels, 'model')}`;
    case 'allocateDamage':
      return `${count(a.points, 'damage point')} allocated to ${n(a.unitId)}`;
    case 'move':
      // Session 41 (ui41): an ability's move in words ("a ability move" was shown), with the unit passed across it picks (sh40f).
      return `${n(a.unitId)} makes ${a.kind === 'ability' ? "an ability's move" : `a ${a.kind} move`} (${count(Object.keys(a.paths).length, 'model')})${a.target !== undefined ? `, picking ${n(a.target)}` : ''}`;
    case 'retreat':
      return `${n(a.unitId)} retreats`;
    case 'shoot':
      return `${n(a.unitId)} shoots at ${n(a.target)}`;
    case 'fight':
      return `${n(a.unitId)} fights${a.target ? ` ${n(a.target)}` : ''}${a.pileIn ? ' (piles in)' : ''}`;
    case 'pass':
      return `${a.player} passes`;
    case 'setSlainPriority':
      return `${a.player} sets which models of ${n(a.unitId)} are slain first`;
    case 'cast':
      return `${n(a.unitId)} attempts to cast ${SPELLS[a.spell]?.name ?? a.spell}${a.target !== undefined ? ` on ${n(a.target)}` : a.point ? ` at (${a.point[0]}, ${a.point[1]})` : ''}`;
    case 'unbind':
      return `${n(a.unitId)} attempts to unbind`;
    case 'activatePlaceOfPower':
      return `${n(a.unitId)} activates a Place of Power`;
    case 'tacticalGambit':
      return `${a.player} attempts the battle tactic ${a.tactic}${a.unitId ? ` (${n(a.unitId)})` : ''}`;
    case 'deployTerrain':
      return `${a.player} deploys faction terrain ${a.terrainId}`;
    case 'deployRegiment':
      return `${a.player} deploys the regiment of ${n(a.leader)}`;
    case 'deployUnit':
      return `${a.player} deploys ${n(a.unitId)}`;
    case 'endDeployment':
      return `${a.player} finishes deploying`;
    case 'twistPick':
      return a.unitId === undefined && a.objectiveId === undefined && a.featureIds === undefined && a.at === undefined ? `${a.player} picks nothing for the twist` : `${a.player} picks for the twist`;
    default: {
      // Actions added to the engine after this list was written: their type and unit.
      const x = a as { type: string; player: string; unitId?: string };
      return `${x.player} ${x.type}${x.unitId ? ` (${n(x.unitId)})` : ''}`;
    }
  }
}

function actionRule(a: Action): string {
  if (a.type === 'move') return MOVE_RULES[a.kind] ?? 'Core 15.0';
  if (a.type === 'deployTerrain' || a.type === 'deployRegiment' || a.type === 'deployUnit') return 'Core 10.1';
  if (a.type === 'endDeployment') return 'Core 10.0';
  if (a.type === 'command') return COMMANDS[a.command].rule;
  return ACTION_RULES[a.type] ?? '';
}

const list = (d: readonly number[]) => `[${d.join(' ')}]`;

/** The battle-log lines of one accepted action: the action, its rolls, then its outcomes. */
export function describe(seq: number, newLog: readonly LogEntry[], events: readonly GameEvent[], s: GameState): LogLine[] {
  const out: LogLine[] = [];
  const n = (id: unknown) => unitName(s, String(id));
  // The action's own line says it once (issue 35: "attempts the battle tactic X" then "attempts X", "passes" twice).
  const acted = new Set(newLog.flatMap((e) => (e.kind === 'action' ? [e.action.type] : [])));
  // A roll made again for the same purpose in one action (random Damage for each wound) is numbered,
  // so two rolls showing the same dice never read as one line said twice.
  const rollsOf = new Map<string, number>();
  for (const e of newLog) {
    if (e.kind === 'action') {
      const ab = abilityActionLine(s, e.action); // an army ability (ABILITIES.md "Play")
      out.push({ seq, kind: 'action', player: e.action.player, text: ab?.text ?? actionText(s, e.action), rule: ab?.rule ?? actionRule(e.action) });
    } else {
      const [prefix, ...rest] = e.purpose.split(':');
      const rr = ROLL_RULES.find(([k]) => k === prefix) ?? ['', 'Core 26.0', prefix];
      const who = rest.length ? ` (${rest.map((x) => (s.units[x] ? unitName(s, x) : SPELLS[x] ? spellName(x) : x)).join(', ')})` : '';
      const what = `${e.player ?? ''} rolls ${rr[2]}${who}`.trim();
      const k = (rollsOf.get(what) ?? 0) + 1;
      rollsOf.set(what, k);
      out.push({ seq, kind: 'roll', player: e.player, text: `${what}${k > 1 ? ` (roll ${k})` : ''}: ${list(e.dice)}`, rule: rr[1], dice: [...e.dice] });
    }
  }
  for (const ev of events as (GameEvent & Record<string, unknown>)[]) {
    const ln = (text: string, rule?: string) => out.push({ seq, kind: 'event', player: null, text, ...(rule ? { rule } : {}) });
    switch (ev.type) {
      case 'turnStarted':
        ln(`Battle round ${ev.round}: ${ev.active}'s turn begins`, 'Core 13.0');
        break;
      case 'phaseStarted':
        ln(`— ${PHASE_NAMES[String(ev.phase)] ?? ev.phase} —`, 'Core 13.0');
        break;
      case 'control':
        if (ev.changed || ev.when === 'endOfTurn') {
          const sc = ev.scores as Record<string, number>;
          ln(`Objective ${ev.objectiveId}: control ${sc.p1}–${sc.p2} → ${ev.controller ?? 'nobody'}${ev.changed ? ' (changed)' : ''}`, 'Core 32.2');
        }
        break;
      case 'vpScored':
        // A battleplan's own scoring (Path to Glory) names its rule and what scored: objectives or a unit destroyed.
        if (ev.objectivesHeld !== undefined) ln(`${ev.player} scores ${ev.vp} VP for ${count(ev.objectivesHeld, 'objective')} (total ${ev.total})`, 'Core 31.0');
        else {
          const what = Array.isArray(ev.objectives) ? ` for ${(ev.objectives as string[]).length ? (ev.objectives as string[]).join(', ') : 'no objective'}` : typeof ev.unitId === 'string' ? ` for ${n(ev.unitId)} destroyed` : '';
          ln(`${ev.player} scores ${ev.vp} VP${what} (total ${ev.total})`, typeof ev.rule === 'string' ? ev.rule : 'Core 31.0');
        }
        break;
      case 'underdog':
        if (ev.underdog) ln(`Underdog: ${ev.underdog}`, 'Core 12.0');
        break;
      case 'cpGained':
        ln(`${ev.player} gains ${ev.gain} CP (now ${ev.cp})`, 'Commands 1.1');
        break;
      case 'roundEnded':
        ln(`End of battle round ${ev.round}: command points reset`, 'Core 33.0');
        break;
      case 'priorityRoll': {
        const r = ev.rolls as Record<string, number>;
        ln(`Priority roll p1 ${r.p1} – p2 ${r.p2}${ev.tie ? ' (tie)' : ''}: ${ev.decider} decides who goes first`, 'Core 12.0');
        break;
      }
      case 'battleEnded': {
        const vp = ev.vp as Record<string, number>;
        ln(`The battle has ended: ${ev.winner === 'draw' ? 'a draw' : `${ev.winner} wins`} (${vp.p1}–${vp.p2} VP)`, 'Core 33.0');
        break;
      }
      case 'run':
        ln(`${n(ev.unitId)} may move up to ${ev.maxInches}"`, 'Core 14.1');
        break;
      case 'moveRolled':
        ln(`${n(ev.unitId)}'s Move (${ev.characteristic}") this turn: ${ev.moveInches}"`, 'Core 26.0');
        break;
      case 'chargeRoll':
        ln(`${n(ev.unitId)} charge roll ${ev.roll}"`, 'Core 14.3');
        break;
      case 'chargeReroll':
        ln(`${n(ev.unitId)} charge re-rolled${ev.name ? ` (${ev.name})` : ''}: ${ev.before}" → ${ev.roll}"`, typeof ev.rule === 'string' ? ev.rule : 'Commands 5.0');
        break;
      case 'runReroll':
        ln(`${n(ev.unitId)} run re-rolled (${ev.name}): ${ev.before} → ${ev.roll}, may move up to ${ev.maxInches}"`, String(ev.rule));
        break;
      case 'moved':
        ln(`${n(ev.unitId)} moved (${ev.kind}, max ${ev.maxInches}")`, MOVE_RULES[String(ev.kind)] ?? 'Core 15.0');
        break;
      case 'charged':
        ln(`${n(ev.unitId)} completed its charge`, 'Core 14.3');
        break;
      case 'commandUsed':
        ln(`${ev.player} spends ${ev.cost} CP on ${ev.command} (${ev.cpLeft} left)`, 'Commands 1.2');
        break;
      case 'attackDeclared': {
        const as = ev.assignments as { weapon: string; target: string }[];
        ln(`${n(ev.unitId)} declares ${ev.kind === 'shoot' ? 'shooting' : 'fight'} attacks: ${as.map((x) => `${x.weapon} → ${n(x.target)}`).join(', ')}; reactions window open (${ev.reactionsFirst} first)`, 'Core 5.2');
        break;
      }
      case 'passed':
        if (!acted.has('pass')) ln(`${ev.player} passes`, 'Core 5.2');
        break;
      case 'attacksResolved': {
        const hits = ev.hits as number[];
        const wounds = ev.wounds as number[];
        const saves = ev.saves as number[];
        const hm = Number(ev.hitModifier);
        const sm = Number(ev.saveModifier);
        ln(`${n(ev.unitId)} · ${ev.weapon} → ${n(ev.target)}: ${ev.attacks} attacks from ${count(ev.models, 'model')}`, 'Core 17.0');
        ln(`  1. Hit rolls ${list(hits)}${hm ? ` (modifier ${hm > 0 ? '+' : ''}${hm})` : ''}`, 'Core 17.0 / 17.1');
        ln(`  2. Wound rolls ${list(wounds)}`, 'Core 17.0');
        ln(`  3. Save rolls ${list(saves)}${sm ? ` (modifier ${sm > 0 ? '+' : ''}${sm})` : ''}`, 'Core 17.0 / 17.1');
        ln(`  4. Damage ${ev.damage}${Number(ev.mortal) ? ` + ${ev.mortal} mortal (critical)` : ''}`, 'Core 17.3 / 20.0');
        break;
      }
      case 'damageResolved': {
        const wd = ev.wardDice as number[] | undefined;
        const slain = ev.slain as string[];
        ln(`${n(ev.unitId)}: damage pool ${ev.pool}${ev.ward ? `, ward ${ev.ward}+ ${list(wd ?? [])}` : ''}, ${ev.allocated} allocated, ${count(slain.length, 'model')} slain`, 'Core 18.0–18.4');
        break;
      }
      case 'mortalDamage':
        ln(`${n(ev.unitId)} suffers ${ev.amount} mortal damage`, 'Core 17.2');
        break;
      // Path to Glory twists (Ascension › Twists): the roll, the underdog's pick, a new objective (Spied Treasure).
      case 'twist':
        ln(`Twist (${ev.roller}${ev.underdog ? ', the underdog' : ''}): ${ev.name}${ev.features !== undefined ? ` (up to ${ev.features} terrain features)` : ''}`, 'Ascension › Twists');
        break;
      case 'twistPicked':
        ln(`${ev.player} picks for ${ev.name}: ${ev.featureIds ? (ev.featureIds as string[]).join(', ') : ev.at ? `a new objective at (${(ev.at as number[]).join(', ')})` : ev.unitId ? n(ev.unitId) : String(ev.objectiveId)}`, 'Ascension › Twists');
        break;
      case 'twistDeclined':
        ln(`${ev.player} picks nothing for ${ev.name}`, 'Ascension › Twists');
        break;
      case 'objectiveAdded':
        ln(`New objective ${ev.objectiveId} at (${(ev.at as number[]).join(', ')})`, String(ev.rule));
        break;
      case 'unitDestroyed':
        ln(`${n(ev.unitId)} is destroyed`, 'Core 18.4');
        break;
      case 'removedForCoherency':
        ln(`${ev.modelId} removed to keep ${n(ev.unitId)} coherent`, 'Core 15.1');
        break;
      case 'rallyRolls':
        ln(`${n(ev.unitId)}: ${count(ev.points, 'rally point')}`, 'Commands 2.0');
        break;
      case 'rallied':
        ln(`${n(ev.unitId)} healed ${ev.healed}, ${count((ev.returned as string[]).length, 'model')} returned`, 'Commands 2.0');
        break;
      case 'redeploy':
        ln(`${n(ev.unitId)} may redeploy up to ${ev.maxInches}"`, 'Commands 3.0');
        break;
      case 'retreat':
        ln(`${n(ev.unitId)} retreats: ${ev.mortal} mortal damage`, 'Core 14.1');
        break;
      case 'spellCastRoll':
        ln(`${n(ev.unitId)} casts ${spellName(ev.spell)}: casting roll ${ev.roll} — the enemy may try to unbind it`, 'Magic 2.0');
        break;
      case 'spellFailed':
        ln(`The cast failed: ${n(ev.unitId)} rolled ${ev.roll}, below ${spellName(ev.spell)}'s casting value ${ev.castingValue}; the spell has no effect`, 'Magic 2.0');
        break;
      case 'miscast':
        ln(`The cast failed: ${n(ev.unitId)} miscasts ${spellName(ev.spell)} (a double 1)`, 'Magic 2.0');
        break;
      case 'spellCast':
        ln(`${spellName(ev.spell)} is cast${ev.target !== undefined ? `: it takes effect on ${n(ev.target)}` : ''}`, 'Magic 2.0');
        break;
      case 'unbindRoll':
        ln(`${n(ev.unitId)} unbinding roll ${ev.roll} vs ${ev.castingRoll}: ${ev.unbound ? 'unbound' : 'failed'}`, 'Magic 4.0');
        break;
      case 'tacticPicked':
        if (!acted.has('tacticalGambit')) ln(`${ev.player} attempts the battle tactic ${ev.tactic}`, 'BattleTactics 2.0');
        break;
      case 'tacticResult':
        ln(`${ev.player}: ${ev.tactic} ${ev.completed ? `completed (+${ev.vp} VP)` : 'not completed'}`, 'BattleTactics 1.0');
        break;
      case 'placeOfPower':
        ln(`${n(ev.unitId)} Place of Power roll ${ev.roll}: ${ev.effect}`, 'Terrain 1.2');
        break;
      case 'unitDeployed':
        ln(`${n(ev.unitId)} is set up on the battlefield${ev.regiment ? ` (regiment of ${n(ev.regiment)})` : ''}`, 'Core 10.1');
        break;
      case 'regimentDeclared':
        ln(`${ev.player} deploys a regiment: ${(ev.units as string[]).map(n).join(', ')}`, 'Core 10.1');
        break;
      case 'terrainDeployed':
        ln(`${ev.player} sets up faction terrain ${ev.terrainId}`, 'Core 10.1');
        break;
      case 'deploymentFinished':
        ln(`${ev.player} has finished deploying${ev.first ? ' first' : ''}${(ev.undeployed as string[] | undefined)?.length ? ` (${count((ev.undeployed as string[]).length, 'unit')} stay off the battlefield)` : ''}`, 'Core 10.0');
        break;
      case 'deploymentEnded':
        ln(`The deployment phase ends: ${ev.decider} decides who takes the first turn`, 'Core 12.0');
        break;
      default: {
        const ab = abilityEventLine(s, ev); // an army ability's declare, by-hand, effects (ABILITIES.md "Play")
        if (ab) ln(ab.text, ab.rule);
        break;
      }
    }
  }
  return out;
}

/** The battle-log line of an automatic pass (it replaces "p2 passes"). */
export function autoPassLine(s: GameState, player: PlayerId): string {
  const why = s.pendingSpell ? `no WIZARD able to unbind ${SPELLS[s.pendingSpell.spell]?.name ?? s.pendingSpell.spell}` : s.players[player].cp <= 0 ? 'no command points for a reaction' : 'no reaction it can use';
  const then = s.pendingSpell ? 'the spell takes effect' : s.pendingAttack && s.pendingAttack.passes >= 1 ? 'the attacks are made' : `${opponentOf(player)} may react`;
  return `${player} cannot react (${why}): passed automatically, ${then}`;
}
