/** The id-bearing parts of a scenario (SCENARIO.md), as loose as both the file and the editor need. */
export interface IdBearing {
  terrain?: { id: string }[];
  objectives?: { id: string }[];
  units?: { id: string; models: { id: string }[] }[];
  queries?: { id: string }[];
}

/**
 * Every id of a scenario's shared namespace: terrain features, objectives, units and models (the
 * ids a new piece or model must not reuse), plus the queries' ids with `withQueries`.
 */
export function scenarioIds(s: IdBearing, withQueries = false): Set<string> {
  const ids = new Set<string>();
  for (const t of s.terrain ?? []) ids.add(t.id);
  for (const o of s.objectives ?? []) ids.add(o.id);
  for (const u of s.units ?? []) {
    ids.add(u.id);
    for (const m of u.models) ids.add(m.id);
  }
  if (withQueries) for (const q of s.queries ?? []) ids.add(q.id);
  return ids;
}
