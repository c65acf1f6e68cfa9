import { useMemo, useState } from 'react';
import { firstCaster, gloryEarned, runAftermath, type AftermathChoices, type AftermathOutput, type BattleOutcome } from '../../campaign/aftermath';
import { GLORY_TABLE, gloryBracket, QUEST_IDS, QUESTS, type PathId, type QuestId } from '../../campaign/data';
import type { Refusal } from '../../campaign/roster';
import type { Campaign } from '../../campaign/schema';
import { parseRoster, type RosterInput } from '../../rules/engine/roster';
import type { CampaignBattle } from './campaignStore';
import { ArmyPicker, type PickedArmy } from './ArmyPicker';
import { GameOutcome } from './GameOutcome';
import { OrderOfBattle } from './OrderOfBattle';
import { OutcomeForm } from './OutcomeForm';
import { Refusals } from './Refusals';

/** Props of {@link AftermathWizard}. */
export interface AftermathWizardProps {
  /** The campaign now (before the aftermath; after it is applied, the new one). */
  campaign: Campaign;
  /** The army the campaign was made from: its units may be added (null: only from an army file picked in the step). */
  army: RosterInput | null;
  /** The campaign's battle in progress (null: the outcome is entered by hand). */
  battle: CampaignBattle | null;
  inPlay: boolean;
  /** The aftermath applied: the new campaign (the battle is over). */
  onApply: (out: AftermathOutput) => void;
  /** Chooses a rank's ability (the last step). */
  onChoose: (unitId: string, ability: string, path?: PathId) => void;
  onClose: () => void;
}

const STEPS = ['Outcome', '1. Glory', '2. Renown', '3. Quest', '4. Order of Battle', 'Ranks'] as const;

/** One roll as shown: its dice and reason. */
function Rolls({ out }: { out: AftermathOutput }) {
  return (
    <ul className="campaign-rolls" data-testid="campaign-rolls">
      {out.aftermath.rolls.map((r, i) => (
        <li key={i}>
          rolled <b>{r.dice.join(', ')}</b> — {r.why}
        </li>
      ))}
    </ul>
  );
}

/**
 * The aftermath sequence step by step (Ascension › The Aftermath Sequence; `campaign aftermath`):
 * the outcome (from the campaign's battle, or entered by hand), 1. glory by the table's line, 2.
 * renown (the favoured warriors picked, the seed given; each roll shown with its reason), 3. the
 * quest (progress, give it up, a new one), 4. the Order of Battle (add one unit, reinforce one,
 * retire any), then the ability of each rank crossed. Every step runs `runAftermath` again with the
 * choices so far (the same seed gives the same rolls); refusals are shown with their rules.
 */
