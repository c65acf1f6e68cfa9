import type { Ability } from '../../../rules/abilities/schema';
import { describeTiming } from '../../../rules/abilities/parseTiming';
import { describeEffect } from '../../../army/abilityReport';
import './abilities.css';

/** Props of {@link UnitAbilityList}. */
export interface UnitAbilityListProps {
  /** The unit's abilities (`warscroll.abilities`, ABILITIES.md). */
  abilities: readonly Ability[];
}

const SOURCE_WORDS: Record<Ability['source'], string> = {
  core: 'core', warscroll: 'warscroll', battleTrait: 'battle trait', regiment: 'regiment ability', formation: 'battle formation',
  enhancement: 'enhancement', spell: 'spell', prayer: 'prayer', manifestation: 'manifestation lore', campaign: 'Path to Glory', other: 'other',
};

/**
 * Every ability of a unit on its card (issue 34): name, where it comes from, its timing as parsed
 * (Core 5.1, 28.2) and whether the engine applies it itself (`auto`, with the effects it applies)
 * or the player resolves it (`by hand`); the Declare and Effect as printed under each.
 */
export function UnitAbilityList({ abilities }: UnitAbilityListProps) {
  if (abilities.length === 0) return null;
  const auto = abilities.filter((a) => a.resolves !== null).length;
  return (
    <div className="unit-card-abilities" data-testid="unit-card-abilities">
      <h4>
        Abilities <span className="muted">({auto} of {abilities.length} applied by the engine, the rest by hand)</span>
      </h4>
      {abilities.map((a) => (
        <details key={a.id} data-testid="unit-card-ability" data-ability={a.id} data-auto={a.resolves !== null ? 'auto' : 'by hand'}>
          <summary>
            <b>{a.name}</b> <span className="muted">· {describeTiming(a.timing)}</span>{' '}
            <span className={a.resolves !== null ? 'ability-auto' : 'ability-by-hand'} data-testid="unit-card-ability-mode" title={a.resolves !== null ? 'The engine resolves it' : 'You resolve it on the table; the log shows it as "by hand"'}>
              {a.resolves !== null ? 'auto' : 'by hand'}
            </span>
          </summary>
          <p className="muted">
            {SOURCE_WORDS[a.source]}
            {a.castingValue !== undefined ? ` · casting value ${a.castingValue}` : ''}
            {a.chantingValue !== undefined ? ` · chanting value ${a.chantingValue}` : ''}
            {a.cost !== undefined ? ` · ${a.cost} CP` : ''}
            {a.keywords.length > 0 ? ` · ${a.keywords.join(', ')}` : ''}
          </p>
          {a.declare && (
            <p>
              <b>Declare:</b> {a.declare}
            </p>
          )}
          <p>
            <b>Effect:</b> {a.effect}
          </p>
          {a.resolves !== null && (
            <ul data-testid="unit-card-ability-effects">
              {a.resolves.map((e, i) => (
                <li key={i}>{describeEffect(e)}</li>
              ))}
            </ul>
          )}
        </details>
      ))}
    </div>
  );
}
