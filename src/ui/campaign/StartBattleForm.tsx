import { TerritorySelect } from '../play/TerritorySelect';
import { useMemo, useState } from 'react';
import { drawArmy } from '../../campaign/army';
import { BATTLEPLAN_RULE, battleplanName, rollBattleplan } from '../../campaign/battle';
import { fieldedPoints, type Refusal } from '../../campaign/roster';
import type { Campaign } from '../../campaign/schema';
import type { EngineClient } from '../../client/engineClient';
import { ASCENSION_IDS } from '../../rules/engine/ascension';
import { startBattle } from '../play/game';
import { createOnline, linkFor, serverAddress } from '../play/online';
import { ArmyPicker, sampleArmy, type PickedArmy } from './ArmyPicker';
import type { CampaignBattle } from './campaignStore';
import { campaignBattleArmies, campaignOnlineOptions } from './onlineBattle';
import { Refusals } from './Refusals';

/** Props of {@link StartBattleForm}. */
export interface StartBattleFormProps {
  campaign: Campaign;
  /** The engine client holding the battlefield open now (the battle is played on it). */
  engine: EngineClient;
  /** The battle started (the game is saved for Play): the campaign remembers it; Play opens after the returned promise. */
  onStarted: (battle: CampaignBattle) => Promise<void>;
  onCancel: () => void;
}

/**
 * Starts a Path to Glory battle (Ascension › Path to Glory Battles 1-2) on the battlefield open
 * now: the units drawn from the Order of Battle (`drawArmy`, as `campaign army`: the warlord as
 * general, rank abilities and enhancements) within the points limit, the opponent's army (a sample
 * or an army file), the battleplan rolled on the table (a D6, seeded) or picked, the territory
 * and the player (p1 or p2) the campaign's army plays; then hot-seat Play (the game set up
 * automatically), or *Play online*: the same battle created as a room on the game server (the
 * campaign's army in its seat, this page), the battle recorded with its room and seat, and the
 * room's link for that seat opened (as the New battle dialog does). Who picks the roles and who
 * deploys first follow the battleplan (`ascensionSetup`), not the seat.
 */
