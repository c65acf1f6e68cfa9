/**
 * Online play plumbing of the page (issue 25 item 3): where the game server is, the links that
 * open a room (`?play=1&online=<roomId>&seat=p2&server=ws://…`), the seat keys kept for a reload,
 * and the page's one {@link OnlineGame} while an online game is open.
 *
 * The server's address: `?server=` of the page (links carry it), else the build's
 * `VITE_SIGHTLINE_SERVER`, else the page's host on port 2567 (`ws://<page host>:2567`, where
 * `npm run dev` starts it).
 */
import type { OnlineGame, SeatKeys } from '../../client/onlineGame';

/** The network client (`@colyseus/sdk`) is loaded when an online game is first opened, not with the page. */
const onlineModule = () => import('../../client/onlineGame');
const onlineClient = () => onlineModule().then((m) => m.OnlineGame);
import type { Seat } from '../../game/network';
import { gameMeshes } from '../files/meshes';

/** The port `npm run server` listens on by default. */
export const DEFAULT_SERVER_PORT = 2567;

/** An online game named by the page's address. */
export interface OnlineLink {
  roomId: string;
  seat: Seat;
  /** The game server, `ws://host:port`. */
  server: string;
}

const SEATS: readonly Seat[] = ['p1', 'p2', 'spectator'];

/** The game server's address for this page (see the module's comment). */
export function serverAddress(search: string = window.location.search): string {
  const given = new URLSearchParams(search).get('server');
  if (given) return given;
  const env = (import.meta as ImportMeta & { env?: Record<string, string | undefined> }).env?.VITE_SIGHTLINE_SERVER;
  if (env) return env;
  const secure = window.location.protocol === 'https:';
  return `${secure ? 'wss' : 'ws'}://${window.location.hostname || '127.0.0.1'}:${DEFAULT_SERVER_PORT}`;
}

/**
 * The online game the page's address names (`?online=<roomId>&seat=<p1|p2|spectator>&server=…`),
 * or null. A missing or unknown seat is a spectator's.
 */
export function onlineLink(search: string = typeof window === 'undefined' ? '' : window.location.search): OnlineLink | null {
  const q = new URLSearchParams(search);
  const roomId = q.get('online');
  if (!roomId) return null;
  const seat = q.get('seat') as Seat | null;
  return { roomId, seat: seat && SEATS.includes(seat) ? seat : 'spectator', server: q.get('server') ?? serverAddress(search) };
}

/** The link that opens room `roomId` in `seat` (this page's address, its query replaced). */
export function linkFor(roomId: string, seat: Seat, server: string, base: string = window.location.href): string {
  const url = new URL(base);
  url.search = '';
  url.hash = '';
  url.searchParams.set('play', '1');
  url.searchParams.set('online', roomId);
  url.searchParams.set('seat', seat);
  url.searchParams.set('server', server);
  return url.href;
}

const keysKey = (roomId: string, seat: Seat) => `sightline.online.${roomId}.${seat}`;

/**
 * The seat keys kept for a room: the seat token in localStorage (it takes the seat back from any
 * tab of this browser), the SDK's reconnection token in sessionStorage (this tab's reload).
 */
export function readSeatKeys(roomId: string, seat: Seat): Omit<SeatKeys, 'seat'> {
  try {
    const token = localStorage.getItem(keysKey(roomId, seat)) ?? undefined;
    const reconnectionToken = sessionStorage.getItem(keysKey(roomId, seat)) ?? undefined;
    return { ...(token ? { token } : {}), ...(reconnectionToken ? { reconnectionToken } : {}) };
  } catch {
    return {};
  }
}

/** Keeps a seat's keys (see {@link readSeatKeys}); a spectator has none. */
export function keepSeatKeys(roomId: string, k: SeatKeys): void {
  if (k.seat === 'spectator') return;
  try {
    if (k.token) localStorage.setItem(keysKey(roomId, k.seat), k.token);
    if (k.reconnectionToken) sessionStorage.setItem(keysKey(roomId, k.seat), k.reconnectionToken);
    else sessionStorage.removeItem(keysKey(roomId, k.seat));
  } catch (e) {
    console.warn('Sightline: the seat keys could not be kept', e);
  }
}

