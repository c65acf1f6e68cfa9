import { describe, expect, it } from 'vitest';
import type { OptionEntry } from '../../client/gameClient';
import { browserWarning } from './NewBattleDialog';
import { generalEntry } from './PlayPanel';

const tactic = (tactic: string, unitId?: string): OptionEntry =>
  ({ group: 'tactic', label: 'Battle tactic: Attack on Two Fronts', rule: 'BattleTactics 2.0', available: true, action: { type: 'tacticalGambit', player: 'p1', tactic, ...(unitId ? { unitId } : {}) } }) as unknown as OptionEntry;

describe('Play panel words (issue 28, item 11)', () => {
  it('each battle tactic is named from its action, Slay the Entourage with the general\'s name', () => {
    const names = (id: string) => (id === 'sk-clawlord' ? 'Clawlord' : id);
    const labels = ['attackOnTwoFronts', 'takeTheirLand', 'seizeTheCentre', 'takeTheFlanks', 'doNotWaver'].map((t) => generalEntry(tactic(t), names).label);
    expect(labels).toEqual(['Battle tactic: Attack on Two Fronts', 'Battle tactic: Take Their Land', 'Battle tactic: Seize the Centre', 'Battle tactic: Take the Flanks', 'Battle tactic: Do Not Waver']);
    expect(generalEntry(tactic('slayTheEntourage', 'sk-clawlord'), names).label).toBe('Battle tactic: Slay the Entourage (Clawlord)');
    const end = { ...tactic('x'), group: 'endPhase', label: 'End the hero phase', action: { type: 'endPhase', player: 'p1' } } as unknown as OptionEntry;
    expect(generalEntry(end, names)).toBe(end);
  });
  it('issue 35: Take Their Land with its terrain feature keeps the game\'s label, which names the feature', () => {
    const land = { ...tactic('takeTheirLand'), label: 'Battle tactic: Take Their Land (Sanctum Grove (north))', action: { type: 'tacticalGambit', player: 'p1', tactic: 'takeTheirLand', terrainId: 'grove-north' } } as unknown as OptionEntry;
    expect(generalEntry(land, (id) => id).label).toBe('Battle tactic: Take Their Land (Sanctum Grove (north))');
  });
  it('an importer warning for the command line points a browser user at the bases table', () => {
    const w = 'unit "Gutrippaz" (gutrippaz): base 32 mm round and height 1.25" are defaults for INFANTRY (give them with --bases)';
    expect(browserWarning(w)).toBe('unit "Gutrippaz": base 32 mm round and height 1.25" are defaults for INFANTRY (set them in "Bases and heights" below)');
    // Issue 35: names, never ids, and no engine plurals.
    expect(browserWarning('unit "Breaka-boss on Mirebrute Troggoth" (breaka-boss-on-mirebrute-troggoth): height 2" is the default for MONSTER (give "heightInches" with --bases)')).toBe(
      'unit "Breaka-boss on Mirebrute Troggoth": height 2" is the default for MONSTER (set it in "Bases and heights" below)',
    );
    expect(browserWarning('unit "Rats: the roster has 1 standard bearer model(s) where the warscroll gives 2 model(s)')).toBe('unit "Rats: the roster has 1 standard bearer model where the warscroll gives 2 models');
    expect(browserWarning('abilities kept as text')).toBe('abilities kept as text');
  });
});

describe('page words (issue 35, item 1: names, never ids)', () => {
  it('drops the rules inventory\'s internal references, keeping the rule a player can look up', async () => {
    const { withoutInternalRefs } = await import('../../game/playerWords');
    expect(withoutInternalRefs('its base would not rest on a surface (Core 15.2, A-G28)')).toBe('its base would not rest on a surface (Core 15.2)');
    expect(withoutInternalRefs('(A-G1, Core 2.1)')).toBe('(Core 2.1)');
    expect(withoutInternalRefs('  1. Hit rolls 3, 4')).toBe('  1. Hit rolls 3, 4');
  });
  it('names units and models (alive and slain) from the summary, the p2- prefix included', async () => {
    const { pageDictionary, playerWords } = await import('../../game/playerWords');
    const d = pageDictionary([{ id: 'gutrippaz', name: 'Gutrippaz', models: 20, aliveModelIds: ['gutrippaz.2', 'gutrippaz.3'] }, { id: 'p2-king-brodd', name: 'King Brodd', models: 1, aliveModelIds: ['p2-king-brodd.1'] }], ['gutrippaz.1']);
    expect(playerWords('model p2-king-brodd.1 would pass through gutrippaz.1 and "gutrippaz.3" of unit "gutrippaz" (arcaneBolt)', d)).toBe(
      'King Brodd would pass through Gutrippaz (model 1) and Gutrippaz (model 3) of Gutrippaz (Arcane Bolt (generic))',
    );
  });
});
