import { useMemo, useState } from 'react';
import { warlordCandidates } from '../../campaign/battle';
import { PATHS, QUEST_IDS, QUESTS, type PathId, type QuestId } from '../../campaign/data';
import { chooseRankAbility, newCampaign, type Refusal } from '../../campaign/roster';
import type { Campaign } from '../../campaign/schema';
import { parseRoster, type RosterInput } from '../../rules/engine/roster';
import { ArmyPicker, type PickedArmy } from './ArmyPicker';
import { Refusals } from './Refusals';

/** Props of {@link NewCampaignForm}. */
export interface NewCampaignFormProps {
  /** The new campaign (its warlord's first ability chosen) and the army it was made from. */
  onCreate: (c: Campaign, army: RosterInput) => void;
  /** Leaves without a campaign (absent: no Cancel button). */
  onCancel?: () => void;
}

const lines = (t: string) => t.split('\n').map((s) => s.trim()).filter(Boolean);

/**
 * A new Path to Glory campaign (Ascension › Path to Glory Roster 1-4; `campaign new`): the army (a
 * sample or an imported roster), the warlord (its HEROES, each ineligible one shown with the rule
 * refusing it), its Path and first ability, the starting units within 1000 points (points shown),
 * enhancements, lores (6 entries at most each), the name, the quest and its unit. Every check is
 * `newCampaign`'s; its refusals are shown with their rules.
 */
