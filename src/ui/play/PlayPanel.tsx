/**
 * The Play panel: phase tracker (round, active player, phase, CP, VP, objective control), the
 * selected unit's abilities and commands (available ones as buttons, the others greyed out with the
 * engine's reason and rule), the player-level actions (end phase, reactions, first turn, tactics),
 * the expected damage of each attack before committing, the dice of the last roll (thrown in the 3D
 * battlefield and listed as text: see {@link PlayDicePanel}), the battle log, and the history controls (undo, save,
 * load, replay with step back / step / jump, new game). Every value shown is the game worker's.
 */
import { TwistBanner } from './TwistBanner';
import { AbilityEntry } from './abilities/AbilityEntry';
import { ByHandEntry } from './abilities/ByHandEntry';
import { ChoicePickEntry } from './abilities/ChoicePickEntry';
import { choiceGroupOf } from './abilities/pairPick41';
import { PassedAcrossPick } from './PassedAcrossPick';
import { StepPassives } from './abilities/StepPassives';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { Action, ExpectedDamage, OptionEntry } from '../../client/gameClient';
import type { PanelState, PlayPanelHandlers } from './panelStore';
import { CasualtyOrder } from './CasualtyOrder';
import { ConfirmAction, type PendingAction } from './ConfirmAction';
import { PlayDicePanel } from './PlayDicePanel';
import { OnlineBar } from './OnlineBar';
import { CampaignBattleEnded } from '../campaign/CampaignBattleEnded';
import './play.css';
import { TACTIC_NAMES } from '../../game/playerWords';

export type { PlayNote } from './panelStore';

/** Props of {@link PlayPanel}: the panel state, its handlers, and what the App decides. */
export interface PlayPanelProps extends PanelState, Omit<PlayPanelHandlers, 'onDiceSettled'> {
  /** The selected unit's id. */
  selectedUnit: string | null;
  /** Colour of a player's army. */
  armyColorOf: (p: 'p1' | 'p2') => string;
  /** The dice of step `index` of throw `throwId` came to rest showing `shown` (optional). */
  onDiceSettled?: PlayPanelHandlers['onDiceSettled'];
}

const PHASES: Record<string, string> = {
  startOfTurn: 'Start of turn',
  hero: 'Hero phase',
  movement: 'Movement phase',
  shooting: 'Shooting phase',
  charge: 'Charge phase',
  combat: 'Combat phase',
  endOfTurn: 'End of turn',
};

/**
 * A text of the engine (log line, note, option label) with the players named by their armies:
 * "p1" / "p2" (as a word, not inside an id such as `p1-guard`) become the army names (issue 18).
 */
export function armyWords(text: string, armies: { p1?: string; p2?: string } | undefined): string {
  if (!armies) return text;
  return text.replace(/(?<![\w-])p([12])(?![\w-])/g, (w, k: string) => (k === '1' ? armies.p1 : armies.p2) ?? w);
}


/**
 * A player-level option as the panel shows it: a battle tactic is named from its action (issue 28:
 * three tactics were all labelled "Attack on Two Fronts"), Slay the Entourage with the enemy
 * general's name; every other entry as the engine labels it.
 */
export function generalEntry(e: OptionEntry, unitName: (id: string) => string): OptionEntry {
  const a = e.action as { type?: string; tactic?: string; unitId?: string; terrainId?: string };
  // Take Their Land names its terrain feature: the game's label (in words) already says which.
  if (a.type !== 'tacticalGambit' || !a.tactic || !TACTIC_NAMES[a.tactic] || a.terrainId) return e;
  return { ...e, label: `Battle tactic: ${TACTIC_NAMES[a.tactic]}${a.unitId ? ` (${unitName(a.unitId)})` : ''}` };
}

/** The test id of a player-level option: its group, plus what tells entries of one group apart. */
function generalTestId(e: OptionEntry): string {
  const a = e.action as { first?: string; tactic?: string; unitId?: string; terrainId?: string };
  return `play-g-${e.group}${e.group === 'firstTurn' ? `-${a.first}` : e.group === 'tactic' && a.tactic ? `-${a.tactic}${a.terrainId ? `-${a.terrainId}` : ''}` : e.group === 'unbind' && a.unitId ? `-${a.unitId}` : ''}`;
}