export function AftermathWizard({ campaign, army, battle, inPlay, onApply, onChoose, onClose }: AftermathWizardProps) {
  const [c0] = useState(campaign);
  const [step, setStep] = useState(0);
  const [source, setSource] = useState<'game' | 'hand'>(battle ? 'game' : 'hand');
  const [outcome, setOutcome] = useState<BattleOutcome | null>(null);
  const [seed, setSeed] = useState(() => Math.floor(Math.random() * 1e9));
  const [favoured, setFavoured] = useState('');
  const [extraQp, setExtraQp] = useState(0);
  const [giveUp, setGiveUp] = useState(false);
  const [newQuest, setNewQuest] = useState<QuestId | ''>('');
  const [newQuestUnit, setNewQuestUnit] = useState('');
  const [add, setAdd] = useState('');
  // The first WIZARD / PRIEST added: its starting spell / prayer and manifestation (Roster › 3 › Lores).
  const [lore, setLore] = useState({ spell: '', prayer: '', manifestation: '' });
  const [reinforce, setReinforce] = useState('');
  const [retire, setRetire] = useState<ReadonlySet<string>>(new Set());
  const [run, setRun] = useState<AftermathOutput | null>(null);
  const [refusals, setRefusals] = useState<Refusal[]>([]);
  // Units to add: the army the campaign was made from, or another army file picked here.
  const [other, setOther] = useState<PickedArmy | null>(null);
  const from = other?.roster ?? army;
  const armyUnits = useMemo(() => {
    const r = from ? parseRoster(from, 'army') : null;
    return r?.ok ? r.roster.units : [];
  }, [from]);

  const choices = (upTo: number): AftermathChoices => ({
    seed,
    ...(favoured ? { favoured } : {}),
    ...(upTo >= 3 ? { giveUpQuest: giveUp, ...(newQuest ? { newQuest: { id: newQuest, ...(newQuestUnit ? { unit: newQuestUnit } : {}) } } : {}) } : {}),
    ...(upTo >= 4 ? { add: armyUnits.filter((u) => u.id === add), reinforce: reinforce ? [reinforce] : [], retire: [...retire], startingLores: { ...(lore.spell ? { spell: lore.spell } : {}), ...(lore.prayer ? { prayer: lore.prayer } : {}), ...(lore.manifestation ? { manifestation: lore.manifestation } : {}) } } : {}),
  });
  const withQp = (o: BattleOutcome): BattleOutcome => ({ ...o, questPoints: (o.questPoints ?? 0) + extraQp });
  /** Runs the aftermath with the choices up to `upTo`; moves to `next` when nothing is refused. */
  const go = (upTo: number, next: number) => {
    if (!outcome) return;
    const r = runAftermath(c0, withQp(outcome), choices(upTo));
    if (!r.ok) return setRefusals([...r.refusals]);
    setRefusals([]);
    setRun(r.value);
    if (next === STEPS.length - 1) onApply(r.value);
    setStep(next);
  };
  const took = outcome ? c0.units.filter((u) => outcome.units[u.id] !== undefined) : [];
  const glory = outcome ? gloryEarned(outcome.pointsLimit, outcome.result, outcome.generalSlain) : null;
  const pending = campaign.units.filter((u) => u.pendingRanks.length > 0);

  return (
    <div className="campaign-aftermath" data-testid="campaign-aftermath" data-step={step}>
      <ol className="campaign-steps">
        {STEPS.map((s, i) => (
          <li key={s} aria-current={i === step ? 'step' : undefined} className={i < step ? 'done' : ''}>
            {s}
          </li>
        ))}
      </ol>
      {step === 0 && (
        <>
          {battle && (
            <div className="campaign-row">
              <label>
                <input type="radio" checked={source === 'game'} onChange={() => setSource('game')} /> the campaign's battle
              </label>
              <label>
                <input type="radio" data-testid="campaign-outcome-by-hand" checked={source === 'hand'} onChange={() => setSource('hand')} /> a battle on a real table (entered by hand)
              </label>
            </div>
          )}
          {source === 'game' && battle ? (
            <GameOutcome campaign={c0} battle={battle} inPlay={inPlay} onOutcome={(o) => (setOutcome(o), setStep(1))} />
          ) : (
            <OutcomeForm campaign={c0} onOutcome={(o) => (setOutcome(o), setStep(1))} />
          )}
        </>
      )}
      {step >= 1 && outcome && glory && (
        <div className="campaign-outcome" data-testid="campaign-outcome" data-result={outcome.result}>
          <b>{outcome.result.replace('-', ' ')}</b>, {outcome.pointsLimit} points, general {outcome.generalSlain ? 'slain' : 'not slain'}; took part:{' '}
          {took.map((u) => `${u.name} (${outcome.units[u.id]})`).join(', ') || 'none'}
        </div>
      )}
      {step === 1 && glory && outcome && (
        <div data-testid="campaign-glory-step">
          <p>Glory points, {GLORY_TABLE.brackets[gloryBracket(outcome.pointsLimit)]} points column (Ascension › The Aftermath Sequence › 1):</p>
          <ul>
            <li>fought a battle: {glory.fought}</li>
            <li>victory: {glory.victory}</li>
            <li>general not slain: {glory.generalNotSlain}</li>
          </ul>
          <p>
            Total <b data-testid="campaign-glory-earned">{glory.total}</b>: {c0.glory} → {c0.glory + glory.total}
          </p>
          <button type="button" data-testid="campaign-next" onClick={() => setStep(2)}>
            Next: renown
          </button>
        </div>
      )}
      {step === 2 && (
        <div data-testid="campaign-renown-step">
          <p className="muted">D3 renown to each unit that took part and was not destroyed, 1 to each destroyed, D6 to the favoured warriors (never the warlord); UNIQUE units gain none. The rolls come from the seed.</p>
          <label>
            Favoured warriors{' '}
            <select data-testid="campaign-favoured" value={favoured} onChange={(e) => setFavoured(e.target.value)}>
              <option value="">none</option>
              {took
                .filter((u) => u.id !== c0.warlord)
                .map((u) => (
                  <option key={u.id} value={u.id}>
                    {u.name}
                  </option>
                ))}
            </select>
          </label>
          <label>
            {' '}
            Seed <input type="number" data-testid="campaign-aftermath-seed" value={seed} onChange={(e) => setSeed(Math.trunc(Number(e.target.value)) || 0)} />
          </label>
          <button type="button" data-testid="campaign-roll-renown" onClick={() => go(2, 3)}>
            Roll renown
          </button>
        </div>
      )}
      {step >= 3 && run && (
        <div data-testid="campaign-renown-result">
          <h4>Renown</h4>
          <ul>
            {run.aftermath.renown.map((r, i) => (
              <li key={i} data-testid={`campaign-renown-line-${r.unit}`}>
                {c0.units.find((u) => u.id === r.unit)?.name ?? r.unit}: +{r.gained} ({r.why}
                {r.rolls.length ? `, rolled ${r.rolls.join(', ')}` : ''}) → <b>{r.total}</b>
                {r.ranksGained.length > 0 && <b className="campaign-rank-up"> new rank: {r.ranksGained.join(', ')}</b>}
              </li>
            ))}
          </ul>
          <Rolls out={run} />
        </div>
      )}
      {step === 3 && (
        <div data-testid="campaign-quest-step">
          <h4>Quest</h4>
          {c0.quest ? (
            <p>
              {QUESTS[c0.quest.id].name}: {c0.quest.points} quest points{QUESTS[c0.quest.id].pointsToComplete !== null ? ` of ${QUESTS[c0.quest.id].pointsToComplete}` : ''}, +{outcome?.questPoints ?? 0} seen in the battle.
            </p>
          ) : (
            <p>No quest in the log.</p>
          )}
          {c0.quest && (
            <>
              <label>
                Quest points the game did not count (added by hand) <input type="number" min={0} value={extraQp} onChange={(e) => setExtraQp(Math.max(0, Math.trunc(Number(e.target.value)) || 0))} />
              </label>
              <div className="campaign-row">
                <label>
                  <input type="checkbox" data-testid="campaign-give-up" checked={giveUp} onChange={(e) => setGiveUp(e.target.checked)} /> give up the quest
                </label>
              </div>
            </>
          )}
          <label className="campaign-row">
            New quest (when the log is empty){' '}
            <select value={newQuest} onChange={(e) => setNewQuest(e.target.value as QuestId | '')}>
              <option value="">—</option>
              {QUEST_IDS.map((q) => (
                <option key={q} value={q}>
                  {QUESTS[q].name}
                </option>
              ))}
            </select>
          </label>
          {newQuest && QUESTS[newQuest].unit && (
            <select value={newQuestUnit} onChange={(e) => setNewQuestUnit(e.target.value)}>
              <option value="">— its unit —</option>
              {c0.units.map((u) => (
                <option key={u.id} value={u.id}>
                  {u.name}
                </option>
              ))}
            </select>
          )}
          <button type="button" data-testid="campaign-next" onClick={() => go(3, 4)}>
            Next: Order of Battle
          </button>
        </div>
      )}
      {step >= 4 && run?.aftermath.quest && (
        <p data-testid="campaign-quest-result">
          Quest {QUESTS[run.aftermath.quest.id].name}: {run.aftermath.quest.givenUp ? 'given up' : run.aftermath.quest.completed ? `completed — ${run.aftermath.quest.reward}` : `${run.aftermath.quest.points} quest points`}
        </p>
      )}
      {step === 4 && run && (
        <div data-testid="campaign-oob-step">
          <h4>Order of Battle (glory available: {run.campaign.glory})</h4>
          <ArmyPicker value={other} onChange={(a) => (setOther(a), setAdd(''))} testId="campaign-add-army" samples={false} />
          {armyUnits.length > 0 && (
            <label>
              Add a unit (its points in glory){' '}
              <select data-testid="campaign-add" value={add} onChange={(e) => setAdd(e.target.value)}>
                <option value="">none</option>
                {armyUnits.map((u) => (
                  <option key={u.id} value={u.id}>
                    {u.name} ({u.points ?? '?'})
                  </option>
                ))}
              </select>
            </label>
          )}
          {(() => {
            const first = firstCaster(c0.units, armyUnits.find((u) => u.id === add));
            if (!first.wizard && !first.priest) return null;
            const input = (k: 'spell' | 'prayer' | 'manifestation', label: string) => (
              <label>
                {label} <input data-testid={`campaign-starting-${k}`} value={lore[k]} onChange={(e) => setLore({ ...lore, [k]: e.target.value })} />
              </label>
            );
            return (
              <div className="campaign-row" data-testid="campaign-starting-lores">
                The first {first.wizard ? 'WIZARD' : 'PRIEST'} on your Order of Battle: pick its starting {first.wizard ? 'spell' : 'prayer'} and a manifestation (Ascension › Path to Glory Roster › 3 › Lores).
                {first.wizard && input('spell', 'Spell')}
                {first.priest && input('prayer', 'Prayer')}
                {input('manifestation', 'Manifestation')}
              </div>
            );
          })()}
          <label>
            {' '}
            Reinforce{' '}
            <select data-testid="campaign-reinforce" value={reinforce} onChange={(e) => setReinforce(e.target.value)}>
              <option value="">none</option>
              {c0.units
                .filter((u) => !u.reinforced && u.unit.models.length > 1)
                .map((u) => (
                  <option key={u.id} value={u.id}>
                    {u.name} ({u.points})
                  </option>
                ))}
            </select>
          </label>
          <div className="campaign-units">
            Retire:
            {c0.units
              .filter((u) => u.id !== c0.warlord)
              .map((u) => (
                <label key={u.id}>
                  <input type="checkbox" checked={retire.has(u.id)} onChange={(e) => setRetire((s) => (e.target.checked ? new Set([...s, u.id]) : new Set([...s].filter((x) => x !== u.id))))} /> {u.name}
                </label>
              ))}
          </div>
          <button type="button" data-testid="campaign-apply" onClick={() => go(4, 5)}>
            Apply the aftermath
          </button>
        </div>
      )}
      {step === 5 && (
        <div data-testid="campaign-ranks-step">
          {pending.length ? <p>Choose the ability of each rank gained:</p> : <p data-testid="campaign-ranks-done">Every rank has its ability. The aftermath is recorded in the history of battles.</p>}
          <OrderOfBattle campaign={{ ...campaign, units: pending }} onChoose={onChoose} showTotal={false} />
        </div>
      )}
      <Refusals items={refusals} />
      <div className="campaign-actions">
        {step > 0 && step < 5 && (
          <button type="button" onClick={() => setStep(step - 1)}>
            Back
          </button>
        )}
        <button type="button" data-testid="campaign-aftermath-close" onClick={onClose}>
          {step === 5 ? 'Done' : 'Cancel'}
        </button>
      </div>
    </div>
  );
}
