import type { z } from 'zod';
import { DamageAttackerSchema, DamageTargetSchema } from '../rules/damage';
import { ScenarioSchema, TABLE_MARGIN_INCHES, type Scenario, type ScenarioQuery } from './schema';

/** Result of {@link parseScenario}: the scenario, or every problem found, each led by its JSON path. */
export type ParseResult = { ok: true; scenario: Scenario } | { ok: false; problems: string[] };

/** Formats a JSON path like `units[0].models[2].base` (`(root)` for the top). */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) {
    if (typeof p === 'number') out += `[${p}]`;
    else out += out ? `.${String(p)}` : String(p);
  }
  return out || '(root)';
}

type Issue = z.core.$ZodIssue;

/** Flattens zod issues; for a failed union, reports the branch that came closest (fewest issues). */
function flatten(issues: readonly Issue[], prefix: PropertyKey[], out: string[]): void {
  for (const issue of issues) {
    const path = [...prefix, ...issue.path];
    if (issue.code === 'invalid_union' && 'errors' in issue && Array.isArray(issue.errors) && issue.errors.length > 0) {
      const branches = issue.errors as Issue[][];
      // Prefer a branch whose failures are not about a literal discriminator (shape/kind).
      const scored = branches.map((b) => ({ b, score: b.length + (b.some((i) => i.code === 'invalid_value') ? 100 : 0) }));
      scored.sort((x, y) => x.score - y.score);
      flatten(scored[0].b, path, out);
      continue;
    }
    out.push(`${formatPath(path)}: ${issue.message}`);
  }
}

/**
 * Validates a parsed JSON value as a scenario (SCENARIO.md), strictly: unknown keys, wrong types,
 * duplicate ids, dangling references and bad inline meshes are all reported, each with its JSON path.
 * Never throws for bad input.
 */
export function parseScenario(json: unknown): ParseResult {
  const r = ScenarioSchema.safeParse(json);
  if (!r.success) {
    const problems: string[] = [];
    flatten(r.error.issues, [], problems);
    return { ok: false, problems: dedupe(problems) };
  }
  const s = r.data;
  const problems: string[] = [];
  // Positions within a margin around the battlefield (SCENARIO_LIMITS): nothing far off the table.
  const M = TABLE_MARGIN_INCHES;
  const onTable = onTableCheck(s, problems);
  const zOk = (z: number | undefined, path: string) => {
    if (z !== undefined && (z < -M || z > 100)) problems.push(`${path}: ${z} is outside -${M}" to 100"`);
  };
  (s.terrain ?? []).forEach((t, i) =>
    t.pieces.forEach((p, j) => {
      const at = `terrain[${i}].pieces[${j}]`;
      if (p.shape === 'box' || p.shape === 'cylinder') {
        onTable(p.center, `${at}.center`);
        zOk(p.elevation, `${at}.elevation`);
      } else if (p.position) {
        onTable(p.position, `${at}.position`);
        zOk(p.position[2], `${at}.position[2]`);
      }
    }),
  );
  (s.objectives ?? []).forEach((o, i) => onTable(o.position, `objectives[${i}].position`));
  Object.entries(s.territories ?? {}).forEach(([k, poly]) => poly.forEach((p, j) => onTable(p, `territories.${k}[${j}]`)));
  (s.units ?? []).forEach((u, i) =>
    u.models.forEach((m, j) => {
      onTable(m.position, `units[${i}].models[${j}].position`);
      zOk(m.elevation, `units[${i}].models[${j}].elevation`);
    }),
  );
  queryPointProblems(s.queries ?? [], onTable);
  const ids = new Map<string, string>();
  const claim = (value: string, path: string) => {
    const prev = ids.get(value);
    if (prev) problems.push(`${path}: duplicate id "${value}" (first used at ${prev})`);
    else ids.set(value, path);
  };
  const kinds = new Map<string, IdKind>();
  (s.terrain ?? []).forEach((t, i) => {
    claim(t.id, `terrain[${i}].id`);
    kinds.set(t.id, 'terrain');
    t.pieces.forEach((p, j) => {
      if (p.shape === 'mesh' && 'vertices' in p) {
        p.triangles.forEach((tri, k) =>
          tri.forEach((v, c) => {
            if (v >= p.vertices.length) problems.push(`terrain[${i}].pieces[${j}].triangles[${k}][${c}]: vertex index ${v} is out of range (${p.vertices.length} vertices)`);
          }),
        );
      }
    });
  });
  (s.objectives ?? []).forEach((o, i) => {
    claim(o.id, `objectives[${i}].id`);
    kinds.set(o.id, 'objective');
  });
  (s.units ?? []).forEach((u, i) => {
    claim(u.id, `units[${i}].id`);
    kinds.set(u.id, 'unit');
    u.models.forEach((m, j) => {
      claim(m.id, `units[${i}].models[${j}].id`);
      kinds.set(m.id, 'model');
    });
  });
  problems.push(...queryRefProblems(s.queries ?? [], kinds, s.territories ?? {}));
  if (problems.length) return { ok: false, problems: dedupe(problems) };
  return { ok: true, scenario: s };
}

