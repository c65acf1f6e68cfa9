import { useEffect, useState } from 'react';
import { battleplanName } from '../../campaign/battle';
import { resultFor } from '../../campaign/outcome';
import type { BattleResult } from '../../campaign/data';
import { campaignGame } from './campaignGame';
import { requestCampaignAftermath } from './campaignNav';
import { playsCampaignBattle, readCampaignSlot, type CampaignBattle } from './campaignStore';

/** Props of {@link CampaignBattleEnded}. */
export interface CampaignBattleEndedProps {
  /** The online room this page plays in; null: hot-seat. */
  roomId: string | null;
  /** This page's seat in that room (p1, p2, spectator); null: hot-seat. */
  seat: string | null;
  /** The game's accepted actions (the prompt reads the game again when it changes). */
  actions: number;
}

/** What the prompt shows: the campaign's battle and its result for the campaign's player. */
interface Ended {
  campaign: string;
  battle: CampaignBattle;
  result: BattleResult;
  vp: { mine: number; theirs: number };
}

const RESULT_WORDS: Record<BattleResult, string> = {
  'major-victory': 'a major victory',
  'minor-victory': 'a minor victory',
  draw: 'a draw',
  'minor-defeat': 'a minor defeat',
  'major-defeat': 'a major defeat',
};

/**
 * Play's prompt when the game that ended is the Path to Glory campaign's battle in progress (the
 * battle's last round, or a withdrawal): the campaign, the battleplan and the Glorious Victory
 * result for the campaign's player (`state.ascension.result`, Ascension › Path to Glory Battles),
 * and *Go to the aftermath*, which opens the campaign screen on that battle's aftermath (the
 * AftermathWizard reads the finished game). Shows nothing for any other game, nor once the
 * battle's aftermath is taken (checked again on the click). Render it only once the battle has ended.
 */
export function CampaignBattleEnded({ roomId, seat, actions }: CampaignBattleEndedProps) {
  const [ended, setEnded] = useState<Ended | null>(null);
  useEffect(() => {
    let live = true;
    void (async () => {
      const slot = await readCampaignSlot();
      const battle = slot?.battle;
      if (!slot || !battle || !playsCampaignBattle(battle, roomId, seat)) return;
      const read = await campaignGame(slot.campaign, battle, true).catch(() => null);
      if (!live || read?.status !== 'read' || read.state.stage !== 'ended') return;
      const s = read.state;
      const them = battle.player === 'p1' ? 'p2' : 'p1';
      setEnded({ campaign: slot.campaign.name, battle, result: resultFor(s, battle.player), vp: { mine: s.players[battle.player].vp, theirs: s.players[them].vp } });
    })();
    return () => {
      live = false;
    };
  }, [roomId, seat, actions]);
  if (!ended) return null;
  return (
    <div className="play-note ok campaign-ended" data-testid="campaign-battle-ended" data-result={ended.result}>
      <b>{ended.campaign}</b>: {battleplanName(ended.battle.battleplan)} against {ended.battle.opponent} is over, <b>{RESULT_WORDS[ended.result]}</b> ({ended.vp.mine}–{ended.vp.theirs} VP; Glorious Victory).{' '}
      <button type="button" data-testid="campaign-ended-aftermath" onClick={() => void readCampaignSlot().then((now) => (now?.battle?.startedAt === ended.battle.startedAt ? requestCampaignAftermath() : setEnded(null)))} title="Open the campaign screen on this battle's aftermath">
        Go to the aftermath
      </button>
    </div>
  );
}
