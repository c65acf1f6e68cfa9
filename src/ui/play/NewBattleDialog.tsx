import { TerritorySelect } from './TerritorySelect';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { EngineClient } from '../../client/engineClient';
import type { BaseEntry } from '../../army/bases';
import type { RosterInput } from '../../rules/engine/roster';
import { recentKey, readRecentArmies, readRememberedBases, recordRecentArmy, rememberBases, type RecentArmy } from '../army/armyStore';
import { BasesTable } from '../army/BasesTable';
import { applyBases, basesRows, isDefault, rememberedEntries, type BasesRow } from '../army/basesTable';
import { UnitCardOverlay } from '../army/UnitCardOverlay';
import '../army/army.css';
import { gameInProgress, getGame, prepareBattle, sampleArmies, setPlayMode, startBattle } from './game';
import { createOnline, linkFor, onlineCreateOptions, serverAddress } from './online';

/** Props of {@link NewBattleDialog}. */
export interface NewBattleDialogProps {
  /** The engine client holding the battlefield open now (its scenario and mesh files). */
  engine: EngineClient;
  /** Closes the dialog without starting a battle. */
  onClose: () => void;
}

type Side = 'p1' | 'p2';

/** An army chosen for a side, with its bases and heights table. */
interface SideArmy {
  /** The picker's value: `sample:<i>` or `recent:<key>`. */
  key: string;
  name: string;
  faction: string;
  /** The army as read (before the table is applied). */
  roster: RosterInput;
  /** `sample`: a bundled army; `army`: Sightline's army file; `roster`: an imported export. */
  source: 'sample' | 'army' | 'roster';
  fileName?: string;
  warnings: string[];
  rows: BasesRow[];
}

const SIDES: Side[] = ['p1', 'p2'];
const idPrefix = (side: Side) => (side === 'p2' ? 'p2-' : undefined);
const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

function sampleSide(i: number): SideArmy {
  const roster = sampleArmies()[i].roster as RosterInput;
  return { key: `sample:${i}`, name: roster.name, faction: roster.faction, roster, source: 'sample', warnings: [], rows: basesRows(roster, 'army') };
}

/**
 * An importer's warning as a player in the page reads it: the command line's advice "(give them
 * with --bases)" becomes where the page sets them, the bases and heights table (issue 28).
 */
