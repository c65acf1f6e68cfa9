import type { Ability } from '../../../rules/abilities/schema';
import { describeTiming } from '../../../rules/abilities/parseTiming';
import { effectWords } from '../../../game/abilityWords';
import { AbilityText } from './AbilityText';
import './abilities.css';

/** Props of {@link UnitAbilityList}. */
export interface UnitAbilityListProps {
  /** The unit's abilities (`warscroll.abilities`, ABILITIES.md). */
  abilities: readonly Ability[];
  /** Names of the abilities the unit used this turn (the game's summary), marked "used" (default none). */
  used?: readonly string[];
}

const SOURCE_WORDS: Record<Ability['source'], string> = {
  core: 'core', warscroll: 'warscroll', battleTrait: 'battle trait', regiment: 'regiment ability', formation: 'battle formation',
  enhancement: 'enhancement', spell: 'spell', prayer: 'prayer', manifestation: 'manifestation lore', campaign: 'Path to Glory', other: 'other',
};

/**
 * Every ability of a unit on its card (issue 34): name, where it comes from, its timing as parsed
 * (Core 5.1, 28.2) and whether the engine applies it itself (`auto`, with the effects it applies in
 * words) or the player resolves it (`by hand`); the Declare and Effect as printed under each
 * ({@link AbilityText}). Those used this turn are marked.
 */
export function UnitAbilityList({ abilities, used = [] }: UnitAbilityListProps) {
  if (abilities.length === 0) return null;
  const auto = abilities.filter((a) => a.resolves !== null).length;
  return (
    <div className="unit-card-abilities" data-testid="unit-card-abilities">
      <h4>
        Abilities <span className="muted">({auto} of {abilities.length} applied by the engine, the rest by hand)</span>
      </h4>
      {abilities.map((a) => (
        <div key={a.id} data-testid="unit-card-ability" data-auto={a.resolves !== null ? 'auto' : 'by hand'} data-used={used.includes(a.name) ? 'true' : undefined}>
          <AbilityText name={a.name} timing={describeTiming(a.timing)} declare={a.declare} effect={a.effect} auto={a.resolves !== null} used={used.includes(a.name)} testid="unit-card-ability-text">
            <p className="muted">
              {SOURCE_WORDS[a.source]}
              {a.castingValue !== undefined ? ` · casting value ${a.castingValue}` : ''}
              {a.chantingValue !== undefined ? ` · chanting value ${a.chantingValue}` : ''}
              {a.cost !== undefined ? ` · ${a.cost} CP` : ''}
              {a.keywords.length > 0 ? ` · ${a.keywords.join(', ')}` : ''}
            </p>
            {a.resolves !== null && (
              <ul data-testid="unit-card-ability-effects">
                {a.resolves.map((e, i) => (
                  <li key={i}>{effectWords(e)}</li>
                ))}
              </ul>
            )}
          </AbilityText>
        </div>
      ))}
    </div>
  );
}