/** What a scenario's id names (see {@link parseQueries}). */
type IdKind = 'terrain' | 'objective' | 'unit' | 'model';

/** Result of {@link parseQueries}: the queries, or every problem found, each led by its JSON path (`queries[i]...`). */
export type ParseQueriesResult = { ok: true; queries: ScenarioQuery[] } | { ok: false; problems: string[] };

/** The ids of validated scenarios and what each names (a scenario object is not changed once validated). */
const idKindsOf = new WeakMap<Scenario, Map<string, IdKind>>();

function idKinds(s: Scenario): Map<string, IdKind> {
  let kinds = idKindsOf.get(s);
  if (kinds) return kinds;
  kinds = new Map();
  for (const t of s.terrain ?? []) kinds.set(t.id, 'terrain');
  for (const o of s.objectives ?? []) kinds.set(o.id, 'objective');
  for (const u of s.units ?? []) {
    kinds.set(u.id, 'unit');
    for (const m of u.models) kinds.set(m.id, 'model');
  }
  idKindsOf.set(s, kinds);
  return kinds;
}

/**
 * Validates queries (SCENARIO.md `queries`) against a scenario that {@link parseScenario} already
 * accepted, without validating the scenario again: the same checks and the same problems as
 * `parseScenario({...scenario, queries})` gives for them (the query schema, points within the
 * table's margin, ids known and of the right kind, no duplicate query id). Used by a game session
 * to answer many queries on one table (issue 28). Never throws for bad input.
 * @param scenario - a scenario returned by {@link parseScenario} (not changed since).
 * @param queries - the queries, as parsed JSON (an array).
 */
export function parseQueries(scenario: Scenario, queries: unknown): ParseQueriesResult {
  const r = ScenarioSchema.shape.queries.safeParse(queries);
  if (!r.success) {
    const problems: string[] = [];
    flatten(r.error.issues, ['queries'], problems);
    return { ok: false, problems: dedupe(problems) };
  }
  const qs = r.data ?? [];
  const problems: string[] = [];
  queryPointProblems(qs, onTableCheck(scenario, problems));
  problems.push(...queryRefProblems(qs, idKinds(scenario), scenario.territories ?? {}));
  return problems.length ? { ok: false, problems: dedupe(problems) } : { ok: true, queries: qs };
}

/** A check that a plan point is within the margin round the scenario's battlefield (SCENARIO_LIMITS), pushing a problem to `problems` when not. */
function onTableCheck(s: Pick<Scenario, 'battlefield'>, problems: string[]): (p: readonly number[], path: string) => void {
  const W = s.battlefield.width;
  const D = s.battlefield.depth;
  const M = TABLE_MARGIN_INCHES;
  return (p, path) => {
    if (p[0] < -M || p[0] > W + M || p[1] < -M || p[1] > D + M) problems.push(`${path}: [${p[0]}, ${p[1]}] is more than ${M}" outside the ${W}" x ${D}" battlefield`);
  };
}

