import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createGame, type Action, type GameState } from './state';
import { reduce, type GameEvent } from './reduce';
import { runActions, tablePort, type PortTables } from './testkit';
import type { RosterInput } from './roster';

const army = (f: string) => JSON.parse(readFileSync(new URL(`../../../assets/armies/${f}`, import.meta.url), 'utf8')) as RosterInput;
const SCE = army('stormcast-liberators.json');
const SK = army('skaven-clawlord.json');

function game(diceScript: number[] = [], seed = 3): GameState {
  const r = createGame({ seed, rosters: { p1: SCE, p2: SK }, finishedDeployingFirst: 'p1', battleplan: { objectives: [] }, diceScript });
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.state;
}
/** The actions through `reduce` on the hand-built port (testkit's `runActions`), the state as `state`. */
function apply(s: GameState, actions: Action[], t: PortTables): { state: GameState; events: GameEvent[] } {
  const r = runActions(s, actions, tablePort(t));
  return { state: r.s, events: r.events };
}
const toCombat: Action[] = [
  { type: 'chooseFirstTurn', player: 'p1', first: 'p1' },
  ...Array.from({ length: 5 }, () => ({ type: 'endPhase', player: 'p1' }) as Action),
];
const toShooting: Action[] = toCombat.slice(0, 4);