export function browserWarning(w: string): string {
  return w
    .replace(/\(give them with --bases\)/g, '(set them in "Bases and heights" below)')
    .replace(/\(give "heightInches" with --bases\)/g, '(set it in "Bases and heights" below)')
    // Issue 35: names, never ids: `unit "Gutrippaz" (gutrippaz):` names the unit once.
    .replace(/("[^"]+") \([a-z0-9]+(?:[-.][a-z0-9]+)*\)/g, '$1')
    .replace(/\b(1 (?:[a-z]+ )*)model\(s\)/g, '$1model')
    .replace(/model\(s\)/g, 'models');
}

/**
 * Before a battle (the Play button in the sandbox): the battlefield open now, which army each
 * player brings and which of the battlefield's armies (its territories) each plays, and whether
 * armies are set up automatically or in the deployment phase (Core 10.0). An army is a sample, a
 * recently used army file (kept in IndexedDB, shown with its name and faction), or a new army
 * file (Sightline's army JSON or a New Recruit / BattleScribe export), read in the game worker
 * with the bases the player confirmed before. Each army's bases and heights table marks the
 * defaults until confirmed or edited; a unit's name opens its card. Start applies the tables
 * (every model of each unit) and checks everything in the game worker; problems are listed and
 * the sandbox stays.
 */
export function NewBattleDialog({ engine, onClose }: NewBattleDialogProps) {
  const scenario = engine.snapshot;
  const territories = useMemo(() => Object.keys(scenario?.territories ?? {}), [scenario]);
  const samples = useMemo(() => sampleArmies().map((_, i) => sampleSide(i)), []);
  const [recent, setRecent] = useState<RecentArmy[]>([]);
  const remembered = useRef<Record<string, BaseEntry>>({});
  const [chosen, setChosen] = useState<Record<Side, SideArmy>>({ p1: samples[0], p2: samples[1] });
  const [territory, setTerritory] = useState<Record<Side, string>>({ p1: territories.includes('south') ? 'south' : (territories[0] ?? ''), p2: territories.includes('north') ? 'north' : (territories[1] ?? '') });
  const [deploy, setDeploy] = useState<'auto' | 'manual'>('auto');
  const [problems, setProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [card, setCard] = useState<{ side: Side; unitId: string } | null>(null);
  const closeCard = useCallback(() => setCard(null), []);
  // The game left with Leave Play (autosaved): Play resumes it (issue 35 item 5).
  const inProgress = useMemo(() => gameInProgress(), []);

  // The battlefield's terrain index built in the game worker while the armies are chosen (Start finds it).
  // Once, on opening: the battlefield cannot change while the dialog is open.
  useEffect(() => {
    if (scenario) void prepareBattle(scenario, engine.meshFiles).catch(() => undefined);
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  // What IndexedDB remembers, read once; a file read waits for it (its remembered bases).
  const stored = useRef<Promise<void> | null>(null);
  useEffect(() => {
    let live = true;
    stored.current = Promise.all([readRecentArmies(), readRememberedBases()]).then(([r, b]) => {
      if (!live) return;
      setRecent((now) => (now.length ? now : r));
      remembered.current = { ...b, ...remembered.current };
    });
    return () => {
      live = false;
    };
  }, []);

  /** Reads an army file in the game worker for a side, with the remembered bases; records it as recently used. */
  const read = async (side: Side, bytes: ArrayBuffer, fileName: string): Promise<void> => {
    setBusy(true);
    setProblems([]);
    try {
      await stored.current;
      const r = await getGame().readArmy(bytes.slice(0), fileName, idPrefix(side), remembered.current);
      if (!r.ok) {
        setProblems(r.problems);
        return;
      }
      const army = r.army;
      const entry: RecentArmy = { name: army.name, faction: army.faction, fileName, bytes, usedAt: Date.now() };
      setRecent(await recordRecentArmy(entry));
      const table = new Map(Object.entries(remembered.current));
      setChosen((c) => ({
        ...c,
        [side]: { key: `recent:${recentKey(entry)}`, name: army.name, faction: army.faction, roster: army, source: r.source, fileName, warnings: r.warnings, rows: basesRows(army, r.source, table) },
      }));
    } catch (e) {
      setProblems([`${fileName}: ${(e as Error).message}`]);
    } finally {
      setBusy(false);
    }
  };

  const pick = (side: Side, key: string) => {
    setCard(null);
    if (key.startsWith('sample:')) {
      setChosen((c) => ({ ...c, [side]: samples[Number(key.slice(7))] }));
      return;
    }
    const a = recent.find((x) => `recent:${recentKey(x)}` === key);
    if (a) void read(side, a.bytes, a.fileName);
  };

  const setRows = (side: Side, rows: BasesRow[]) => {
    setChosen((c) => ({ ...c, [side]: { ...c[side], rows } }));
    const entries = rememberedEntries(rows);
    remembered.current = { ...remembered.current, ...entries };
    void rememberBases(entries);
  };

  const start = async () => {
    if (!scenario) return;
    setBusy(true);
    setProblems([]);
    const roster = (s: Side) => applyBases(chosen[s].roster, chosen[s].rows);
    const r = await startBattle({
      scenario,
      meshes: engine.meshFiles,
      armies: { p1: { army: territory.p1, roster: roster('p1') }, p2: { army: territory.p2, roster: roster('p2') } },
      deploy,
    });
    if (!r.ok) {
      setProblems(r.problems);
      setBusy(false);
      return;
    }
    setPlayMode(true);
  };

  /**
   * Play online (issue 25 item 3): the same battle created as a room on the game server, this page
   * p1; the page then opens the room's p1 link, whose Play panel gives the opponent's and the
   * spectators' links. A server that cannot be reached, or refuses the battle, is said here.
   */
  const startOnline = async () => {
    if (!scenario) return;
    setBusy(true);
    setProblems([]);
    const roster = (s: Side) => applyBases(chosen[s].roster, chosen[s].rows);
    const server = serverAddress();
    try {
      if (territory.p1 === territory.p2) throw new Error('Each army needs its own territory (Core 9.1.2): pick two different ones.');
      const options = onlineCreateOptions({ scenario, armies: { p1: { army: territory.p1, roster: roster('p1') }, p2: { army: territory.p2, roster: roster('p2') } }, deploy });
      const { roomId } = await createOnline(server, options);
      window.location.assign(linkFor(roomId, 'p1', server));
    } catch (e) {
      setProblems((e as Error).message.split('\n'));
      setBusy(false);
    }
  };

  const side = (p: Side, label: string) => {
    const a = chosen[p];
    const models = a.roster.units.reduce((n, u) => n + u.models.length, 0);
    const manifestations = a.roster.manifestations?.length ?? 0;
    const defaults = a.rows.filter((r) => isDefault(r.baseFrom) || isDefault(r.heightFrom)).length;
    const recentHere = recent.some((x) => `recent:${recentKey(x)}` === a.key);
    return (
      <fieldset key={p} className="battle-side" data-testid={`battle-${p}`}>
        <legend>{label}</legend>
        <label>
          Army{' '}
          <select data-testid={`battle-army-${p}`} value={a.key} onChange={(e) => pick(p, e.target.value)} disabled={busy}>
            <optgroup label="Samples">
              {samples.map((s) => (
                <option key={s.key} value={s.key}>
                  {s.name} — {s.faction} (sample)
                </option>
              ))}
            </optgroup>
            {(recent.length > 0 || !recentHere) && (
              <optgroup label="Recently used armies">
                {recent.map((x) => (
                  <option key={recentKey(x)} value={`recent:${recentKey(x)}`}>
                    {x.name} — {x.faction} ({x.fileName})
                  </option>
                ))}
                {!recentHere && a.source !== 'sample' && <option value={a.key}>{a.name} — {a.faction} ({a.fileName})</option>}
              </optgroup>
            )}
          </select>
        </label>
        <label className="battle-file">
          or an army file{' '}
          <input
            type="file"
            data-testid={`battle-army-file-${p}`}
            accept=".json,.ros,.rosz"
            disabled={busy}
            onChange={(e) => {
              const f = e.target.files?.[0];
              e.target.value = '';
              if (f) void f.arrayBuffer().then((b) => read(p, b, f.name));
            }}
          />
        </label>
        <div className="battle-army-summary" data-testid={`battle-army-summary-${p}`}>
          <b data-testid={`battle-army-name-${p}`}>{a.name}</b> · {a.faction} · {count(a.roster.units.length, 'unit')}, {count(models, 'model')}
          {manifestations > 0 ? `, ${count(manifestations, 'manifestation')}` : ''}
        </div>
        {a.warnings.length > 0 && (
          <details className="battle-warnings" data-testid={`battle-warnings-${p}`}>
            <summary>
              {a.fileName}: {count(a.warnings.length, 'warning')}
            </summary>
            <ul>
              {a.warnings.map((w, i) => (
                <li key={i}>{browserWarning(w)}</li>
              ))}
            </ul>
          </details>
        )}
        <details className="battle-bases" open={a.source === 'roster'} key={a.key}>
          <summary>
            Bases and heights{defaults > 0 ? ` — ${count(defaults, 'unit')} with default values, check them` : ''}
          </summary>
          <BasesTable rows={a.rows} onChange={(rows) => setRows(p, rows)} onOpenCard={(unitId) => setCard({ side: p, unitId })} armyName={a.name} testId={`bases-${p}`} disabled={busy} />
        </details>
        <label>
          plays{' '}
          <TerritorySelect territories={territories} value={territory[p]} onChange={(t) => setTerritory({ ...territory, [p]: t })} testId={`battle-territory-${p}`} disabled={busy} />
        </label>
      </fieldset>
    );
  };

  const cardUnit = card ? [...chosen[card.side].roster.units, ...(chosen[card.side].roster.manifestations ?? [])].find((u) => u.id === card.unitId) : undefined;
  const cardRow = card ? chosen[card.side].rows.find((r) => r.unitId === card.unitId) : undefined;

  return (
    <div className="panel new-battle wide" role="dialog" aria-label="New battle" data-testid="new-battle">
      {inProgress && (
        <div className="battle-resume" data-testid="battle-resume-box">
          <span>
            Game in progress: <b>{inProgress.armies}</b>, {count(inProgress.actions, 'action')} played.
          </span>
          <button type="button" data-testid="battle-resume" disabled={busy} onClick={() => setPlayMode(true)} title="Back to the game you left (it is kept in this browser)">
            Resume the game
          </button>
        </div>
      )}
      <h2>New battle on {scenario?.name ?? 'this battlefield'}</h2>
      {territories.length < 2 ? (
        <p data-testid="battle-no-territories">This battlefield has {territories.length === 0 ? 'no territories' : 'one territory'}: a battle needs one for each army (Core 9.1.2). Add them to the scenario file.</p>
      ) : (
        <>
          <p className="muted">The battle is played on this battlefield as it is now, its real terrain included. Units of the battlefield whose ids match an army's units start where they stand.</p>
          {SIDES.map((p) => side(p, p === 'p1' ? 'Player 1' : 'Player 2'))}
          <fieldset className="battle-deploy">
            <legend>Set-up</legend>
            <label>
              <input type="radio" name="deploy" checked={deploy === 'auto'} onChange={() => setDeploy('auto')} data-testid="battle-deploy-auto" /> set the armies up in their territories
            </label>
            <label>
              <input type="radio" name="deploy" checked={deploy === 'manual'} onChange={() => setDeploy('manual')} data-testid="battle-deploy-manual" /> deployment phase (Core 10.0)
            </label>
          </fieldset>
        </>
      )}
      {problems.length > 0 && (
        <ul className="battle-problems" role="alert" data-testid="battle-problems">
          {problems.map((p, i) => (
            <li key={i}>{p}</li>
          ))}
        </ul>
      )}
      <div className="battle-actions">
        <button type="button" data-testid="battle-start" disabled={busy || !scenario || territories.length < 2} onClick={() => void start()}>
          {busy ? 'Working…' : 'Start the battle'}
        </button>
        <button
          type="button"
          data-testid="battle-online"
          disabled={busy || !scenario || territories.length < 2}
          onClick={() => void startOnline()}
          title={`Create this battle on the game server (${serverAddress()}): you play Player 1, and get a link for your opponent and one for spectators`}
        >
          Play online
        </button>
        <button type="button" data-testid="battle-cancel" onClick={onClose} disabled={busy}>
          Cancel
        </button>
      </div>
      {card && cardUnit && (
        <UnitCardOverlay
          unit={cardRow ? applyBases({ ...chosen[card.side].roster, units: [cardUnit], manifestations: [] }, [cardRow]).units[0] : cardUnit}
          subtitle={chosen[card.side].name}
          onClose={closeCard}
        />
      )}
    </div>
  );
}
