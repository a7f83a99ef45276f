import fs from 'node:fs';
import path from 'node:path';

// Which environment variables the project's own code reads, found in its source text. A pattern
// per way the code reads one; what none of them sees (a name held in a variable) is reported as an
// indirect read, for the test to list by hand.

const NAME = '[A-Za-z_][A-Za-z0-9_]*';

/** `process.env.NAME`, and `env.NAME` where `env` is a process environment (`options.ts`); not a write (`= …`), not a call (`env.int(`). */
const DOTTED = new RegExp(`\\benv\\.(${NAME})\\b(?!\\s*\\()(?!\\s*=(?!=))`, 'g');
/** `process.env['NAME']`, `env["NAME"]`. */
const QUOTED = new RegExp(`\\benv\\[\\s*(['"])(${NAME})\\1\\s*\\]`, 'g');
/** Strapi's config helpers: `env('NAME', …)`, `env.int('NAME', …)`, `env\n  .array('NAME', …)`. */
const STRAPI = new RegExp(
  `\\benv(?:\\s*\\.\\s*(?:int|float|bool|json|array|date|oneOf))?\\s*\\(\\s*(['"])(${NAME})\\1`,
  'g',
);
/** ``env[`BLOG_REMOTE_${…}`]``: a family of names, `BLOG_REMOTE_*`. */
const TEMPLATE = new RegExp(`\\benv\\[\\s*\`(${NAME})\\$\\{`, 'g');
/** `env[name]`: a name the patterns above cannot know. */
const INDIRECT = /\benv\[\s*[A-Za-z_$][\w$.]*\s*\]/g;

export interface Reads {
  /** Names read, and families (`BLOG_REMOTE_*`). */
  names: Set<string>;
  /** Reads of a variable whose name is held in a variable (`env[name]`), as written. */
  indirect: string[];
}

/** The environment variables one source text reads. */
export function readsOf(text: string): Reads {
  const names = new Set<string>();
  for (const match of text.matchAll(DOTTED)) names.add(match[1]);
  for (const match of text.matchAll(QUOTED)) names.add(match[2]);
  for (const match of text.matchAll(STRAPI)) names.add(match[2]);
  for (const match of text.matchAll(TEMPLATE)) names.add(`${match[1]}*`);
  return { names, indirect: [...text.matchAll(INDIRECT)].map(([read]) => read) };
}

/** The workspace's packages, as `pnpm-workspace.yaml` lists them (a folder, or `folder/*`). */
export function workspacePackages(root: string): string[] {
  const text = fs.readFileSync(path.join(root, 'pnpm-workspace.yaml'), 'utf8');
  const list = /^packages:\s*\n((?:[ \t]+-.*\n?)+)/m.exec(text)?.[1] ?? '';
  return [...list.matchAll(/^[ \t]+-\s*['"]?([^'"\s#]+)/gm)].flatMap(([, entry]) => {
    if (!entry.endsWith('/*')) return [entry];
    const parent = entry.slice(0, -2);
    return fs
      .readdirSync(path.join(root, parent), { withFileTypes: true })
      .filter((child) => child.isDirectory())
      .map((child) => `${parent}/${child.name}`);
  });
}

/** Folders that hold no source of the project's own: installs, builds, data, Playwright's output, and the tests. */
const SKIPPED_DIRS = new Set([
  'node_modules',
  'dist',
  'build',
  'coverage',
  'public',
  'test-results',
  'playwright-report',
  'blob-report',
  'test',
  'tests',
  '__tests__',
]);
const SOURCE = /\.(ts|tsx|js|mjs|cjs)$/;
const TEST_FILE = /\.(test|spec)\.[a-z]+$/;

/** Every source file under `dir`, relative to `root`, but tests and what is skipped. */
export function sourceFiles(root: string, dir: string): string[] {
  const absolute = path.join(root, dir);
  if (!fs.existsSync(absolute)) return [];
  return fs.readdirSync(absolute, { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name.startsWith('.') || SKIPPED_DIRS.has(entry.name) ? [] : sourceFiles(root, relative);
    return SOURCE.test(entry.name) && !TEST_FILE.test(entry.name) ? [relative] : [];
  });
}