function Entry({ e: raw, busy, onAct, onActNow = onAct, testid, extra, words = (t) => t }: { e: OptionEntry; busy: boolean; onAct: (a: Action) => void; onActNow?: (a: Action) => void; testid: string; extra?: string; words?: (t: string) => string }) {
  const e = { ...raw, label: words(raw.label), reason: raw.reason === undefined ? undefined : words(raw.reason) };
  if (!e.available) {
    return (
      <div className="na" data-testid={`${testid}-na`} title={e.reason}>
        <b>{e.label}</b> — {e.reason}
        <span className="play-rule">({e.rejectedBy})</span>
      </div>
    );
  }
  if (e.drag) {
    const drag = (
      <div className="na" data-testid={testid} style={{ color: '#8be3b2' }}>
        <b>{e.label}</b>
        <span className="play-rule">({e.rule})</span>
      </div>
    );
    return e.passives ? <div className="play-ability">{drag}<StepPassives passives={e.passives} /></div> : drag;
  }
  // Its dialog is the confirmation: it acts at once.
  if (e.byHand) return <ByHandEntry entry={{ ...e, byHand: e.byHand }} busy={busy} onAct={onActNow} testid={testid} />;
  const button = (
    <button type="button" data-testid={testid} disabled={busy} onClick={() => onAct(e.action)}>
      {e.label}
      {extra && <span className="play-exp">{extra}</span>}
      <span className="play-rule">{e.rule}</span>
    </button>
  );
  // An attack, charge or move: the passives that could matter at this step (ABILITIES.md, Core 5.4).
  return e.passives ? <div className="play-ability">{button}<StepPassives passives={e.passives} /></div> : button;
}

/** Groups a unit's entries: the available ones, or (none available) the first reason. */
function grouped(entries: OptionEntry[]): OptionEntry[] {
  const out: OptionEntry[] = [];
  const groups = new Map<string, OptionEntry[]>();
  for (const e of entries) groups.set(e.group, [...(groups.get(e.group) ?? []), e]);
  for (const list of groups.values()) {
    const ok = list.filter((e) => e.available);
    if (ok.length) out.push(...ok);
    else out.push(list[0].target ? { ...list[0], label: list[0].label.replace(/ → .*$/, ' (any target)') } : list[0]);
  }
  return out.sort((a, b) => Number(b.available) - Number(a.available));
}

/** Plain words for the engine's effect kinds on a unit (issue 18: names, not ids). */
export const EFFECT_WORDS: Record<string, string> = {
  allOutAttack: 'All-out Attack (+1 to hit)',
  allOutDefence: 'All-out Defence (+1 save)',
  atTheDouble: 'At the Double',
  ward: 'Ward 6+',
  castingBonus: '+1 to cast (Place of Power)',
  unbindAsWizard: 'may unbind (Place of Power)',
  magicalIntervention: 'Magical Intervention',
};

/**
 * How long a note stays on screen, ms (issue 28: a note stayed up for ten minutes): a refusal 30 s,
 * any other note 10 s; the next note replaces it, × closes it. The battle log keeps what happened.
 */
export const NOTE_SHOWN_MS = { refused: 30_000, other: 10_000 } as const;

const fmt = (d: ExpectedDamage | undefined) => (d && d.ok ? `≈ ${d.value.toFixed(2)} dmg, ${d.slain.toFixed(2)} slain` : undefined);