/** Problems with the points of queries (within the table's margin, SCENARIO_LIMITS), reported through `onTable`. */
function queryPointProblems(queries: readonly ScenarioQuery[], onTable: (p: readonly number[], path: string) => void): void {
  queries.forEach((q, i) => {
    if (q.kind === 'movePath') q.path.forEach((p, j) => onTable(p, `queries[${i}].path[${j}]`));
    if (q.kind === 'shortestPath') onTable(q.to, `queries[${i}].to`);
  });
}

/**
 * Problems with the references of queries (unknown ids, ids of the wrong kind, duplicate query
 * ids, bad damage profiles), each led by its JSON path `queries[i]...`.
 * @param kinds - every id of the scenario and what it names.
 * @param territories - the scenario's territories (for `territory:<army>` objects).
 */
function queryRefProblems(queries: readonly ScenarioQuery[], kinds: ReadonlyMap<string, IdKind>, territories: Readonly<Record<string, unknown>>): string[] {
  const problems: string[] = [];
  const ref = (value: string, path: string, allowed: IdKind[], territory = false) => {
    if (territory && value.startsWith('territory:')) {
      const army = value.slice('territory:'.length);
      if (!(army in territories)) problems.push(`${path}: no territory for army "${army}" (known: ${Object.keys(territories).join(', ') || 'none'})`);
      return;
    }
    const k = kinds.get(value);
    if (!k) problems.push(`${path}: unknown id "${value}"`);
    else if (!allowed.includes(k)) problems.push(`${path}: "${value}" is a ${k}; expected ${allowed.join(' or ')}`);
  };
  const all: IdKind[] = ['terrain', 'objective', 'unit', 'model'];
  const qids = new Set<string>();
  queries.forEach((q, i) => {
    const p = `queries[${i}]`;
    if (qids.has(q.id)) problems.push(`${p}.id: duplicate query id "${q.id}"`);
    qids.add(q.id);
    switch (q.kind) {
      case 'distance':
        ref(q.from, `${p}.from`, all);
        ref(q.to, `${p}.to`, all);
        break;
      case 'visible':
        ref(q.observer, `${p}.observer`, ['model', 'unit']);
        ref(q.target, `${p}.target`, ['model', 'unit']);
        break;
      case 'inCombat':
        ref(q.a, `${p}.a`, ['unit']);
        ref(q.b, `${p}.b`, ['unit']);
        break;
      case 'coherent':
        ref(q.unit, `${p}.unit`, ['unit']);
        break;
      case 'within':
      case 'whollyWithin':
        ref(q.subject, `${p}.subject`, ['model', 'unit', 'objective']);
        ref(q.object, `${p}.object`, all, true);
        break;
      case 'contests':
        if ((q.unit === undefined) === (q.model === undefined)) problems.push(`${p}: give exactly one of "unit" or "model"`);
        if (q.unit !== undefined) ref(q.unit, `${p}.unit`, ['unit']);
        if (q.model !== undefined) ref(q.model, `${p}.model`, ['model']);
        ref(q.objective, `${p}.objective`, ['objective']);
        break;
      case 'movePath':
      case 'shortestPath':
        ref(q.model, `${p}.model`, ['model']);
        break;
      case 'damage': {
        const a = DamageAttackerSchema.safeParse(q.attacker);
        if (!a.success) flatten(a.error.issues, ['queries', i, 'attacker'], problems);
        const t = DamageTargetSchema.safeParse(q.target);
        if (!t.success) flatten(t.error.issues, ['queries', i, 'target'], problems);
        break;
      }
    }
  });
  return problems;
}

function dedupe(xs: string[]): string[] {
  return [...new Set(xs)];
}

/**
 * Parses scenario text: JSON syntax errors are reported as a problem at `(root)`, then
 * {@link parseScenario} runs.
 */
export function parseScenarioText(text: string): ParseResult {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return { ok: false, problems: [`(root): not valid JSON: ${(e as Error).message}`] };
  }
  return parseScenario(json);
}