let online: OnlineGame | null = null;

/** The seat the page's link names was refused because someone holds it (issue 36 item 4). */
export interface SeatRefusal {
  link: OnlineLink;
  /** The server's reason. */
  reason: string;
  /** The same room's spectators' link. */
  watch: string;
}
let seatRefused: SeatRefusal | null = null;

/** Why the page could not take the seat its link names (null: it did, or failed for another reason). */
export function seatRefusal(): SeatRefusal | null {
  return seatRefused;
}

/** The page's online game (null: hot-seat, or not connected yet). */
export function onlineGame(): OnlineGame | null {
  return online;
}

/**
 * Connects the page to the online game its address names (rejoining its seat with the keys kept
 * by an earlier visit) and keeps the seat's keys up to date.
 * @throws with a message naming the server when it cannot be reached or refuses the seat.
 */
export async function connectOnline(link: OnlineLink): Promise<OnlineGame> {
  if (online) return online;
  let g: OnlineGame;
  try {
    g = await (await onlineClient()).join(link.server, link.roomId, link.seat, readSeatKeys(link.roomId, link.seat));
  } catch (e) {
    const m = (e as Error).message;
    // Someone else holds the seat: the page offers to watch instead (OnlineJoinRefused).
    if (link.seat !== 'spectator' && /Network: seat: seat p[12] (is taken|belongs to)/.test(m)) seatRefused = { link, reason: m, watch: linkFor(link.roomId, 'spectator', link.server) };
    throw new Error(`Could not join the online game ${link.roomId} as ${link.seat} on the game server ${link.server}: ${m}`);
  }
  g.onKeys((k) => keepSeatKeys(link.roomId, k));
  online = g;
  return g;
}

/**
 * Creates a room on the game server (the New battle dialog's *Play online*), in `seat` (p1 unless
 * said: a Path to Glory battle's campaign army may play p2), and keeps that seat's keys; the
 * connection is then left (consented: the seat is freed and its token takes it back when the page
 * opens the room's link for that seat).
 * @throws with a message naming the server when it cannot be reached or refuses the battle (every
 *   problem with its path).
 */
export async function createOnline(server: string, options: Record<string, unknown>, seat: 'p1' | 'p2' = 'p1'): Promise<{ roomId: string }> {
  let g: OnlineGame;
  try {
    g = await (await onlineClient()).create(server, options, seat);
  } catch (e) {
    const m = (e as Error).message;
    // The server answered and refused (its reason: a cap, a problem of the battle): shown as it is.
    const refused = (await onlineModule()).serverRefusal(e);
    throw new Error(refused !== null ? `The game server refused the battle: ${refused}` : `The game server at ${server} cannot be reached (${m}). Start it with "npm run server" (npm run dev starts it too), or give its address as ?server=ws://host:port.`);
  }
  keepSeatKeys(g.roomId, { seat, ...(g.token ? { token: g.token } : {}) });
  await g.leave();
  return { roomId: g.roomId };
}

/**
 * The create options of a room (NETWORK.md) for the battle the New battle dialog describes: the
 * battlefield open now, each army keyed by the scenario army (territory) it plays (p1's first),
 * the set-up. Kenney pieces travel as bundled asset ids (the server reads its own copy); a
 * battlefield with other mesh files cannot be played online yet (the server names them). A
 * `battleplan` (an Ascension battleplan id: a Path to Glory battle started from the campaign
 * screen) is passed on to the server, which plays it.
 */
export function onlineCreateOptions(input: {
  scenario: unknown;
  armies: Record<'p1' | 'p2', { army: string; roster: unknown }>;
  deploy: 'auto' | 'manual';
  battleplan?: string;
}): Record<string, unknown> {
  const { bundled } = gameMeshes(input.scenario);
  return { scenario: input.scenario, bundled, armies: { [input.armies.p1.army]: input.armies.p1.roster, [input.armies.p2.army]: input.armies.p2.roster }, deploy: input.deploy, ...(input.battleplan ? { battleplan: input.battleplan } : {}) };
}
