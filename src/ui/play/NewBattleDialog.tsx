import { useMemo, useState } from 'react';
import type { EngineClient } from '../../client/engineClient';
import { getGame, sampleArmies, setPlayMode, startBattle, type ChosenArmy } from './game';

/** Props of {@link NewBattleDialog}. */
export interface NewBattleDialogProps {
  /** The engine client holding the battlefield open now (its scenario and mesh files). */
  engine: EngineClient;
  /** Closes the dialog without starting a battle. */
  onClose: () => void;
}

type Side = 'p1' | 'p2';

/**
 * Before a battle (the Play button in the sandbox): the battlefield open now, which army each
 * player brings (the two samples, or an army file: Sightline's army JSON or a New Recruit /
 * BattleScribe export, read in the game worker) and which of the battlefield's armies (its
 * territories) each plays, and whether armies are set up automatically or in the deployment phase
 * (Core 10.0). Start checks everything in the game worker; problems are listed and the sandbox stays.
 */
export function NewBattleDialog({ engine, onClose }: NewBattleDialogProps) {
  const scenario = engine.snapshot;
  const territories = useMemo(() => Object.keys(scenario?.territories ?? {}), [scenario]);
  const [armies, setArmies] = useState<ChosenArmy[]>(sampleArmies);
  const [pick, setPick] = useState<Record<Side, number>>({ p1: 0, p2: 1 });
  const [territory, setTerritory] = useState<Record<Side, string>>({ p1: territories.includes('south') ? 'south' : (territories[0] ?? ''), p2: territories.includes('north') ? 'north' : (territories[1] ?? '') });
  const [deploy, setDeploy] = useState<'auto' | 'manual'>('auto');
  const [problems, setProblems] = useState<string[]>([]);
  const [notes, setNotes] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const readFile = async (side: Side, file: File) => {
    setBusy(true);
    setProblems([]);
    try {
      const r = await getGame().readArmy(await file.arrayBuffer(), file.name, side === 'p2' ? 'p2-' : undefined);
      if (!r.ok) {
        setProblems(r.problems);
        return;
      }
      const army = r.army as { name?: string; faction?: string };
      const next = [...armies, { label: `${army.name ?? file.name}${army.faction ? ` (${army.faction})` : ''}`, roster: r.army }];
      setArmies(next);
      setPick((p) => ({ ...p, [side]: next.length - 1 }));
      setNotes(r.warnings.length ? [`${file.name}: ${r.warnings.length} warning(s), e.g. ${r.warnings.slice(0, 3).join('; ')}`] : []);
    } finally {
      setBusy(false);
    }
  };

  const start = async () => {
    if (!scenario) return;
    setBusy(true);
    setProblems([]);
    const r = await startBattle({
      scenario,
      meshes: engine.meshFiles,
      armies: { p1: { army: territory.p1, roster: armies[pick.p1].roster }, p2: { army: territory.p2, roster: armies[pick.p2].roster } },
      deploy,
    });
    if (!r.ok) {
      setProblems(r.problems);
      setBusy(false);
      return;
    }
    setPlayMode(true);
  };

  const side = (p: Side, label: string) => (
    <fieldset className="battle-side" data-testid={`battle-${p}`}>
      <legend>{label}</legend>
      <label>
        Army{' '}
        <select data-testid={`battle-army-${p}`} value={pick[p]} onChange={(e) => setPick({ ...pick, [p]: Number(e.target.value) })} disabled={busy}>
          {armies.map((a, i) => (
            <option key={i} value={i}>
              {a.label}
            </option>
          ))}
        </select>
      </label>
      <label className="battle-file">
        or an army file{' '}
        <input type="file" data-testid={`battle-army-file-${p}`} accept=".json,.ros,.rosz" disabled={busy} onChange={(e) => e.target.files?.[0] && void readFile(p, e.target.files[0])} />
      </label>
      <label>
        plays{' '}
        <select data-testid={`battle-territory-${p}`} value={territory[p]} onChange={(e) => setTerritory({ ...territory, [p]: e.target.value })} disabled={busy}>
          {territories.map((t) => (
            <option key={t} value={t}>
              the {t} territory
            </option>
          ))}
        </select>
      </label>
    </fieldset>
  );

  return (
    <div className="panel new-battle" role="dialog" aria-label="New battle" data-testid="new-battle">
      <h2>New battle on {scenario?.name ?? 'this battlefield'}</h2>
      {territories.length < 2 ? (
        <p data-testid="battle-no-territories">This battlefield has {territories.length === 0 ? 'no territories' : 'one territory'}: a battle needs one for each army (Core 9.1.2). Add them to the scenario file.</p>
      ) : (
        <>
          <p className="muted">The battle is played on this battlefield as it is now, its real terrain included. Units of the battlefield whose ids match an army's units start where they stand.</p>
          {side('p1', 'Player 1')}
          {side('p2', 'Player 2')}
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
      {notes.map((n, i) => (
        <p key={i} className="muted" data-testid="battle-note">
          {n}
        </p>
      ))}
      {problems.length > 0 && (
        <ul className="battle-problems" role="alert" data-testid="battle-problems">
          {problems.map((p, i) => (
            <li key={i}>{p}</li>
          ))}
        </ul>
      )}
      <div className="battle-actions">
        <button type="button" data-testid="battle-start" disabled={busy || !scenario || territories.length < 2} onClick={() => void start()}>
          {busy ? 'Starting…' : 'Start the battle'}
        </button>
        <button type="button" data-testid="battle-cancel" onClick={onClose} disabled={busy}>
          Cancel
        </button>
      </div>
    </div>
  );
}