export function StartBattleForm({ campaign: c, engine, onStarted, onCancel }: StartBattleFormProps) {
  const scenario = engine.snapshot;
  const territories = useMemo(() => Object.keys(scenario?.territories ?? {}), [scenario]);
  const [opponent, setOpponent] = useState<PickedArmy | null>(() => sampleArmy(1));
  const [units, setUnits] = useState<ReadonlySet<string>>(() => new Set(c.units.map((u) => u.id)));
  const [pointsLimit, setPointsLimit] = useState(() => Math.max(1000, Math.ceil(c.units.reduce((t, u) => t + fieldedPoints(u), 0) / 250) * 250));
  const [seed, setSeed] = useState(() => Math.floor(Math.random() * 1e9));
  const [battleplan, setBattleplan] = useState<string>(ASCENSION_IDS[0]);
  const [roll, setRoll] = useState<number[] | null>(null);
  const [territory, setTerritory] = useState(territories.includes('south') ? 'south' : (territories[0] ?? ''));
  // The player the campaign's army plays (p1 by default); roles and who deploys first follow the battleplan.
  const [seat, setSeat] = useState<'p1' | 'p2'>('p1');
  const [problems, setProblems] = useState<(Refusal | string)[]>([]);
  const [busy, setBusy] = useState(false);
  const total = c.units.filter((u) => units.has(u.id)).reduce((t, u) => t + fieldedPoints(u), 0);

  const rollIt = () => {
    const r = rollBattleplan(`${seed}:battleplan`);
    setBattleplan(r.battleplan);
    setRoll(r.roll.dice);
  };

  /** The campaign's army drawn for the battle, or null (the refusals shown). */
  const draw = () => {
    const drawn = drawArmy(c, { units: c.units.filter((u) => units.has(u.id)).map((u) => u.id), pointsLimit });
    if (!drawn.ok) {
      setProblems([...drawn.refusals]);
      return null;
    }
    return drawn.value;
  };

  /**
   * What both starts need first: the campaign's army drawn (refusals shown) and the opponent's
   * territory; null when either start cannot go on. Marks the form busy.
   */
  const begin = () => {
    if (!scenario || !opponent) return null;
    const drawn = draw();
    if (!drawn) return null;
    setBusy(true);
    setProblems([]);
    const other = territories.find((t) => t !== territory) ?? '';
    return { scenario, opponent, armies: { territory, other, army: drawn, opponent: opponent.roster, seat } };
  };

  const start = async () => {
    const b = begin();
    if (!b) return;
    const { scenario, opponent, armies } = b;
    const r = await startBattle({
      scenario,
      meshes: engine.meshFiles,
      armies: campaignBattleArmies(armies),
      deploy: 'auto',
      seed,
      battleplan,
    });
    if (!r.ok) {
      setProblems(r.problems);
      setBusy(false);
      return;
    }
    await onStarted({ battleplan, roll, pointsLimit, opponent: opponent.name, player: seat, seed, startedAt: Date.now() });
  };

  /**
   * Play online: the battle created as a room on the game server (its seed the server's own, as in
   * the New battle dialog), recorded with the room, then the room's p1 link opened. A server that
   * cannot be reached, or refuses the battle, is said here.
   */
  const startOnline = async () => {
    const b = begin();
    if (!b) return;
    const { scenario, opponent, armies } = b;
    const server = serverAddress();
    try {
      const options = campaignOnlineOptions({ scenario, ...armies, battleplan });
      const { roomId } = await createOnline(server, options, seat);
      await onStarted({ battleplan, roll, pointsLimit, opponent: opponent.name, player: seat, seed, startedAt: Date.now(), online: { roomId, server, seat } });
      window.location.assign(linkFor(roomId, seat, server));
    } catch (e) {
      setProblems((e as Error).message.split('\n'));
      setBusy(false);
    }
  };

  return (
    <div className="campaign-battle-form" data-testid="campaign-battle-form">
      <h3>Path to Glory battle on {scenario?.name ?? 'this battlefield'}</h3>
      {territories.length < 2 && <p className="campaign-problems">This battlefield has fewer than two territories: a battle needs one for each army (Core 9.1.2).</p>}
      <fieldset>
        <legend>
          Your army: <span data-testid="campaign-battle-points">{total}</span> / {pointsLimit} points
        </legend>
        <label>
          Points limit <input type="number" min={0} step={50} data-testid="campaign-points-limit" value={pointsLimit} onChange={(e) => setPointsLimit(Number(e.target.value) || 0)} />
        </label>
        <div className="campaign-units">
          {c.units.map((u) => (
            <label key={u.id}>
              <input type="checkbox" checked={units.has(u.id)} onChange={(e) => setUnits((s) => (e.target.checked ? new Set([...s, u.id]) : new Set([...s].filter((x) => x !== u.id))))} /> {u.name}{' '}
              <span className="muted">{fieldedPoints(u)} pts</span>
            </label>
          ))}
        </div>
        <label>
          plays as{' '}
          <select data-testid="campaign-seat" value={seat} onChange={(e) => setSeat(e.target.value as 'p1' | 'p2')} title="Who picks the roles and who deploys first follow the battleplan, not the seat">
            <option value="p1">player 1</option>
            <option value="p2">player 2</option>
          </select>
        </label>{' '}
        <label>
          in{' '}
          <TerritorySelect territories={territories} value={territory} onChange={setTerritory} testId="campaign-territory" />
        </label>
      </fieldset>
      <fieldset>
        <legend>Opponent</legend>
        <ArmyPicker value={opponent} onChange={setOpponent} testId="campaign-opponent" idPrefix="p2-" disabled={busy} />
      </fieldset>
      <fieldset>
        <legend>Battleplan ({BATTLEPLAN_RULE})</legend>
        <div className="campaign-row">
          <button type="button" data-testid="campaign-roll-battleplan" onClick={rollIt} disabled={busy}>
            Roll (D6)
          </button>
          {roll && (
            <span data-testid="campaign-battleplan-roll">
              rolled {roll.join(', ')} → {battleplanName(battleplan)}
            </span>
          )}
          <span>or pick</span>
          <select
            data-testid="campaign-battleplan"
            value={battleplan}
            onChange={(e) => {
              setBattleplan(e.target.value);
              setRoll(null);
            }}
          >
            {ASCENSION_IDS.map((id) => (
              <option key={id} value={id}>
                {battleplanName(id)}
              </option>
            ))}
          </select>
        </div>
        <label>
          Seed (the battle's dice and the battleplan roll){' '}
          <input type="number" data-testid="campaign-battle-seed" value={seed} onChange={(e) => setSeed(Math.trunc(Number(e.target.value)) || 0)} />
        </label>
      </fieldset>
      <Refusals items={problems} />
      <div className="campaign-actions">
        <button type="button" data-testid="campaign-battle-start" disabled={busy || !opponent || territories.length < 2} onClick={() => void start()}>
          {busy ? 'Starting…' : 'Start the battle (hot-seat)'}
        </button>
        <button
          type="button"
          data-testid="campaign-battle-online"
          title="Create the battle on the game server: this page plays your army (in the seat chosen) and gives the opponent's link"
          disabled={busy || !opponent || territories.length < 2}
          onClick={() => void startOnline()}
        >
          Play online
        </button>
        <button type="button" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
      </div>
    </div>
  );
}
