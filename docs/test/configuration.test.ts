import fs from 'node:fs';
import path from 'node:path';
import { readsOf, sourceFiles, workspacePackages } from './environment';

// Every environment variable the project's code reads has a row in the configuration reference
// (docs/reference/configuration*.md): a setting nobody can find is a setting nobody can use, and a
// new one is easy to add without a word. The code scanned is every workspace package
// (pnpm-workspace.yaml) and scripts/, but tests, installs and builds.

const ROOT = path.resolve(__dirname, '..', '..');
const REFERENCE = path.join(ROOT, 'docs', 'reference');

/**
 * Read by the code, and deliberately not in the reference: each is another program's, which sets
 * it or reads it for itself; none is a setting of this project's. (What only a library reads,
 * Strapi's own variables, OpenTelemetry's other `OTEL_*`, `PATH`, is never found: only this
 * project's code is scanned.)
 */
const NOT_SETTINGS: Record<string, string> = {
  INIT_CWD: "set by npm and pnpm for a script they run: the folder it was run from (the backup command's paths)",
};

/**
 * Reads of a variable whose name the code holds in a variable: the names each file can read.
 * The file must still spell each one out (its table of names), and each is in the reference.
 */
const INDIRECT_READS: Record<string, string[]> = {
  // `secret(name)`: the CMS's secrets, with their development values.
  'cms/src/secrets.ts': [
    'APP_KEYS',
    'API_TOKEN_SALT',
    'ADMIN_JWT_SECRET',
    'TRANSFER_TOKEN_SALT',
    'JWT_SECRET',
    'ENCRYPTION_KEY',
  ],
  // `positive(env, name, …)` and `port(env, name)`: the render server's numbers and ports.
  'render-server/src/options.ts': [
    'PORT',
    'BLOG_SECTIONS_CHECK_SECONDS',
    'BLOG_SECTION_TIMEOUT_SECONDS',
    'BLOG_READ_TIMEOUT_SECONDS',
    'BLOG_RENDER_TIMEOUT_SECONDS',
    'BLOG_CACHE_MAX_MB',
    'BLOG_CACHE_TTL_SECONDS',
    'BLOG_CACHE_LONG_TAIL_MB',
    'BLOG_RENDERS_PER_CLIENT',
    'BLOG_TILE_READS_PER_CLIENT',
    'BLOG_MAX_CONNECTIONS',
    'BLOG_STATUS_PORT',
    'BLOG_METRICS_PORT',
    'BLOG_PREVIEW_MAX_BUILDS',
  ],
  // `CONFIG_FROM_ENV`: what a build writes into `config.js`.
  'webpack-config/src/index.ts': [
    'BLOG_CMS_URL',
    'BLOG_MEDIA_URL',
    'BLOG_GEOCODER_URL',
    'BLOG_TILE_URL',
    'BLOG_COUNTRIES_URL',
  ],
};

/** Each name read, with the files that read it. */
function readsOfProject() {
  const files = [...workspacePackages(ROOT), 'scripts'].flatMap((dir) => sourceFiles(ROOT, dir));
  const readers = new Map<string, string[]>();
  const indirect = new Map<string, string[]>();
  for (const file of files) {
    const reads = readsOf(fs.readFileSync(path.join(ROOT, file), 'utf8'));
    const names = [...reads.names, ...(reads.indirect.length > 0 ? (INDIRECT_READS[file] ?? []) : [])];
    for (const name of names) readers.set(name, [...(readers.get(name) ?? []), file]);
    if (reads.indirect.length > 0) indirect.set(file, reads.indirect);
  }
  return { files, readers, indirect };
}

/** The names the reference documents: those in backquotes in the first cell of a table's row. */
function documentedNames(): Set<string> {
  const names = new Set<string>();
  for (const file of fs.readdirSync(REFERENCE).filter((name) => /^configuration.*\.md$/.test(name))) {
    for (const line of fs.readFileSync(path.join(REFERENCE, file), 'utf8').split('\n')) {
      const firstCell = /^\|([^|]*)\|/.exec(line)?.[1] ?? '';
      for (const [, name] of firstCell.matchAll(/`([A-Za-z_][A-Za-z0-9_]*\*?)`/g)) names.add(name);
    }
  }
  return names;
}

const project = readsOfProject();

describe('the scanner', () => {
  it('finds every way the code reads a variable', () => {
    const text = [
      'const a = process.env.PORT_OFFSET ?? 0;',
      "const b = process.env['BLOG_QUOTED'];",
      'const c = env.BLOG_HOST || undefined;',
      "host: env('HOST', '0.0.0.0'), port: env.int('PORT', 1337),",
      "urls: env\n    .array('RENDER_SERVER_URLS', [])",
      "ssl: env.bool('DATABASE_SSL', false), ca: env('DATABASE_SSL_CA', undefined)",
      'env[`BLOG_REMOTE_${name.toUpperCase()}`]',
      "if (!env.npm_config_nodedir) env.npm_config_nodedir = '/usr';",
      "process.env.WRITTEN_ONLY = 'x';",
      'const same = process.env.COMPARED == 1;',
    ].join('\n');
    expect([...readsOf(text).names].sort()).toEqual(
      [
        'BLOG_HOST',
        'BLOG_QUOTED',
        'BLOG_REMOTE_*',
        'COMPARED',
        'DATABASE_SSL',
        'DATABASE_SSL_CA',
        'HOST',
        'PORT',
        'PORT_OFFSET',
        'RENDER_SERVER_URLS',
        'npm_config_nodedir',
      ].sort(),
    );
    expect(readsOf('const value = env[name] || DEFAULTS[name];').indirect).toEqual(['env[name]']);
  });

  it("reads every workspace package's source and scripts/, but tests", () => {
    expect(workspacePackages(ROOT)).toEqual(expect.arrayContaining(['cms', 'shared', 'shell', 'e2e', 'docs']));
    expect(project.files).toEqual(
      expect.arrayContaining([
        'cms/config/database.ts',
        'render-server/src/options.ts',
        'webpack-config/src/index.ts',
        'server-kit/src/client-address.ts',
        'e2e/support/site.ts',
        'scripts/start-site.mjs',
      ]),
    );
    expect(project.files.filter((file) => /\.(test|spec)\.|\/(test|node_modules|dist)\//.test(file))).toEqual([]);
  });
});

describe('the configuration reference', () => {
  it('has a row for every environment variable the code reads', () => {
    const documented = documentedNames();
    const missing = [...project.readers]
      .filter(([name]) => !documented.has(name) && !(name in NOT_SETTINGS))
      .map(([name, files]) => `${name} (read in ${files.join(', ')})`)
      .sort();
    expect(missing).toEqual([]);
  });

  it('knows which names each read by a name held in a variable can be', () => {
    for (const [file, reads] of project.indirect) {
      expect({ file, reads, listed: file in INDIRECT_READS }).toEqual({ file, reads, listed: true });
    }
    for (const [file, names] of Object.entries(INDIRECT_READS)) {
      const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
      expect(names.filter((name) => !text.includes(`${name}:`) && !text.includes(`'${name}'`))).toEqual([]);
    }
  });

  it('leaves out only what is still read', () => {
    expect(Object.keys(NOT_SETTINGS).filter((name) => !project.readers.has(name))).toEqual([]);
  });
});