/** The Play panel. */
export function PlayPanel(p: PlayPanelProps) {
  const s = p.summary;
  /** A player as the page names them: their army's name, not p1/p2. */
  const who = (pl: string | null | undefined) => (pl === 'p1' || pl === 'p2' ? s?.armies[pl] ?? pl : (pl ?? ''));
  const logRef = useRef<HTMLDivElement>(null);
  const words = (t: string) => armyWords(t, s?.armies);
  /** The new game waiting for the player's confirmation: false = armies set up, true = with deployment. */
  const [confirmNew, setConfirmNew] = useState<boolean | null>(null);
  /** The note shown is over (its time passed, or closed with ×). */
  const [noteGone, setNoteGone] = useState<PanelState['note']>(null);
  /** Online, the action a button asked for, waiting for the player's "Do it" (no undo there). */
  const [pending, setPending] = useState<PendingAction | null>(null);
  useEffect(() => {
    if (!p.note) return;
    const note = p.note;
    const t = setTimeout(() => setNoteGone(note), note.kind === 'refused' ? NOTE_SHOWN_MS.refused : NOTE_SHOWN_MS.other);
    return () => clearTimeout(t);
  }, [p.note]);
  useEffect(() => {
    const el = logRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [p.lines.length]);
  if (!s) {
    return (
      <div className="play-panel panel" data-testid="play-panel">
        <div className="play-head">Play</div>
        <p>Setting up the battle…</p>
      </div>
    );
  }
  const unit = p.selectedUnit ? s.units.find((u) => u.id === p.selectedUnit) : undefined;
  // A replay is read-only: no action, undo or drag (the page refuses them too); leaving it is explicit.
  const readOnly = s.replay !== null;
  // Online: a spectator acts on nothing; a player acts for its own seat only (the page and the
  // server refuse the rest), and the game's history is the server's (no undo, load or new game here).
  const spectator = p.online?.seat === 'spectator';
  // Online and not connected (the server is unreachable, or the connection closed): nothing is sent (issue 36).
  const busy = p.busy || (!!p.online && p.online.status !== 'connected');
  // The player-level actions of a previous state (their answer for this one is on its way) are not offered (issue 36).
  const generalOff = busy || p.generalFor !== s.hash;
  const waitingFor = p.online && !spectator && s.toAct !== null && s.toAct !== p.online.seat ? s.toAct : null;
  const slug = (x: string) => x.replace(/[^a-zA-Z0-9]+/g, '-');
  // The selected unit's options: what it can do now first; what it cannot is folded away, each
  // with the engine's reason.
  const optionsShown = !readOnly && !spectator && p.options?.ok === true;
  const options = optionsShown && p.options?.ok ? grouped(p.options.entries) : [];
  const optionsNow = options.filter((e) => e.available);
  const optionsLater = options.filter((e) => !e.available);
  // Online (no undo): a button asks once before it acts (issue 35 item 4); hot-seat acts at once.
  const actFor = (label: string) => (p.online ? (a: Action) => setPending({ action: a, label: words(label) }) : p.onAct);
  // An army ability's entries (one per unit its Declare can pick) shown once, as one AbilityEntry (issue 34).
  // Session 41 (ui41): an ability whose options carry a choice (Call to Murder's 42 "A>B", Fanatical Blademaster's 28)
  // as one entry of short picks; the first pick of a swap of blessings among the active ones when the game tells them.
  const inWords = (x: OptionEntry) => ({ ...x, label: words(x.label), reason: x.reason === undefined ? undefined : words(x.reason) });
  const withAbilities = (list: OptionEntry[], plain: (e: OptionEntry, i: number) => ReactNode, base: string, off = busy) =>
    list.map((e, i) => {
      if (!e.ability) return plain(e, i);
      const choice = choiceGroupOf(e);
      const same = (x: OptionEntry) => (choice !== null ? choiceGroupOf(x) === choice : x.ability !== undefined && choiceGroupOf(x) === null && x.group === e.group);
      if (list.findIndex(same) !== i) return null;
      if (choice !== null) {
        const pl = (e.action as { player?: string }).player;
        // The blessings of Khaine the game knows active (sh40h): a swap ends an active one for one not active; a grant picks ones not active.
        const active = (pl === 'p1' || pl === 'p2') && /\bblessing\b/i.test(e.ability.effect) ? s.blessings?.[pl] : undefined;
        const swap = /\bthat is active\b/i.test(e.ability.effect);
        const notActive = active && (swap || /\bthat is not active\b/i.test(e.ability.effect)) ? (b: string) => !active.includes(b) : undefined;
        return <ChoicePickEntry key={`${base}-choice-${choice}`} entries={list.filter(same).map(inWords)} firstAllowed={active && swap ? (b) => active.includes(b) : notActive} secondAllowed={notActive} busy={off} onAct={(a, label) => actFor(label)(a)} targeting={p.targeting} onTarget={p.onTarget} testid={`${base}-${slug(choice)}`} />;
      }
      return <AbilityEntry key={`${base}-${e.group}`} entries={list.filter(same).map(inWords)} busy={off} onAct={(a, label) => actFor(label)(a)} targeting={p.targeting} onTarget={p.onTarget} testid={`${base}-${slug(e.group)}`} />;
    });
  const optionEntry = (e: OptionEntry, i: number) => (
    <Entry key={i} e={e} busy={busy} onAct={actFor(e.label)} onActNow={p.onAct} words={words} testid={`play-o-${slug(e.group)}${e.target ? `-${e.target}` : ''}`} extra={e.target && e.profile === undefined ? fmt(p.expected[e.target]) : undefined} />
  );
  return (
    <>
      <PlayDicePanel steps={p.steps} throwId={p.throwId} />
      <div className="play-panel panel" data-testid="play-panel" data-version={s.actions} data-hash={s.hash}>
        <div className="play-head" data-testid="play-head">
          <span>Play · {s.battleplan}</span>
        </div>
        {p.online && <OnlineBar online={p.online} armies={s.armies} armyColorOf={p.armyColorOf} />}
        <div className="play-phase" data-testid="play-phase">
          {s.stage === 'ended' ? (
            <b>Battle over</b>
          ) : s.stage === 'deployment' && s.deployment ? (
            <>
              <b>Deployment</b> ({s.deployment.step === 'terrain' ? 'faction terrain' : 'units'}) · <b data-testid="play-to-deploy" data-player={s.deployment.toDeploy}>{who(s.deployment.toDeploy)}</b> deploys next
              {s.deployment.regiment && ` · regiment of ${s.deployment.regiment.leader}: ${s.deployment.regiment.left.length} left`}
              <div className="play-rule">Drag a unit wholly within your territory, more than 9" from the enemy's (Core 10.1); the engine decides.</div>
            </>
          ) : s.stage === 'firstTurn' ? (
            <>
              Round <b data-testid="play-round">{s.round}</b>/{s.battleRounds} · {who(s.decider)} chooses who goes first
            </>
          ) : (
            <>
              Round <b data-testid="play-round">{s.round}</b>/{s.battleRounds} · <b>{who(s.active)}</b>'s turn · <b>{PHASES[s.phase ?? ''] ?? s.phase}</b>
            </>
          )}
        </div>
        {s.ascension && s.stage !== 'ended' && <TwistBanner ascension={s.ascension} who={who} />}
        <div className="play-tracker">
          <span />
          {(['p1', 'p2'] as const).map((pl) => (
            <span key={pl} style={{ color: p.armyColorOf(pl), fontWeight: 650 }} title={`${pl === 'p1' ? 'Player 1' : 'Player 2'}: ${s.armies[pl]}`} data-testid={`play-army-${pl}`}>
              {s.armies[pl]} {s.toAct === pl ? '◀' : ''}
            </span>
          ))}
          <span className="lbl">Faction</span>
          <span className="lbl">{s.factions?.p1}</span>
          <span className="lbl">{s.factions?.p2}</span>
          <span className="lbl">CP</span>
          <span data-testid="play-cp-p1">{s.cp.p1}</span>
          <span data-testid="play-cp-p2">{s.cp.p2}</span>
          <span className="lbl">VP</span>
          <b data-testid="play-vp-p1">{s.vp.p1}</b>
          <b data-testid="play-vp-p2">{s.vp.p2}</b>
          {s.armyAbilitiesUsed && (['lbl', 'p1', 'p2'] as const).map((k) => (k === 'lbl' ? <span key={k} className="lbl">Army used</span> : <span key={k} data-testid={`play-army-used-${k}`}>{s.armyAbilitiesUsed?.[k]?.join(', ') ?? ''}</span>))}
        </div>
        <div className="play-objs" data-testid="play-objectives">
          {Object.entries(s.objectives).map(([o, c]) => (
            <span key={o} data-testid={`play-obj-${o}`} style={c ? { borderColor: p.armyColorOf(c), color: p.armyColorOf(c) } : undefined} title="controller (Core 32.2)">
              {o}: {c ? s.armies[c] : '—'}
            </span>
          ))}
        </div>
        {s.stage === 'ended' && (
          <div className="play-winner" data-testid="play-winner">
            {s.winner === 'draw' || !s.winner ? 'A draw' : `${s.armies[s.winner as 'p1' | 'p2']} wins`} — {s.vp.p1}–{s.vp.p2} VP
          </div>
        )}
        {s.stage === 'ended' && !readOnly && <CampaignBattleEnded roomId={p.online?.roomId ?? null} seat={p.online?.seat ?? null} actions={s.actions} />}
        {s.replay && <ReplayBar index={s.replay.index} total={s.replay.total} busy={p.busy} onBack={p.onReplayBack} onStep={p.onReplayStep} onTo={p.onReplayTo} onLeave={p.onLeaveReplay} />}
        {/* A note over (time passed, or ×) keeps its space, hidden, until the next note replaces it:
            the buttons under it never move under the pointer (issue 35 item 4). */}
        {p.note && (
          <div
            className={`play-note ${p.note.kind}${p.note === noteGone ? ' gone' : ''}`}
            data-testid={p.note === noteGone ? 'play-note-space' : 'play-note'}
            data-kind={p.note.kind}
            aria-hidden={p.note === noteGone || undefined}
          >
            {words(p.note.text)}
            {p.note.rule && <span className="play-rule">({p.note.rule})</span>}
            <button type="button" className="play-note-close" data-testid="play-note-close" title="Close this note (the battle log keeps what happened)" aria-label="Close the note" onClick={() => setNoteGone(p.note)}>
              ×
            </button>
          </div>
        )}

        {!readOnly && !spectator && p.acrossPick && (
          <PassedAcrossPick pick={{ ...p.acrossPick, ability: words(p.acrossPick.ability) }} busy={busy} onPick={(id) => p.onAcrossPick?.(id)} onHover={(id) => p.onHoverUnit?.(id)} />
        )}
        {readOnly ? (
          <div className="play-rule" data-testid="play-read-only">
            A replay only shows what happened: nothing here changes a game. Your game in progress is kept; "Leave replay" goes back to it.
          </div>
        ) : spectator ? (
          <div className="play-rule" data-testid="play-spectating">
            You are watching: you see every move, roll and the battle log as they happen, and may measure and check line of sight; you cannot act.
          </div>
        ) : waitingFor ? (
          <>
            <h3 data-testid="play-waiting">Waiting for {who(waitingFor)} to act…</h3>
            {/* Issue 34: this seat's reactions and its abilities waiting to be resolved by hand stay usable while the other player acts. */}
            <div className="play-opts" data-testid="play-general">
              {withAbilities(p.general.filter((e) => (e.ability || e.byHand) && e.action.player === p.online?.seat), (e, i) => <Entry key={i} e={e} busy={generalOff} onAct={actFor(e.label)} onActNow={p.onAct} words={words} testid={generalTestId(e)} />, 'play-g', generalOff)}
            </div>
          </>
        ) : (
          <>
            <h3>{s.toAct ? `${who(s.toAct)} to act` : 'Actions'}</h3>
            <div className="play-opts" data-testid="play-general">
              {withAbilities(p.general, (e, i) => {
                const shown = generalEntry(e, (id) => s.units.find((u) => u.id === id)?.name ?? id);
                return <Entry key={i} e={shown} busy={generalOff} onAct={actFor(shown.label)} onActNow={p.onAct} words={words} testid={generalTestId(e)} />;
              }, 'play-g', generalOff)}
            </div>
          </>
        )}

        <h3>Selected unit</h3>
        {!unit ? (
          <div className="play-units">
            <span className="play-rule">Click a model (shift: its unit) or pick a unit:</span>
            {s.units
              .filter((u) => u.alive > 0 && (u.deployed || s.stage === 'deployment') && (s.toAct === null || u.owner === s.toAct))
              .map((u) => (
                <button key={u.id} type="button" data-testid={`play-unit-${u.id}`} onClick={() => p.onSelectUnit(u.id)}>
                  <span style={{ color: p.armyColorOf(u.owner) }} title={who(u.owner)}>●</span> {u.name} ({u.alive}/{u.models})
                </button>
              ))}
          </div>
        ) : (
          <>
            <div data-testid="play-unit">
              <b style={{ color: p.armyColorOf(unit.owner) }}>{unit.name}</b> · {who(unit.owner)} · {unit.alive}/{unit.models} models
              {unit.damage > 0 && ` · ${unit.damage} damage`}
              {unit.pendingMove && ` · ${unit.pendingMove.kind} up to ${unit.pendingMove.maxInches}"`}
              {unit.effects.length > 0 && <span data-testid="play-unit-effects"> · {unit.effects.map((k) => EFFECT_WORDS[k] ?? k).join(', ')}</span>}
              {unit.abilitiesUsed && <span data-testid="play-unit-abilities-used"> · used this turn: {unit.abilitiesUsed.join(', ')}</span>}
            </div>
            {!readOnly && !spectator && <CasualtyOrder unit={unit} busy={busy} onAct={p.onAct} />}
            {!readOnly && !spectator && (s.phase === 'shooting' || s.phase === 'combat') && (
              <div style={{ margin: '3px 0' }}>
                <button type="button" data-testid="play-target" aria-pressed={p.targeting === 'shoot' || p.targeting === 'fight'} onClick={() => p.onTarget(p.targeting ? null : s.phase === 'shooting' ? 'shoot' : 'fight')}>
                  {p.targeting === 'shoot' || p.targeting === 'fight' ? 'Click an enemy model on the table… (cancel)' : 'Pick the target on the table'}
                </button>
              </div>
            )}
            <div className="play-opts" data-testid="play-options">
              {optionsShown && optionsNow.length === 0 && <div className="play-rule" data-testid="play-options-none">Nothing this unit can do now.</div>}
              {withAbilities(optionsNow, optionEntry, 'play-o')}
              {optionsLater.length > 0 && (
                <details className="play-opts-more" data-testid="play-options-more">
                  <summary>{optionsLater.length} not possible now (why)</summary>
                  {withAbilities(optionsLater, optionEntry, 'play-o')}
                </details>
              )}
            </div>
          </>
        )}

        <h3>Battle log</h3>
        <div className="play-log" ref={logRef} data-testid="play-log">
          {p.lines.map((l, i) => (
            <div key={i} className={l.kind}>
              {words(l.text)}
              {l.rule && <span className="play-rule">{l.rule}</span>}
            </div>
          ))}
        </div>

        <h3>History</h3>
        <div className="play-hist">
          {!readOnly && !p.online && (
            <button type="button" data-testid="play-undo" disabled={p.busy || !s.undo.ok} title={s.undo.ok ? 'Undo the last action' : s.undo.reason} onClick={p.onUndo}>
              Undo
            </button>
          )}
          <button type="button" data-testid="play-save" onClick={p.onSave}>
            Save…
          </button>
          {!p.online && (
            <>
          <label>
            Load…
            <input type="file" accept=".json,application/json" data-testid="play-load" onChange={(e) => readFile(e.target, (t) => p.onLoad(t, false))} />
          </label>
          <label>
            Replay…
            <input type="file" accept=".json,application/json" data-testid="play-replay" onChange={(e) => readFile(e.target, (t) => p.onLoad(t, true))} />
          </label>
          <button type="button" data-testid="play-new" onClick={() => setConfirmNew(false)} title="A new battle with both armies set up in their territories (asks first)">
            New game
          </button>
          <button type="button" data-testid="play-new-deploy" onClick={() => setConfirmNew(true)} title="A new battle that starts with the deployment phase (Core 10.0) (asks first)">
            New game with deployment
          </button>
          {p.previous && (
            <button type="button" data-testid="play-resume-previous" onClick={p.onResumePrevious} title={`The game a new game replaced: ${p.previous.armies}, ${p.previous.actions} actions. The game in progress is kept in its place.`}>
              Resume previous game
            </button>
          )}
            </>
          )}
        </div>
        {!readOnly && !p.online && !s.undo.ok && <div className="play-rule">Undo: {s.undo.reason}</div>}
        {p.online && <div className="play-rule">An online game is kept by the game server: Save… downloads it as it stands (without its dice seed).</div>}
        <details className="play-info" data-testid="play-info">
          <summary>Game info</summary>
          <div>
            {s.actions} actions played · state hash <code data-testid="play-hash">#{s.hash}</code>
          </div>
          <div className="play-rule">The same game gives the same hash: compare it with another copy of the game (a saved file, the other player's screen).</div>
        </details>
      </div>
      {pending && !busy && (
        <ConfirmAction
          pending={pending}
          onCancel={() => setPending(null)}
          onConfirm={() => {
            setPending(null);
            p.onAct(pending.action);
          }}
        />
      )}
      {confirmNew !== null && (
        <div className="play-confirm panel" role="dialog" aria-modal="true" aria-labelledby="play-confirm-title" data-testid="play-confirm-new" data-deployment={String(confirmNew)}>
          <b id="play-confirm-title">Start a new game{confirmNew ? ' with deployment' : ''}?</b>
          <p>
            {readOnly ? 'Your game in progress' : `This game (round ${s.round}, ${s.actions} actions)`} is kept: <i>Resume previous game</i> (under History) brings it back.
          </p>
          <div className="play-confirm-actions">
            <button type="button" data-testid="play-confirm-new-cancel" onClick={() => setConfirmNew(null)} autoFocus>
              Keep playing
            </button>
            <button
              type="button"
              data-testid="play-confirm-new-ok"
              onClick={() => {
                const deployment = confirmNew;
                setConfirmNew(null);
                p.onNewGame(deployment);
              }}
            >
              Start the new game
            </button>
          </div>
        </div>
      )}
    </>
  );
}

/** The replay controls: step back, step forward, jump to a step, leave the replay. */
function ReplayBar({ index, total, busy, onBack, onStep, onTo, onLeave }: { index: number; total: number; busy: boolean; onBack: () => void; onStep: () => void; onTo: (i: number) => void; onLeave: () => void }) {
  const [to, setTo] = useState(String(index));
  useEffect(() => setTo(String(index)), [index]);
  return (
    <div className="play-note info play-replay" data-testid="play-replay-bar" data-index={index} data-total={total}>
      Replay <b data-testid="play-replay-index">{index}</b>/{total}{' '}
      <button type="button" data-testid="play-replay-back" disabled={busy || index <= 0} onClick={onBack} title="One action back">
        ◀ Back
      </button>
      <button type="button" data-testid="play-replay-step" disabled={busy || index >= total} onClick={onStep} title="Next action">
        Step ▶
      </button>
      <input type="number" min={0} max={total} value={to} data-testid="play-replay-to" onChange={(e) => setTo(e.target.value)} aria-label="Step to jump to" />
      <button type="button" data-testid="play-replay-go" disabled={busy || !/^\d+$/.test(to) || Number(to) > total || Number(to) === index} onClick={() => onTo(Number(to))}>
        Go
      </button>
      <button type="button" data-testid="play-replay-leave" disabled={busy} onClick={onLeave} title="Close the replay and go back to the game in progress (its autosave)">
        Leave replay, back to my game
      </button>
    </div>
  );
}

function readFile(input: HTMLInputElement, then: (text: string) => void): void {
  const f = input.files?.[0];
  if (!f) return;
  void f.text().then(then);
  input.value = '';
}
