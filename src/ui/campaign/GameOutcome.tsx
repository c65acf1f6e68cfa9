import { useEffect, useState } from 'react';
import type { BattleOutcome } from '../../campaign/aftermath';
import { battleplanName, outcomeEndedHere } from '../../campaign/battle';
import { outcomeFromGame } from '../../campaign/outcome';
import type { Refusal } from '../../campaign/roster';
import type { Campaign } from '../../campaign/schema';
import type { CampaignBattle } from './campaignStore';
import { campaignGame, type CampaignGameRead } from './campaignGame';
import { Refusals } from './Refusals';

/** Props of {@link GameOutcome}. */
export interface GameOutcomeProps {
  campaign: Campaign;
  battle: CampaignBattle;
  /**
   * Whether the page is in Play mode (the game worker holds the game); otherwise the autosaved game
   * is read. An online battle is read from the game server either way.
   */
  inPlay: boolean;
  onOutcome: (o: BattleOutcome) => void;
}

/**
 * The outcome of the campaign's battle from its game (`outcomeFromGame`): when the battle has
 * ended, its Glorious Victory result; before that, "End the battle here" takes the result on the
 * victory points scored so far (`outcomeEndedHere`, docs/campaign.md).
 */
export function GameOutcome({ campaign: c, battle, inPlay, onOutcome }: GameOutcomeProps) {
  const [read, setRead] = useState<CampaignGameRead>({ status: 'reading' });
  const [refusals, setRefusals] = useState<Refusal[]>([]);
  useEffect(() => {
    let live = true;
    campaignGame(c, battle, inPlay).then(
      (r) => live && setRead(r),
      (e: unknown) => live && setRead({ status: 'none', why: (e as Error).message }),
    );
    return () => {
      live = false;
    };
  }, [c, battle, inPlay]);
  if (read.status === 'reading') return <p className="muted">Reading the battle…</p>;
  if (read.status === 'none') return <p className="campaign-problems" data-testid="campaign-no-game">The battle cannot be read: {read.why}. Enter its outcome by hand.</p>;
  const s = read.state;
  const me = battle.player;
  const them = me === 'p1' ? 'p2' : 'p1';
  const ended = s.stage === 'ended';
  const take = () => {
    const r = ended ? outcomeFromGame(s, me, c) : outcomeEndedHere(s, me, c);
    if (r.ok) onOutcome({ ...r.value, pointsLimit: battle.pointsLimit, battleplan: battle.battleplan });
    else setRefusals([...r.refusals]);
  };
  return (
    <div className="campaign-game-outcome" data-testid="campaign-game-outcome" data-stage={s.stage}>
      <p>
        {battleplanName(battle.battleplan)} against {battle.opponent}: battle round {s.round} of {s.battleplan.battleRounds}, {ended ? 'ended' : (s.phase ?? s.stage)}; victory points{' '}
        <b data-testid="campaign-game-vp">
          {s.players[me].vp} – {s.players[them].vp}
        </b>
      </p>
      {!ended && <p className="muted">The battle has not ended. Ending it here decides Glorious Victory on the victory points scored so far (a lead of 5 or more is a major victory, 1-4 a minor one, a tie a draw).</p>}
      <button type="button" data-testid={ended ? 'campaign-take-result' : 'campaign-end-here'} onClick={take}>
        {ended ? 'Take the result' : 'End the battle here'}
      </button>
      <Refusals items={refusals} />
    </div>
  );
}