describe('attack sequence (Core 16.0-18.4)', () => {
  it('T-02 Attacking example: Liberators vs Clawlord, scripted dice, 4 damage allocated', () => {
    // Fast dice (Core 17.3): Warhammers (4 × 2 attacks) then the Grandhammer (1 × 2), then wards.
    const script = [
      ...[3, 4, 5, 3, 5, 1, 2, 2], // Warhammer hits: 5 hits, no 6
      ...[3, 4, 5, 1, 2], // wounds: 3
      ...[6, 3, 4], // saves at 4+ with Rend 1: only the 6 saves → 2 damage
      ...[6, 4], // Grandhammer hits: the 6 is a critical hit → Crit (Mortal) 2 mortal damage
      ...[3], // the other hit wounds (2+)
      ...[4], // 4 - 1 = 3 < 4: fails → 2 damage
      ...[6, 6, 1, 2, 3, 4], // ward (6+) for the 6 points in the pool: two 6s
    ];
    const t: PortTables = { inCombat: new Set(['sce-liberators|sk-clawlord']), contests: {} };
    let { state: s } = apply(game(script), toCombat, t);
    expect(s.phase).toBe('combat');
    const r = apply(s, [
      { type: 'fight', player: 'p1', unitId: 'sce-liberators', target: 'sk-clawlord' },
      { type: 'pass', player: 'p1' },
      { type: 'pass', player: 'p2' },
    ], t);
    s = r.state;
    const war = r.events.find((e) => e.type === 'attacksResolved' && e.weapon === 'Warhammer');
    expect(war).toMatchObject({ attacks: 8, models: 4, damage: 2, mortal: 0, saveModifier: -1 });
    const grand = r.events.find((e) => e.type === 'attacksResolved' && e.weapon === 'Grandhammer');
    expect(grand).toMatchObject({ attacks: 2, models: 1, damage: 2, mortal: 2 });
    expect(r.events.find((e) => e.type === 'damageResolved')).toMatchObject({ unitId: 'sk-clawlord', pool: 6, ward: 6, allocated: 4, slain: [] });
    expect(s.units['sk-clawlord'].damage).toBe(4);
    expect(s.units['sk-clawlord'].slain).toEqual([]);
    expect(s.diceScript).toEqual([]);
    // Every roll is in the log, in order.
    const rolls = s.log.filter((e) => e.kind === 'roll').map((e) => (e.kind === 'roll' ? e.purpose.split(':')[0] : ''));
    expect(rolls).toEqual(['hit', 'wound', 'save', 'hit', 'wound', 'save', 'ward']);
    // The Clawlord is in combat: it must fight before the phase ends (Core 13.1), and it is p2's pick.
    expect(reduce(s, { type: 'endPhase', player: 'p1' }, tablePort(t))).toMatchObject({ ok: false, rule: 'Core 13.1' });
    expect(reduce(s, { type: 'fight', player: 'p1', unitId: 'sce-lord', target: 'sk-clawlord' }, tablePort(t))).toMatchObject({ ok: false });
  });

  it('T-01 reactions alternate from the active player; All-out Attack +1 to hit, All-out Defence +1 save', () => {
    const t: PortTables = { inCombat: new Set(['sce-liberators|sk-ratogors']), contests: {} };
    let { state: s } = apply(game(), toCombat, t);
    s = apply(s, [{ type: 'fight', player: 'p1', unitId: 'sce-liberators', target: 'sk-ratogors' }], t).state;
    // p2 cannot react before p1 reacts or passes.
    expect(reduce(s, { type: 'pass', player: 'p2' }, tablePort(t))).toMatchObject({ ok: false, rule: 'Core 5.2' });
    expect(reduce(s, { type: 'endPhase', player: 'p1' }, tablePort(t))).toMatchObject({ ok: false, rule: 'Core 5.2' });
    const r = apply(s, [
      { type: 'command', player: 'p1', command: 'allOutAttack', unitId: 'sce-liberators' },
      { type: 'command', player: 'p2', command: 'allOutDefence', unitId: 'sk-ratogors' },
      { type: 'pass', player: 'p1' },
      { type: 'pass', player: 'p2' },
    ], t);
    // 5 CP each at the start (4 + 1 for underspending, ArmyComp 1.2.1), 1 spent each.
    expect([r.state.players.p1.cp, r.state.players.p2.cp]).toEqual([4, 4]);
    const e = r.events.filter((x) => x.type === 'attacksResolved');
    expect(e.length).toBeGreaterThan(0);
    // Save 5+, Rend 1, +1 All-out Defence → final 0.
    for (const x of e) expect(x).toMatchObject({ hitModifier: 1, saveModifier: 0 });
  });

  it('shooting: range/visibility, no shooting in combat without Shoot in Combat, Obscuring, Cover -1 to hit (not +1 save: N-02)', () => {
    const t: PortTables = {
      inCombat: new Set(),
      contests: {},
      distances: { 'sce-judicators|sk-clanrats': 10, 'sce-judicators|sk-ratogors': 30, 'sce-judicators|sk-stormvermin': 12 },
      hidden: new Set(['sce-judicators|sk-acolytes']),
      protection: { 'sk-clanrats|sce-judicators': { cover: true, obscuring: false }, 'sk-stormvermin|sce-judicators': { cover: true, obscuring: true } },
    };
    const { state: s } = apply(game(), toShooting, t);
    expect(s.phase).toBe('shooting');
    const port = tablePort(t);
    expect(reduce(s, { type: 'shoot', player: 'p1', unitId: 'sce-judicators', target: 'sk-ratogors' }, port)).toMatchObject({ ok: false, rule: 'Core 16.0' });
    expect(reduce(s, { type: 'shoot', player: 'p1', unitId: 'sce-judicators', target: 'sk-acolytes' }, port)).toMatchObject({ ok: false, rule: 'Core 16.0' });
    expect(reduce(s, { type: 'shoot', player: 'p1', unitId: 'sce-judicators', target: 'sk-stormvermin' }, port)).toMatchObject({ ok: false, rule: 'Terrain 1.2' });
    expect(reduce(s, { type: 'shoot', player: 'p1', unitId: 'sce-liberators', target: 'sk-clanrats' }, port)).toMatchObject({ ok: false, rule: 'Core 16.0' });
    const r = apply(s, [
      { type: 'shoot', player: 'p1', unitId: 'sce-judicators', target: 'sk-clanrats' },
      { type: 'pass', player: 'p1' },
      { type: 'pass', player: 'p2' },
    ], t);
    expect(r.events.find((e) => e.type === 'attacksResolved')).toMatchObject({ weapon: 'Skybolt Bow', hitModifier: -1, saveModifier: -1, attacks: 10 });
    // In combat: no shooting unless the weapon has Shoot in Combat.
    t.inCombat.add('sce-judicators|sk-clanrats');
    expect(reduce(s, { type: 'shoot', player: 'p1', unitId: 'sce-judicators', target: 'sk-clanrats' }, tablePort(t))).toMatchObject({ ok: false, rule: 'Core 16.0' });
  });

  it('T-20 Guarded Hero (Core 25.0): INFANTRY HERO with a friendly unit in combat range cannot be shot from more than 12"', () => {
    const t: PortTables = {
      inCombat: new Set(),
      contests: {},
      withinRange: new Set(['sk-warlock|sk-acolytes']),
      distances: { 'sce-judicators|sk-warlock': 12.1, 'sce-judicators|sk-clawlord': 12.1 },
    };
    const { state: s } = apply(game(), toShooting, t);
    expect(reduce(s, { type: 'shoot', player: 'p1', unitId: 'sce-judicators', target: 'sk-warlock' }, tablePort(t))).toMatchObject({ ok: false, rule: 'Core 25.0' });
    expect(reduce(s, { type: 'shoot', player: 'p1', unitId: 'sce-judicators', target: 'sk-clawlord' }, tablePort(t)).ok).toBe(true);
    t.distances!['sce-judicators|sk-warlock'] = 12;
    const r = apply(s, [
      { type: 'shoot', player: 'p1', unitId: 'sce-judicators', target: 'sk-warlock' },
      { type: 'pass', player: 'p1' },
      { type: 'pass', player: 'p2' },
    ], t);
    expect(r.events.find((e) => e.type === 'attacksResolved')).toMatchObject({ hitModifier: -1 });
  });

  it('T-44 fight order: STRIKE-FIRST first, then the active player; STRIKE-LAST last', () => {
    const sce = structuredClone(SCE) as any;
    const sk = structuredClone(SK) as any;
    sce.units.find((u: any) => u.id === 'sce-liberators').warscroll.keywords.push('STRIKE-LAST'); // a1
    sk.units.find((u: any) => u.id === 'sk-ratogors').warscroll.keywords.push('STRIKE-FIRST'); // b1
    const g = createGame({ seed: 5, rosters: { p1: sce, p2: sk }, finishedDeployingFirst: 'p1', battleplan: { objectives: [] } });
    if (!g.ok) throw new Error('roster');
    // a1 = liberators, a2 = vindictors, b1 = rat ogors, b2 = clanrats; all in combat.
    const t: PortTables = { inCombat: new Set(['sce-liberators|sk-ratogors', 'sce-vindictors|sk-clanrats']), contests: {} };
    let s = apply(g.state, toCombat, t).state;
    const fightAndPass = (player: 'p1' | 'p2', unitId: string, target: string) =>
      apply(s, [{ type: 'fight', player, unitId, target }, { type: 'pass', player: 'p1' }, { type: 'pass', player: 'p2' }], t).state;
    // p1 is active but only the STRIKE-FIRST rat ogors can be picked.
    expect(reduce(s, { type: 'fight', player: 'p1', unitId: 'sce-vindictors', target: 'sk-clanrats' }, tablePort(t))).toMatchObject({ ok: false, rule: 'Core 13.1' });
    s = fightAndPass('p2', 'sk-ratogors', 'sce-liberators');
    // Then the active player picks: not the STRIKE-LAST liberators while others have not fought.
    expect(reduce(s, { type: 'fight', player: 'p1', unitId: 'sce-liberators', target: 'sk-ratogors' }, tablePort(t))).toMatchObject({ ok: false, rule: 'Core 19.0' });
    s = fightAndPass('p1', 'sce-vindictors', 'sk-clanrats');
    s = fightAndPass('p2', 'sk-clanrats', 'sce-vindictors');
    s = fightAndPass('p1', 'sce-liberators', 'sk-ratogors');
    expect(s.combat?.fought).toEqual(['sk-ratogors', 'sce-vindictors', 'sk-clanrats', 'sce-liberators']);
    expect(reduce(s, { type: 'endPhase', player: 'p1' }, tablePort(t)).ok).toBe(true);
  });

  it('slain models: the commander picks (setSlainPriority), excess damage after the last model is lost (T-22)', () => {
    const t: PortTables = { inCombat: new Set(), contests: {} };
    let s = apply(game(), toShooting, t).state;
    s = apply(s, [{ type: 'setSlainPriority', player: 'p2', unitId: 'sk-ratogors', modelIds: ['sk-ratogors-2'] }], t).state;
    const r = apply(s, [{ type: 'allocateDamage', player: 'p2', unitId: 'sk-ratogors', points: 5 }], t);
    expect(r.state.units['sk-ratogors'].slain).toEqual(['sk-ratogors-2']);
    expect(r.state.units['sk-ratogors'].damage).toBe(1);
    const r2 = apply(r.state, [{ type: 'allocateDamage', player: 'p2', unitId: 'sk-ratogors', points: 20 }], t);
    expect(r2.state.units['sk-ratogors'].slain).toHaveLength(3);
    expect(r2.events.some((e) => e.type === 'unitDestroyed')).toBe(true);
  });
});

