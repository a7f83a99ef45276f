// What the configuration reference (docs/reference/configuration*.md) says of each variable: its
// tables' rows, `| variable | default | meaning |`, a row naming one variable or several.

const NAME_IN_CELL = /`([A-Za-z_][A-Za-z0-9_]*\*?)`/g;

/**
 * Each variable a page's tables name in a row's first cell, with what the row's second cell says
 * of its default. A row of several names (`` `A` / `B` ``) with as many defaults (`` `1` / `2` ``)
 * gives each its own.
 */
export function rowsOf(page: string): Map<string, string> {
  const rows = new Map<string, string>();
  for (const line of page.split('\n')) {
    const [, first, second] = /^\|([^|]*)\|([^|]*)\|/.exec(line) ?? [];
    if (first === undefined) continue;
    const names = [...first.matchAll(NAME_IN_CELL)].map(([, name]) => name);
    const defaults = second.split(' / ');
    names.forEach((name, at) => rows.set(name, (defaults.length === names.length ? defaults[at] : second).trim()));
  }
  return rows;
}

/** The default a row states, when its cell starts with one in backquotes (`` `3000` ``, not "none"). */
export const statedDefault = (cell: string | undefined) => (cell ? /^`([^`]*)`/.exec(cell)?.[1] : undefined);
