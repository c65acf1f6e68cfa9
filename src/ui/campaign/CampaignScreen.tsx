import { useEffect, useRef, useState } from 'react';
import { battleplanName } from '../../campaign/battle';
import type { PathId, QuestId } from '../../campaign/data';
import { giveReward, type GiveReward } from '../../campaign/rewards';
import { chooseRankAbility, questProblems, type Refusal } from '../../campaign/roster';
import type { Campaign } from '../../campaign/schema';
import type { EngineClient } from '../../client/engineClient';
import { setPlayMode } from '../play/game';
import { AftermathWizard } from './AftermathWizard';
import { BattleHistory } from './BattleHistory';
import { downloadCampaign, readCampaignText, unsavedProgress, type CampaignSlot } from './campaignStore';
import { NewCampaignForm } from './NewCampaignForm';
import { OrderOfBattle } from './OrderOfBattle';
import { QuestLog } from './QuestLog';
import { ReplaceCampaignPrompt } from './ReplaceCampaignPrompt';
import { Refusals } from './Refusals';
import { StartBattleForm } from './StartBattleForm';
import { useCampaignSlot } from './useCampaignSlot';
import './campaign.css';

/** Props of {@link CampaignScreen}. */
export interface CampaignScreenProps {
  /** The engine client holding the battlefield open now (a battle is started on it). */
  engine: EngineClient;
  /** Whether the page is in Play mode (a battle is started from the table view, not from Play). Default false. */
  inPlay?: boolean;
  /** The view the screen opens on: the overview, or the aftermath of the battle in progress (Play's end prompt). Default `overview`. */
  initialView?: 'overview' | 'aftermath';
  onClose: () => void;
}

type View = 'overview' | 'new' | 'battle' | 'aftermath';

/** The campaign test hook (`window.__sightlineCampaign`). */
export interface CampaignHook {
  /** The campaign kept now (null: none; undefined: still reading the browser's store). */
  slot: () => CampaignSlot | null | undefined;
}

declare global {
  interface Window {
    __sightlineCampaign?: CampaignHook;
  }
}

/**
 * The Path to Glory campaign screen (docs/campaign.md): a new campaign from an army, the Order of
 * Battle (renown, ranks, Paths, abilities, points, rank choices pending), glory, the quest log,
 * lores and the history of battles; open and save the campaign file; start a Path to Glory battle
 * (hot-seat Play); the aftermath step by step. The campaign is kept in the browser between visits.
 */
