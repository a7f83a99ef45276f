import type { Knex } from 'knex';

/**
 * The rows a query answers, typed as its `select` (or `returning`) names them: Knex types a
 * built query's rows loosely, so the one who writes the select says what they are.
 */
export async function rowsOf<Row>(query: Knex.QueryBuilder | Knex.Raw): Promise<Row[]> {
  const rows: unknown = await query;
  return rows as Row[];
}
