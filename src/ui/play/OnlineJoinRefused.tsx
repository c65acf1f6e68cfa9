import { seatRefusal } from './online';

/**
 * Under the load error of an online link whose seat someone else holds (issue 36 item 4): the
 * server's reason and the way on, to watch the same game as a spectator, or to try the seat again.
 * Nothing otherwise.
 */
export function OnlineJoinRefused() {
  const r = seatRefusal();
  if (!r) return null;
  return (
    <div className="recovery online-join-refused" data-testid="online-join-refused">
      <p>
        Seat {r.link.seat === 'p1' ? 'player 1' : 'player 2'} of this game is held by someone else. You can watch the game instead, or try the seat again later (its
        player's own browser takes it back with its key).
      </p>
      <a className="button" href={r.watch} data-testid="online-watch-instead">
        Watch this game
      </a>{' '}
      <button type="button" data-testid="online-try-again" onClick={() => window.location.reload()}>
        Try the seat again
      </button>
    </div>
  );
}