export function CampaignScreen({ engine, inPlay = false, initialView = 'overview', onClose }: CampaignScreenProps) {
  const { slot, setSlot } = useCampaignSlot();
  const [view, setView] = useState<View>(initialView);
  const [problems, setProblems] = useState<(Refusal | string)[]>([]);
  const fileInput = useRef<HTMLInputElement>(null);
  const slotRef = useRef(slot);
  slotRef.current = slot;
  useEffect(() => {
    window.__sightlineCampaign = { slot: () => slotRef.current };
    return () => {
      delete window.__sightlineCampaign;
    };
  }, []);

  const c = slot?.campaign ?? null;
  const update = (next: Campaign) => slot && void setSlot({ ...slot, campaign: next });
  const choose = (unitId: string, ability: string, path?: PathId) => {
    const cur = slotRef.current;
    if (!cur) return;
    const r = chooseRankAbility(cur.campaign, unitId, ability, path);
    if (!r.ok) return setProblems([...r.refusals]);
    setProblems([]);
    void setSlot({ ...cur, campaign: r.value });
  };
  const give = (n: number, g: GiveReward) => {
    const cur = slotRef.current;
    if (!cur) return;
    const r = giveReward(cur.campaign, n, g);
    if (!r.ok) return setProblems([...r.refusals]);
    setProblems([]);
    void setSlot({ ...cur, campaign: r.value });
  };
  const pickQuest = (quest: QuestId, unit: string | undefined) => {
    if (!c) return;
    const p = questProblems(c.units, quest, unit);
    if (p.length) return setProblems(p);
    setProblems([]);
    update({ ...c, quest: { id: quest, points: 0, unit: unit ?? null } });
  };
  // A campaign that would replace the kept one with unsaved progress: asked first (issue 37 item 4).
  const [replacing, setReplacing] = useState<{ slot: CampaignSlot; from: string; lose: string[] } | null>(null);
  const replace = (next: CampaignSlot, from: string) => {
    const lose = unsavedProgress(slotRef.current);
    if (lose.length && slotRef.current) return setReplacing({ slot: next, from, lose });
    setView('overview');
    void setSlot(next);
  };
  const save = (cur: CampaignSlot) => {
    downloadCampaign(cur.campaign);
    return setSlot({ ...cur, savedJson: JSON.stringify(cur.campaign) });
  };
  const open = async (f: File) => {
    const r = readCampaignText(await f.text(), f.name);
    if (!r.ok) return setProblems(r.problems);
    setProblems([]);
    replace({ campaign: r.campaign, army: null, battle: null, savedJson: JSON.stringify(r.campaign) }, f.name);
  };

  const body = () => {
    if (slot === undefined) return <p className="muted">Reading the campaign kept in this browser…</p>;
    if (replacing && slot)
      return (
        <ReplaceCampaignPrompt
          current={slot.campaign}
          next={replacing.slot.campaign}
          from={replacing.from}
          lose={replacing.lose}
          onSaveThenReplace={() => void save(slot).then(() => (setReplacing(null), setView('overview'), setSlot(replacing.slot)))}
          onReplace={() => (setReplacing(null), setView('overview'), void setSlot(replacing.slot))}
          onCancel={() => setReplacing(null)}
        />
      );
    if (!c || view === 'new') return <NewCampaignForm onCreate={(nc, army) => replace({ campaign: nc, army, battle: null }, 'a new campaign')} onCancel={c ? () => setView('overview') : undefined} />;
    if (view === 'battle')
      return (
        <StartBattleForm
          campaign={c}
          engine={engine}
          onCancel={() => setView('overview')}
          onStarted={async (battle) => {
            await setSlot({ ...(slot as CampaignSlot), battle });
            // An online battle: the form opens the room's link (a new page in Play).
            if (!battle.online) setPlayMode(true);
          }}
        />
      );
    if (view === 'aftermath')
      return (
        <AftermathWizard
          campaign={c}
          army={slot?.army ?? null}
          battle={slot?.battle ?? null}
          inPlay={inPlay}
          onApply={(out) => void setSlot({ ...(slotRef.current as CampaignSlot), campaign: out.campaign, battle: null })}
          onChoose={choose}
          onClose={() => setView('overview')}
        />
      );
    const battle = slot?.battle ?? null;
    return (
      <div className="campaign-overview" data-testid="campaign-overview">
        <div className="campaign-summary">
          <span>
            <b data-testid="campaign-title">{c.name}</b> · {c.faction}
          </span>
          <span>
            Glory <b data-testid="campaign-glory">{c.glory}</b>
          </span>
          <span>{c.battles.length} {c.battles.length === 1 ? 'battle' : 'battles'} fought</span>
        </div>
        {battle ? (
          <div className="campaign-in-progress" data-testid="campaign-battle-in-progress">
            Battle in progress: {battleplanName(battle.battleplan)} against {battle.opponent}, {battle.pointsLimit} points, your army {battle.player === 'p1' ? 'player 1' : 'player 2'}{battle.online ? ' (online)' : ''}.{' '}
            {!inPlay && (
              <button type="button" onClick={() => setPlayMode(true)}>
                Go to the battle
              </button>
            )}
            <button type="button" data-testid="campaign-to-aftermath" onClick={() => setView('aftermath')}>
              Aftermath…
            </button>
            <button type="button" onClick={() => void setSlot({ ...(slot as CampaignSlot), battle: null })} title="Forget the battle (no aftermath)">
              Abandon
            </button>
          </div>
        ) : (
          <div className="campaign-actions left">
            <button type="button" data-testid="campaign-start-battle" disabled={inPlay} title={inPlay ? 'Leave Play first: a battle starts on the battlefield of the table view' : 'Play a Path to Glory battle on this battlefield'} onClick={() => setView('battle')}>
              Start a Path to Glory battle
            </button>
            <button type="button" data-testid="campaign-outcome-entry" onClick={() => setView('aftermath')}>
              Aftermath of a battle on a real table…
            </button>
          </div>
        )}
        <h4>Order of Battle</h4>
        <OrderOfBattle campaign={c} onChoose={choose} />
        <h4>Quest log</h4>
        <QuestLog campaign={c} onPick={pickQuest} onGive={give} />
        <h4>Lores</h4>
        <div className="campaign-lores-shown" data-testid="campaign-lores">
          {(['spells', 'prayers', 'manifestations'] as const).map((k) => (
            <div key={k}>
              <span className="muted">{k}:</span> {c.lores[k].join(', ') || '—'}
            </div>
          ))}
        </div>
        <h4>History of battles</h4>
        <BattleHistory campaign={c} />
      </div>
    );
  };

  return (
    <div className="panel campaign-screen" role="dialog" aria-label="Path to Glory campaign" data-testid="campaign-screen">
      <div className="campaign-head">
        <h2>Path to Glory</h2>
        <div className="campaign-actions">
          <button type="button" data-testid="campaign-new-btn" onClick={() => setView('new')}>
            New
          </button>
          <button type="button" data-testid="campaign-open" onClick={() => fileInput.current?.click()}>
            Open
          </button>
          <input
            ref={fileInput}
            type="file"
            accept=".json"
            hidden
            data-testid="campaign-open-file"
            onChange={(e) => {
              const f = e.target.files?.[0];
              e.target.value = '';
              if (f) void open(f);
            }}
          />
          <button type="button" data-testid="campaign-save" disabled={!slot} onClick={() => slot && void save(slot)}>
            Save
          </button>
          <button type="button" data-testid="campaign-close" onClick={onClose} aria-label="Close">
            ×
          </button>
        </div>
      </div>
      <Refusals items={problems} />
      {body()}
    </div>
  );
}
