import type { z } from 'zod';
import { DamageAttackerSchema, DamageTargetSchema } from '../rules/damage';
import { ScenarioSchema, TABLE_MARGIN_INCHES, type Scenario } from './schema';

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
  const W = s.battlefield.width;
  const D = s.battlefield.depth;
  const M = TABLE_MARGIN_INCHES;
  const onTable = (p: readonly number[], path: string) => {
    if (p[0] < -M || p[0] > W + M || p[1] < -M || p[1] > D + M) problems.push(`${path}: [${p[0]}, ${p[1]}] is more than ${M}" outside the ${W}" x ${D}" battlefield`);
  };
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
  (s.queries ?? []).forEach((q, i) => {
    if (q.kind === 'movePath') q.path.forEach((p, j) => onTable(p, `queries[${i}].path[${j}]`));
    if (q.kind === 'shortestPath') onTable(q.to, `queries[${i}].to`);
  });
  const ids = new Map<string, string>();
  const claim = (value: string, path: string) => {
    const prev = ids.get(value);
    if (prev) problems.push(`${path}: duplicate id "${value}" (first used at ${prev})`);
    else ids.set(value, path);
  };
  const kinds = new Map<string, 'terrain' | 'objective' | 'unit' | 'model'>();
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
  const territories = s.territories ?? {};
  const ref = (value: string, path: string, allowed: ('terrain' | 'objective' | 'unit' | 'model')[], territory = false) => {
    if (territory && value.startsWith('territory:')) {
      const army = value.slice('territory:'.length);
      if (!(army in territories)) problems.push(`${path}: no territory for army "${army}" (known: ${Object.keys(territories).join(', ') || 'none'})`);
      return;
    }
    const k = kinds.get(value);
    if (!k) problems.push(`${path}: unknown id "${value}"`);
    else if (!allowed.includes(k)) problems.push(`${path}: "${value}" is a ${k}; expected ${allowed.join(' or ')}`);
  };
  const all: ('terrain' | 'objective' | 'unit' | 'model')[] = ['terrain', 'objective', 'unit', 'model'];
  const qids = new Set<string>();
  (s.queries ?? []).forEach((q, i) => {
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
  if (problems.length) return { ok: false, problems: dedupe(problems) };
  return { ok: true, scenario: s };
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
