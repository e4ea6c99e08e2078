import { CompiledQuery, type Compilable, type Kysely } from 'kysely';
import type { DB } from './schema';

/** What a named parameter stands as while the query is built: a string no caller's value starts with. */
const MARK = '\u0000param:';

type TSlot = { name: string } | { value: unknown };

/**
 * A query of the hot path (the door, the dashboard's reads), built and compiled once per database handle and then
 * run with new parameter values: building and compiling a Kysely query costs more CPU than SQLite takes to run
 * it (docs/performance.md, change 9). `build` writes the query with `param(name)` where a value goes; its SQL text
 * and the order of its parameters are kept (they differ between the engines, hence per handle), and each run fills
 * the named slots from `params`. Values written as literals in `build` stay as they were compiled.
 *
 * Only for queries whose shape does not depend on the values (no `in (…)` lists of varying length, no optional
 * clauses): anything else is built per call, as usual.
 */
export function compiledOnce<TParams extends string, TRow>(
  build: (db: Kysely<DB>, param: <T = string>(name: TParams) => T) => Compilable<TRow>,
) {
  const byHandle = new WeakMap<Kysely<DB>, { sql: string; slots: TSlot[] }>();
  return async function run(db: Kysely<DB>, params: Record<TParams, unknown>): Promise<TRow[]> {
    let compiled = byHandle.get(db);
    if (!compiled) {
      const query = build(db, (name) => `${MARK}${name}` as never).compile();
      const slots = query.parameters.map((value): TSlot =>
        typeof value === 'string' && value.startsWith(MARK) ? { name: value.slice(MARK.length) } : { value },
      );
      for (const name of Object.keys(params)) {
        if (!slots.some((slot) => 'name' in slot && slot.name === name)) {
          throw new Error(`compiledOnce: parameter "${name}" is not in the query's parameters`);
        }
      }
      compiled = { sql: query.sql, slots };
      byHandle.set(db, compiled);
    }
    const parameters = compiled.slots.map((slot) => ('name' in slot ? params[slot.name as TParams] : slot.value));
    const { rows } = await db.executeQuery<TRow>(CompiledQuery.raw(compiled.sql, parameters));
    return rows;
  };
}
