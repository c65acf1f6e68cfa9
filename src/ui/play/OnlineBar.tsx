import { useState } from 'react';
import type { OnlineView } from './panelStore';

/** Props of {@link OnlineBar}. */
export interface OnlineBarProps {
  /** The online game as the panel shows it. */
  online: OnlineView;
  /** Each player's army name (the summary's `armies`). */
  armies: { p1: string; p2: string };
  /** Colour of a player's army. */
  armyColorOf: (p: 'p1' | 'p2') => string;
}

/** Copies `text` to the clipboard; false when the browser refused (the link stays selectable on screen). */
async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The online game's bar at the top of the Play panel: this page's seat, who is connected (from the
 * server's presence: each player's name and whether it is connected, the number of spectators),
 * the connection state ("Reconnecting…" while the connection is being restored; "unreachable" once a
 * try to reach the server failed, when who is connected is shown as unknown), and the two links
 * to share (the opponent's seat and the spectators'), each with a copy button.
 */
export function OnlineBar({ online, armies, armyColorOf }: OnlineBarProps) {
  const [copied, setCopied] = useState<string | null>(null);
  // Who is connected is known only while this page is: otherwise the last word is stale (issue 36).
  const live = online.status === 'connected';
  const pr = online.presence;
  const seatName = online.seat === 'spectator' ? 'a spectator' : `${armies[online.seat]} (${online.seat === 'p1' ? 'player 1' : 'player 2'})`;
  const player = (p: 'p1' | 'p2') => {
    const s = pr?.[p];
    const state = !live ? 'unknown' : !s ? '…' : s.connected ? 'connected' : s.held ? 'reconnecting…' : s.name ? 'away' : 'not joined yet';
    return (
      <span key={p} data-testid={`online-presence-${p}`} data-connected={String(live && !!s?.connected)} style={{ color: armyColorOf(p) }}>
        ● {s?.name && s.name !== p ? `${s.name} · ` : ''}
        {armies[p]}: <i>{state}</i>
      </span>
    );
  };
  const link = (label: string, url: string, id: string) => (
    <div className="online-link">
      {label}: <input readOnly value={url} data-testid={`online-link-${id}`} onFocus={(e) => e.target.select()} aria-label={label} />
      <button type="button" data-testid={`online-copy-${id}`} onClick={() => void copy(url).then((ok) => setCopied(ok ? id : null))}>
        {copied === id ? 'Copied' : 'Copy'}
      </button>
    </div>
  );
  return (
    <div className="online-bar" data-testid="online-bar" data-seat={online.seat} data-status={online.status}>
      <div>
        Online · you are <b data-testid="online-seat">{seatName}</b>
        {online.status === 'reconnecting' && (
          <span className="online-reconnecting" data-testid="online-reconnecting" data-unreachable={String(!!online.unreachable)} role="status">
            {' '}
            · {online.unreachable ? 'The game server is unreachable: reconnecting… (actions are off until it is back)' : 'Reconnecting…'}
          </span>
        )}
        {online.status === 'closed' && (
          <span className="online-closed" data-testid="online-closed" role="alert">
            {' '}
            · Disconnected{online.closedWhy ? `: ${online.closedWhy}` : ''}. Reload the page to rejoin.
          </span>
        )}
      </div>
      <div className="online-presence">
        {player('p1')}
        {player('p2')}
        <span data-testid="online-spectators">{pr && live ? `${pr.spectators} watching` : ''}</span>
      </div>
      {online.seat !== 'spectator' && (
        <details className="online-links" open={!pr?.[online.seat === 'p1' ? 'p2' : 'p1'].held && !pr?.[online.seat === 'p1' ? 'p2' : 'p1'].name}>
          <summary>Links to share</summary>
          {link('Opponent', online.links.opponent, 'opponent')}
          {link('Spectators', online.links.spectator, 'spectator')}
        </details>
      )}
    </div>
  );
}
