import type { PlayerId } from '../../rules/engine/state';
import { onlineCreateOptions } from '../play/online';

/** What places the two armies of a Path to Glory battle: the campaign's, the opponent's, their territories and the campaign's seat. */
export interface CampaignArmiesInput<R = unknown> {
  /** The territory (scenario army name) the campaign's army plays. */
  territory: string;
  /** The other territory (the opponent's). */
  other: string;
  /** The campaign's drawn army (`drawArmy`). */
  army: R;
  /** The opponent's army. */
  opponent: R;
  /** The player the campaign's army plays (default p1). Who picks the roles and who deploys first still follow the battleplan (`ascensionSetup`). */
  seat?: PlayerId;
}

/**
 * The two players' armies of a Path to Glory battle (`startBattle` / `onlineCreateOptions` input):
 * the campaign's army in `seat` on its territory, the opponent in the other seat on the other
 * territory.
 */
export function campaignBattleArmies<R>(i: CampaignArmiesInput<R>): Record<PlayerId, { army: string; roster: R }> {
  const mine = { army: i.territory, roster: i.army };
  const theirs = { army: i.other, roster: i.opponent };
  return (i.seat ?? 'p1') === 'p1' ? { p1: mine, p2: theirs } : { p1: theirs, p2: mine };
}

/**
 * The create options of the room of an online Path to Glory battle (`onlineCreateOptions`): the
 * campaign's drawn army in its territory and seat (p1 unless `seat` says p2), the opponent in the
 * other, the battleplan, the game set up automatically.
 */
export function campaignOnlineOptions(input: CampaignArmiesInput & { scenario: unknown; battleplan: string }): Record<string, unknown> {
  return onlineCreateOptions({
    scenario: input.scenario,
    armies: campaignBattleArmies(input),
    deploy: 'auto',
    battleplan: input.battleplan,
  });
}
