import { gzipSync } from 'node:zlib';
import webpack from 'webpack';

/** What one emitted script holds: its size as served (gzip) and, by package, where its bytes come from. */
export interface ChunkReport {
  file: string;
  /** Why a page runs it, in short: `entry`, `container`, `exposes ./Home`, `shared react-dom/client`, `import ./ContactMap`. */
  why: string[];
  /** Loaded with the entry (the page's start), rather than on demand. */
  initial: boolean;
  bytes: number;
  gzipBytes: number;
  /** gzip bytes by package, shared by source size (`<app>` is the app's own code). */
  packages: Record<string, number>;
}

export interface BundleReport {
  app: string;
  chunks: ChunkReport[];
}

/** Where a bundled app's browser build writes its report, beside its files. */
export const BUNDLE_REPORT_FILE = 'bundle-report.json';

/**
 * The package a module's file belongs to: `react-dom`, `@tanstack/query-core`, `@blog/shared`,
 * `@blog/markup` or the app's own code.
 */
export function packageOf(resource: string, app: string): string {
  const parts = resource.split(/[\\/]/);
  const last = parts.lastIndexOf('node_modules');
  if (last >= 0) {
    const [scope, name] = parts.slice(last + 1);
    return scope.startsWith('@') ? `${scope}/${name}` : scope;
  }
  const shared = parts.lastIndexOf('shared');
  if (shared >= 0 && ['src', 'webpack'].includes(parts[shared + 1])) return '@blog/shared';
  // The markup package, bundled from its build (linked into the workspace, not under node_modules).
  const markup = parts.lastIndexOf('markup');
  if (markup >= 0 && parts[markup + 1] === 'dist') return '@blog/markup';
  return `<${app}>`;
}

type SizedModule = { resource: string; size: number };

/** The files inside a module (a concatenated module holds many), with their source sizes. */
function sourceFiles(module: webpack.Module): SizedModule[] {
  const inner = (module as { modules?: webpack.Module[] }).modules;
  if (inner) return inner.flatMap(sourceFiles);
  const resource = module.nameForCondition() ?? module.identifier();
  // Webpack's and Module Federation's runtime modules have no file: they count under their kind.
  const named = module.type.startsWith('runtime') ? 'webpack/runtime' : resource;
  return [{ resource: named, size: module.size() }];
}

const EXPOSED = /^__federation_expose_(.+)$/;
const SHARED = /^(?:provide|consume) shared module \([^)]*\) (.+?)@/;

/** Why a chunk is loaded, from the entries, exposed modules, shared packages and imports that ask for it. */
function whyLoaded(compilation: webpack.Compilation, chunk: webpack.Chunk, app: string): string[] {
  const why = new Set<string>();
  if (chunk.name === 'main') why.add('entry');
  else if (chunk.name === app) why.add('container');
  for (const group of chunk.groupsIterable) {
    const exposed = group.name ? EXPOSED.exec(group.name) : null;
    if (exposed) why.add(`exposes ./${exposed[1]}`);
    for (const { module, request } of group.origins) {
      const shared = module ? SHARED.exec(module.readableIdentifier(compilation.requestShortener)) : null;
      if (shared) why.add(`shared ${shared[1]}`);
      else if (request && !exposed && group.name !== app) why.add(`import ${request}`);
    }
  }
  return [...why];
}

function chunkReport(compilation: webpack.Compilation, chunk: webpack.Chunk, file: string, app: string): ChunkReport {
  const source = compilation.getAsset(file)?.source.buffer() ?? Buffer.alloc(0);
  const gzipBytes = gzipSync(source, { level: 9 }).length;
  const bySource = new Map<string, number>();
  const modules = [
    ...compilation.chunkGraph.getChunkModulesIterable(chunk),
    ...compilation.chunkGraph.getChunkRuntimeModulesIterable(chunk),
  ];
  for (const { resource, size } of modules.flatMap(sourceFiles)) {
    const name = resource === 'webpack/runtime' ? resource : packageOf(resource, app);
    bySource.set(name, (bySource.get(name) ?? 0) + size);
  }
  const total = [...bySource.values()].reduce((sum, size) => sum + size, 0) || 1;
  const packages = Object.fromEntries(
    [...bySource].sort(([, a], [, b]) => b - a).map(([name, size]) => [name, Math.round((gzipBytes * size) / total)]),
  );
  return {
    file,
    why: whyLoaded(compilation, chunk, app),
    initial: chunk.canBeInitial(),
    bytes: source.length,
    gzipBytes,
    packages,
  };
}

/**
 * Writes `bundle-report.json` beside the app's browser build: each script, what it weighs as
 * served, and which packages make it up. The Lighthouse benchmark joins it with what each route
 * loaded, to say what a route runs and why.
 */
export class BundleReportPlugin {
  constructor(private readonly app: string) {}

  apply(compiler: webpack.Compiler) {
    compiler.hooks.thisCompilation.tap('BundleReportPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'BundleReportPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const chunks = [...compilation.chunks].flatMap((chunk) =>
            [...chunk.files]
              .filter((file) => file.endsWith('.js'))
              .map((file) => chunkReport(compilation, chunk, file, this.app)),
          );
          const report: BundleReport = { app: this.app, chunks: chunks.sort((a, b) => b.gzipBytes - a.gzipBytes) };
          compilation.emitAsset(BUNDLE_REPORT_FILE, new webpack.sources.RawSource(JSON.stringify(report, null, 1)));
        },
      );
    });
  }
}
