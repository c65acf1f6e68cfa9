import type { AscensionSummary } from '../../game/ascensionOptions';

/** Props of {@link TwistBanner}. */
export interface TwistBannerProps {
  /** The Path to Glory battle's summary (`GameSummary.ascension`). */
  ascension: AscensionSummary;
  /** A player's name as the page shows it (their army's name). */
  who: (player: string) => string;
}

const PICKS: Record<string, string> = { friendlyUnit: 'a friendly unit', enemyUnit: 'an enemy unit', objective: 'an objective', terrainFeatures: 'terrain features', point: 'where a new objective goes' };

/**
 * This battle round's twist in a Path to Glory battle (Ascension › Path to Glory Battles ›
 * Twists): its name and text, who rolled it (the underdog, or the roll-off winner), and what was
 * picked or is still to be picked (the pick itself is among the panel's options while the engine
 * takes it). Nothing when the round has no twist.
 */
export function TwistBanner({ ascension, who }: TwistBannerProps) {
  const t = ascension.twist;
  if (!t) return null;
  const what = t.picks === 'terrainFeatures' && t.features !== undefined ? `up to ${t.features} terrain feature${t.features === 1 ? '' : 's'}` : t.picks ? PICKS[t.picks] ?? t.picks : null;
  const pickNote = t.pick ? `picked: ${t.pick}` : t.declined ? `${who(t.roller)} picked nothing` : !what ? null : t.owed ? `${who(t.roller)} picks ${what} now, before the start of the battle round ends` : 'nothing was picked';
  return (
    <div className="play-twist" data-testid="play-twist" data-twist={t.name} data-roller={t.roller} title={t.text}>
      <b>Twist: {t.name}</b> ({who(t.roller)} rolled {t.roll}
      {t.underdog ? ', the underdog' : ', the roll-off winner'})
      <div className="play-twist-text">{t.text}</div>
      {pickNote && <div className="play-rule" data-testid="play-twist-pick">{pickNote}</div>}
    </div>
  );
}
