/**
 * Rows per multi-row statement: a debate row binds ~20 parameters, well under SQLite's 32,766 and
 * PostgreSQL's 65,535 per statement.
 */
const BATCH_ROWS = 500;

export function chunks<T>(items: readonly T[], size = BATCH_ROWS): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}
