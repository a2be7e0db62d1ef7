import { sql, type SQL } from 'drizzle-orm';

// The formula starts of csvCell (platform/csv.ts): = + - @, their full-width forms, tab, CR.
const CSV_SPECIAL = sql.raw(`'^[-=+@\uFF1D\uFF0B\uFF0D\uFF20\t\r]|[",\r\n]'`);
const FORMULA_STARTS = sql.raw(`('=', '+', '-', '@', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20', E'\\t', E'\\r')`);

/**
 * A text expression as one CSV cell, csvCell's rule (platform/csv.ts) in SQL: NULL -> empty, a leading = + - @ (or
 * a full-width form of one), tab or CR gets a quote, then RFC 4180 quoting when the value holds a quote, comma or line break.
 * Column references only (they are repeated).
 */
export function csvCellSql(expression: SQL): SQL {
  const neutralised = sql`case when left(${expression}, 1) in ${FORMULA_STARTS} then '''' || ${expression} else ${expression} end`;
  const needsQuotes = sql`(strpos(${expression}, '"') > 0 or strpos(${expression}, ',') > 0 or strpos(${expression}, E'\n') > 0 or strpos(${expression}, E'\r') > 0)`;
  // One pattern test for the common cell that needs nothing; the rare one takes the long way.
  return sql`case when ${expression} is null then '' when ${expression} !~ ${CSV_SPECIAL} then ${expression}
    when ${needsQuotes} then '"' || replace(${neutralised}, '"', '""') || '"' else ${neutralised} end`;
}

/**
 * A text expression neutralised as csvCell does (a leading = + - @, their full-width forms, tab or
 * CR gets a quote), quoting left to the writer: for PostgreSQL's own CSV writer (COPY ... CSV),
 * which quotes exactly the values holding a quote, comma or line break, as csvCell does. Empty text
 * becomes NULL, which that writer leaves empty as csvCell does ('' it would write as "").
 */
export function csvNeutralisedSql(expression: SQL): SQL {
  return sql`nullif(case when left(${expression}, 1) in ${FORMULA_STARTS} then '''' || ${expression} else ${expression} end, '')`;
}