export function NewCampaignForm({ onCreate, onCancel }: NewCampaignFormProps) {
  const [army, setArmy] = useState<PickedArmy | null>(null);
  const parsed = useMemo(() => (army ? parseRoster(army.roster, 'army') : null), [army]);
  const units = parsed?.ok ? parsed.roster.units : [];
  const candidates = useMemo(() => (parsed?.ok ? warlordCandidates(parsed.roster.units, parsed.roster.faction) : []), [parsed]);
  const [name, setName] = useState('');
  const [warlord, setWarlord] = useState('');
  const [path, setPath] = useState<PathId | ''>('');
  const [ability, setAbility] = useState('');
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const [enh, setEnh] = useState<{ name: string; unit: string }[]>([]);
  const [lores, setLores] = useState({ spells: '', prayers: '', manifestations: '' });
  const [quest, setQuest] = useState<QuestId | ''>('');
  const [questUnit, setQuestUnit] = useState('');
  const [refusals, setRefusals] = useState<(Refusal | string)[]>([]);

  const pickArmy = (a: PickedArmy) => {
    setArmy(a);
    setName(a.name);
    setWarlord('');
    setPath('');
    setAbility('');
    setPicked(new Set());
    setEnh([]);
    setQuestUnit('');
    setRefusals([]);
  };
  const w = candidates.find((c) => c.id === warlord);
  /** The starting units: those ticked, and the warlord (always in). */
  const starting = units.filter((u) => picked.has(u.id) || u.id === warlord);
  const total = starting.reduce((t, u) => t + (u.points ?? 0), 0);
  const pickWarlord = (id: string) => {
    setWarlord(id);
    const c = candidates.find((x) => x.id === id);
    const p = c?.paths.includes(path as PathId) ? (path as PathId) : (c?.paths[0] ?? '');
    setPath(p);
    setAbility(p ? PATHS[p].ranks.Aspiring[0].name : '');
  };

  const create = () => {
    if (!army) return;
    if (!warlord || !path) return setRefusals([{ rule: 'Ascension › Path to Glory Roster › 1', message: 'pick a warlord and its Path' }]);
    const r = newCampaign(army.roster, {
      warlord,
      path,
      units: [...picked],
      name: name.trim() || army.name,
      ...(quest ? { quest } : {}),
      ...(quest && QUESTS[quest].unit ? { questUnit: questUnit || undefined } : {}),
      enhancements: enh.filter((e) => e.name.trim()).map((e) => ({ name: e.name.trim(), unit: e.unit })),
      lores: { spells: lines(lores.spells), prayers: lines(lores.prayers), manifestations: lines(lores.manifestations) },
    });
    if (!r.ok) return setRefusals([...r.refusals]);
    const ranked = chooseRankAbility(r.value, warlord, ability);
    if (!ranked.ok) return setRefusals([...ranked.refusals]);
    onCreate(ranked.value, army.roster);
  };

  return (
    <div className="campaign-new" data-testid="campaign-new">
      <h3>New campaign</h3>
      <fieldset>
        <legend>Army</legend>
        <ArmyPicker value={army} onChange={pickArmy} testId="campaign-army" />
        {parsed && !parsed.ok && <Refusals items={parsed.issues.map((i) => `${i.path}: ${i.message}`)} />}
      </fieldset>
      {parsed?.ok && (
        <>
          <fieldset>
            <legend>Warlord (Roster › 1)</legend>
            <label>
              Name of the campaign <input data-testid="campaign-name" value={name} onChange={(e) => setName(e.target.value)} />
            </label>
            {candidates.length === 0 && <p className="campaign-problems">This army has no HERO: the warlord must be a HERO (Ascension › Path to Glory Roster › 1).</p>}
            <ul className="campaign-warlords" data-testid="campaign-warlords">
              {candidates.map((c) => (
                <li key={c.id} data-testid={`campaign-warlord-${c.id}`} data-eligible={c.refusals.length === 0}>
                  <label>
                    <input type="radio" name="warlord" disabled={c.refusals.length > 0} checked={warlord === c.id} onChange={() => pickWarlord(c.id)} /> {c.name} ({c.points ?? '?'} pts)
                  </label>
                  {c.refusals.map((r, i) => (
                    <div key={i} className="campaign-refused">
                      <b className="campaign-rule">{r.rule}</b>: {r.message.replace(/^warlord "[^"]*": /, '')}
                    </div>
                  ))}
                </li>
              ))}
            </ul>
            {w && (
              <>
                <label>
                  Path{' '}
                  <select
                    data-testid="campaign-path"
                    value={path}
                    onChange={(e) => {
                      const p = e.target.value as PathId;
                      setPath(p);
                      setAbility(PATHS[p].ranks.Aspiring[0].name);
                    }}
                  >
                    {w.paths.map((p) => (
                      <option key={p} value={p}>
                        {PATHS[p].name}
                      </option>
                    ))}
                  </select>
                </label>
                {path && (
                  <div className="campaign-abilities" data-testid="campaign-first-ability">
                    Aspiring ability:
                    {PATHS[path].ranks.Aspiring.map((a) => (
                      <label key={a.name} title={`${a.timing}. ${a.effect}`}>
                        <input type="radio" name="first-ability" checked={ability === a.name} onChange={() => setAbility(a.name)} /> <b>{a.name}</b> <span className="muted">{a.effect}</span>
                      </label>
                    ))}
                  </div>
                )}
              </>
            )}
          </fieldset>
          <fieldset>
            <legend>
              Starting units (Roster › 2): <span data-testid="campaign-points" className={total > 1000 ? 'campaign-over' : ''}>{total}</span> / 1000 points
            </legend>
            <div className="campaign-units">
              {units.map((u) => (
                <label key={u.id} data-testid={`campaign-unit-${u.id}`}>
                  <input
                    type="checkbox"
                    checked={picked.has(u.id) || u.id === warlord}
                    disabled={u.id === warlord}
                    onChange={(e) => setPicked((s) => (e.target.checked ? new Set([...s, u.id]) : new Set([...s].filter((x) => x !== u.id))))}
                  />{' '}
                  {u.name} <span className="muted">{u.points ?? '?'} pts</span>
                </label>
              ))}
            </div>
          </fieldset>
          <fieldset>
            <legend>Enhancements and lores (Roster › 3)</legend>
            {enh.map((e, i) => (
              <div key={i} className="campaign-row">
                <input placeholder="enhancement" value={e.name} onChange={(ev) => setEnh(enh.map((x, k) => (k === i ? { ...x, name: ev.target.value } : x)))} />
                on{' '}
                <select value={e.unit} onChange={(ev) => setEnh(enh.map((x, k) => (k === i ? { ...x, unit: ev.target.value } : x)))}>
                  {starting.map((u) => (
                    <option key={u.id} value={u.id}>
                      {u.name}
                    </option>
                  ))}
                </select>
                <button type="button" onClick={() => setEnh(enh.filter((_, k) => k !== i))}>
                  ×
                </button>
              </div>
            ))}
            <button type="button" disabled={!warlord} onClick={() => setEnh([...enh, { name: '', unit: warlord }])}>
              Add an enhancement
            </button>
            <div className="campaign-lores">
              {(['spells', 'prayers', 'manifestations'] as const).map((k) => (
                <label key={k}>
                  {k} (one a line, 6 at most)
                  <textarea data-testid={`campaign-lore-${k}`} rows={3} value={lores[k]} onChange={(e) => setLores({ ...lores, [k]: e.target.value })} />
                </label>
              ))}
            </div>
          </fieldset>
          <fieldset>
            <legend>Quest (Roster › 4)</legend>
            <select data-testid="campaign-quest" value={quest} onChange={(e) => setQuest(e.target.value as QuestId | '')}>
              <option value="">no quest yet</option>
              {QUEST_IDS.map((q) => (
                <option key={q} value={q}>
                  {QUESTS[q].name}
                </option>
              ))}
            </select>
            {quest && QUESTS[quest].unit && (
              <label>
                {' '}
                {QUESTS[quest].unit === 'hero' ? 'Rising Champion' : 'Glory Seekers'}{' '}
                <select data-testid="campaign-quest-unit" value={questUnit} onChange={(e) => setQuestUnit(e.target.value)}>
                  <option value="">—</option>
                  {starting.map((u) => (
                    <option key={u.id} value={u.id}>
                      {u.name}
                    </option>
                  ))}
                </select>
              </label>
            )}
            {quest && <p className="muted">{QUESTS[quest].progress}</p>}
          </fieldset>
        </>
      )}
      <Refusals items={refusals} />
      <div className="campaign-actions">
        <button type="button" data-testid="campaign-create" disabled={!parsed?.ok} onClick={create}>
          Start the campaign
        </button>
        {onCancel && (
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </div>
  );
}