describe('Companion (Core 20.0)', () => {
  // Core 20.0: "Companion: Unless otherwise specified, this weapon is not affected by friendly
  // abilities that affect weapon characteristics or the attack sequence, except for those that
  // apply negative modifiers to it." CmdModels 1.0 CHAMPION: "Add 1 to the Attacks characteristic
  // of weapons used by champions in this unit." So a champion's Companion weapon gets no +1.
  const fightWithChampion = (abilities: string[]) => {
    const sce = JSON.parse(JSON.stringify(SCE)) as RosterInput;
    const lib = sce.units.find((u) => u.id === 'sce-liberators')!;
    (lib.models[0] as { champion?: boolean }).champion = true;
    (lib.weapons.find((w) => w.name === 'Warhammer') as { abilities?: string[] }).abilities = abilities;
    const g = createGame({ seed: 5, rosters: { p1: sce, p2: SK }, finishedDeployingFirst: 'p1', battleplan: { objectives: [] } });
    if (!g.ok) throw new Error(JSON.stringify(g.issues));
    const t: PortTables = { inCombat: new Set(['sce-liberators|sk-clawlord']), contests: {} };
    const { state } = apply(g.state, toCombat, t);
    const r = apply(state, [
      { type: 'fight', player: 'p1', unitId: 'sce-liberators', target: 'sk-clawlord' },
      { type: 'pass', player: 'p1' },
      { type: 'pass', player: 'p2' },
    ], t);
    return r.events.find((e) => e.type === 'attacksResolved' && e.weapon === 'Warhammer');
  };

  it('a champion adds 1 attack with a normal weapon: 4 Warhammers × 2 + 1 = 9', () => {
    expect(fightWithChampion(['crit-mortal'])).toMatchObject({ attacks: 9, models: 4 });
  });

  it('but not with a Companion weapon: 4 × 2 = 8', () => {
    expect(fightWithChampion(['crit-mortal', 'companion'])).toMatchObject({ attacks: 8, models: 4 });
  });
});

