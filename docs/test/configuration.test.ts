import fs from 'node:fs';
import path from 'node:path';
import { cmsSettingsSchema } from '@blog/cms/settings';
import { releaseSettings } from '@blog/release/settings';
import { renderServerSettings } from '@blog/render-server/settings';
import { readsOf, sourceFiles, workspacePackages } from './environment';
import { rowsOf, statedDefault } from './reference';

// Every environment variable the project's code reads has a row in the configuration reference
// (docs/reference/configuration*.md): a setting nobody can find is a setting nobody can use, and a
// new one is easy to add without a word. The code scanned is every workspace package
// (pnpm-workspace.yaml) and scripts/, but tests, installs and builds. A server's settings are read
// through its schema: each of its variables has a row in that server's own page, with the default
// the schema gives it.

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
  PATH: "the system's, handed on to a command the tests run with an environment of their own (a CI on a bucket)",
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
  // `CONFIG_FROM_ENV`: what a build writes into `config.js`.
  'webpack-config/src/index.ts': [
    'BLOG_CMS_URL',
    'BLOG_MEDIA_URL',
    'BLOG_GEOCODER_URL',
    'BLOG_TILE_URL',
    'BLOG_COUNTRIES_URL',
  ],
};

/** Reads of a variable a schema names: the value `settingsOf` quotes when the schema refuses it. */
const SCHEMA_READERS = ['server-kit/src/settings.ts'];

/** Each server's schema of its settings (and the release command's), the file that declares it, and the page of the reference that documents them. */
const SCHEMAS = [
  { file: 'cms/src/settings.ts', page: 'configuration-cms.md', schema: cmsSettingsSchema },
  { file: 'render-server/src/settings.ts', page: 'configuration-render-server.md', schema: renderServerSettings },
  { file: 'release/src/settings.ts', page: 'configuration-scripts.md', schema: releaseSettings },
];

/** Each name read, with the files that read it. */
function readsOfProject() {
  const files = [...workspacePackages(ROOT), 'scripts'].flatMap((dir) => sourceFiles(ROOT, dir));
  const readers = new Map<string, string[]>();
  const indirect = new Map<string, string[]>();
  const read = (name: string, file: string) => readers.set(name, [...(readers.get(name) ?? []), file]);
  for (const file of files) {
    const reads = readsOf(fs.readFileSync(path.join(ROOT, file), 'utf8'));
    const names = [...reads.names, ...(reads.indirect.length > 0 ? (INDIRECT_READS[file] ?? []) : [])];
    for (const name of names) read(name, file);
    if (reads.indirect.length > 0) indirect.set(file, reads.indirect);
  }
  // A schema's variables are read by their names as keys, which the patterns do not see.
  for (const { file, schema } of SCHEMAS) for (const name of Object.keys(schema.shape)) read(name, file);
  return { files, readers, indirect };
}

/** A schema's default as a variable would be set to it, when it is one value. */
const defaultText = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined;

const pageRows = (page: string) => rowsOf(fs.readFileSync(path.join(REFERENCE, page), 'utf8'));

/** The names the reference documents: those in backquotes in the first cell of a table's row. */
function documentedNames(): Set<string> {
  const pages = fs.readdirSync(REFERENCE).filter((name) => /^configuration.*\.md$/.test(name));
  return new Set(pages.flatMap((page) => [...pageRows(page).keys()]));
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
      const listed = file in INDIRECT_READS || SCHEMA_READERS.includes(file);
      expect({ file, reads, listed }).toEqual({ file, reads, listed: true });
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

describe("the reference's rows", () => {
  it("give each variable of a row its own default, or the row's", () => {
    const page = [
      '| variable | default | meaning |',
      '| --- | --- | --- |',
      '| `HOST` / `PORT` | `0.0.0.0` / `1337` | where it listens |',
      '| `S3_ROOT_PATH` / `S3_ACL` | none | the folder; the ACL |',
      '| `BLOG_MAIL_DIR` | `outbox` beside the database | where emails are written |',
    ].join('\n');
    const rows = rowsOf(page);
    expect(Object.fromEntries([...rows].map(([name, cell]) => [name, statedDefault(cell)]))).toEqual({
      HOST: '0.0.0.0',
      PORT: '1337',
      S3_ROOT_PATH: undefined,
      S3_ACL: undefined,
      BLOG_MAIL_DIR: 'outbox',
    });
  });
});

describe("the servers' schemas of their settings", () => {
  it.each(SCHEMAS)('$file: every variable has a row in $page', ({ page, schema }) => {
    const rows = pageRows(page);
    const missing = Object.entries<{ description?: string }>(schema.shape)
      .filter(([name]) => !rows.has(name))
      .map(([name, field]) => `${name}: ${field.description}`);
    expect(missing).toEqual([]);
  });

  it.each(SCHEMAS)('$file: every default is the one its row in $page states', ({ page, schema }) => {
    const rows = pageRows(page);
    // A list is no default a row states in one value, and an empty text none.
    const differing = Object.entries(schema.parse({}))
      .map(([name, value]) => ({ name, schema: defaultText(value), page: statedDefault(rows.get(name)) }))
      .filter((defaults) => defaults.schema && defaults.schema !== defaults.page);
    expect(differing).toEqual([]);
  });
});
