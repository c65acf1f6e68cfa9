/** The game worker's ready message (posted once its modules are loaded and the API is exposed). */
export const GAME_READY_MESSAGE = { type: 'sightline-game-ready' } as const;

/** Whether a worker message is the game worker's ready message. */
export function isGameReadyMessage(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === GAME_READY_MESSAGE.type;
}