describe('targets per weapon (Core 16.0, 20.0 Shoot in Combat)', () => {
  // Core 16.0: "Shooting attacks are made with ranged weapons. The target unit(s) must be within a
  // distance equal to the Range characteristic of the weapon being used and visible to the
  // attacking model. Models cannot make shooting attacks if their unit is in combat, unless
  // otherwise specified (see 20.0 Weapon Abilities)." — "If a model has more than one attack, you
  // can split the attacks between eligible targets as you wish." Core 20.0: "Shoot in Combat: This
  // weapon can be used to make shooting attacks even if the attacking unit is in combat."
  // So each weapon's target is checked against that weapon: a weapon with no eligible target makes
  // no attacks and the others still shoot; in combat only Shoot in Combat weapons shoot.
  const withRifleAndPistol = (): GameState => {
    const sce = JSON.parse(JSON.stringify(SCE)) as RosterInput;
    const jud = sce.units.find((u) => u.id === 'sce-judicators')!;
    jud.weapons = [
      { name: 'Rifle', range: 24, attacks: 1, hit: 4, wound: 4, rend: 0, damage: 1 },
      { name: 'Pistol', range: 10, attacks: 1, hit: 4, wound: 4, rend: 0, damage: 1, abilities: ['shoot-in-combat'] },
      { name: 'Stormsmite Mauls', range: 'melee', attacks: 2, hit: 4, wound: 4, rend: 0, damage: 1 },
    ] as RosterInput['units'][number]['weapons'];
    const g = createGame({ seed: 7, rosters: { p1: sce, p2: SK }, finishedDeployingFirst: 'p1', battleplan: { objectives: [] } });
    if (!g.ok) throw new Error(JSON.stringify(g.issues));
    return g.state;
  };
  const shoot = (target: string, weaponTargets?: Record<string, string>): Action =>
    ({ type: 'shoot', player: 'p1', unitId: 'sce-judicators', target, ...(weaponTargets ? { weaponTargets } : {}) }) as Action;
  const resolve = (s: GameState, a: Action, t: PortTables) => apply(s, [a, { type: 'pass', player: 'p1' }, { type: 'pass', player: 'p2' }], t);
  const table = (): PortTables => ({ inCombat: new Set(), contests: {}, distances: { 'sce-judicators|sk-clanrats': 18, 'sce-judicators|sk-ratogors': 8, 'sce-judicators|sk-stormvermin': 30 } });

  it('a 24" rifle shoots a target 18" away while the 10" pistol makes no attacks (reported); with weaponTargets naming the rifle alone too', () => {
    const t = table();
    const s = apply(withRifleAndPistol(), toShooting, t).state;
    for (const a of [shoot('sk-clanrats'), shoot('sk-clanrats', { Rifle: 'sk-clanrats' })]) {
      const r = resolve(s, a, t);
      const declared = r.events.find((e) => e.type === 'attackDeclared');
      expect(declared).toMatchObject({ assignments: [{ weapon: 'Rifle', target: 'sk-clanrats' }], skipped: [{ weapon: 'Pistol', target: 'sk-clanrats', rule: 'Core 16.0' }] });
      const resolved = r.events.filter((e) => e.type === 'attacksResolved');
      expect(resolved.map((e) => e.weapon)).toEqual(['Rifle']);
      expect(resolved[0]).toMatchObject({ models: 5, attacks: 5 });
    }
  });

  it('attacks split between eligible targets: rifle at 18", pistol at 8"; an explicit pick out of a weapon\'s Range is refused; no weapon in range: refused', () => {
    const t = table();
    const s = apply(withRifleAndPistol(), toShooting, t).state;
    const r = resolve(s, shoot('sk-clanrats', { Pistol: 'sk-ratogors' }), t);
    expect(r.events.filter((e) => e.type === 'attacksResolved').map((e) => [e.weapon, e.target])).toEqual([
      ['Rifle', 'sk-clanrats'],
      ['Pistol', 'sk-ratogors'],
    ]);
    expect(r.events.find((e) => e.type === 'attackDeclared')).not.toHaveProperty('skipped');
    // The pistol explicitly assigned to a target 18" away: an illegal pick (Core 16.0).
    expect(reduce(s, shoot('sk-ratogors', { Pistol: 'sk-clanrats' }), tablePort(t))).toMatchObject({ ok: false, rule: 'Core 16.0', reason: expect.stringContaining('Pistol') });
    // 30" away: neither weapon can attack, the declaration is refused.
    expect(reduce(s, shoot('sk-stormvermin'), tablePort(t))).toMatchObject({ ok: false, rule: 'Core 16.0' });
    // Not visible: the same.
    t.hidden = new Set(['sce-judicators|sk-ratogors']);
    expect(reduce(s, shoot('sk-ratogors'), tablePort(t))).toMatchObject({ ok: false, rule: 'Core 16.0' });
  });

  it('in combat only the Shoot in Combat pistol shoots (the rifle is skipped); only at units in combat with it', () => {
    const t = table();
    t.inCombat.add('sce-judicators|sk-ratogors');
    const s = apply(withRifleAndPistol(), toShooting, t).state;
    const r = resolve(s, shoot('sk-ratogors'), t);
    expect(r.events.find((e) => e.type === 'attackDeclared')).toMatchObject({
      assignments: [{ weapon: 'Pistol', target: 'sk-ratogors' }],
      skipped: [{ weapon: 'Rifle', rule: 'Core 16.0', reason: expect.stringContaining('Shoot in Combat') }],
    });
    expect(r.events.filter((e) => e.type === 'attacksResolved').map((e) => e.weapon)).toEqual(['Pistol']);
    // The rifle explicitly picked while in combat: refused; a target not in combat with it: refused.
    expect(reduce(s, shoot('sk-ratogors', { Rifle: 'sk-ratogors' }), tablePort(t))).toMatchObject({ ok: false, rule: 'Core 16.0' });
    expect(reduce(s, shoot('sk-clanrats'), tablePort(t))).toMatchObject({ ok: false, rule: 'Core 16.0' });
  });

  it('fight: a melee weapon none of whose models has the target within combat range makes no attacks (Core 16.0); an explicit pick of it is refused', () => {
    // Core 16.0: "Combat attacks are made with melee weapons. The target unit(s) must be within the
    // combat range of the attacking model and visible to it." The Grandhammer model is out of reach.
    const t: PortTables = { inCombat: new Set(['sce-liberators|sk-clawlord']), contests: {} };
    const s = apply(game(), toCombat, t).state;
    const port = () => {
      const p = tablePort(t);
      return { ...p, withinCombatRange: (a: string, b: string) => a !== 'sce-liberators-5' && p.withinCombatRange(a, b) };
    };
    const fight = (weaponTargets?: Record<string, string>): Action =>
      ({ type: 'fight', player: 'p1', unitId: 'sce-liberators', target: 'sk-clawlord', ...(weaponTargets ? { weaponTargets } : {}) }) as Action;
    let st = s;
    const events: GameEvent[] = [];
    for (const a of [fight(), { type: 'pass', player: 'p1' }, { type: 'pass', player: 'p2' }] as Action[]) {
      const r = reduce(st, a, port());
      if (!r.ok) throw new Error(`${r.reason} (${r.rule})`);
      st = r.state;
      events.push(...r.events);
    }
    expect(events.find((e) => e.type === 'fightDeclared')).toMatchObject({
      targets: [{ weapon: 'Warhammer', target: 'sk-clawlord' }],
      skipped: [{ weapon: 'Grandhammer', target: 'sk-clawlord', rule: 'Core 16.0' }],
    });
    expect(events.filter((e) => e.type === 'attacksResolved').map((e) => e.weapon)).toEqual(['Warhammer']);
    expect(reduce(s, fight({ Grandhammer: 'sk-clawlord' }), port())).toMatchObject({ ok: false, rule: 'Core 16.0', reason: expect.stringContaining('Grandhammer') });
    // No weapon can reach the picked target while another unit in combat with it can be attacked: refused.
    t.inCombat.add('sce-liberators|sk-ratogors');
    const p = tablePort(t);
    const noClawlord = { ...p, withinCombatRange: (a: string, b: string) => b !== 'sk-clawlord' && p.withinCombatRange(a, b) };
    expect(reduce(s, fight(), noClawlord)).toMatchObject({ ok: false, rule: 'Core 16.0' });
    expect(reduce(s, { ...fight(), target: 'sk-ratogors' } as Action, noClawlord).ok).toBe(true);
  });
});
