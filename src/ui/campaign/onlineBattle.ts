import { onlineCreateOptions } from '../play/online';

/**
 * The create options of the room of an online Path to Glory battle (`onlineCreateOptions`): the
 * campaign's drawn army in its territory (p1), the opponent in the other, the battleplan, the game
 * set up automatically.
 */
export function campaignOnlineOptions(input: { scenario: unknown; territory: string; other: string; army: unknown; opponent: unknown; battleplan: string }): Record<string, unknown> {
  return onlineCreateOptions({
    scenario: input.scenario,
    armies: { p1: { army: input.territory, roster: input.army }, p2: { army: input.other, roster: input.opponent } },
    deploy: 'auto',
    battleplan: input.battleplan,
  });
}
