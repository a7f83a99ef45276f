import { gzipSync } from 'node:zlib';
import webpack from 'webpack';

/** What one emitted script holds: its size as served (gzip) and, by package, where its bytes come from. */
export interface ChunkReport {
  file: string;
  /** Why the page runs it: the entry, exposed module or lazy import that names the chunk. */
  reasons: string[];
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

/** The package a module's file belongs to: `react-dom`, `@tanstack/query-core`, `@blog/shared` or the app's own code. */
export function packageOf(resource: string, app: string): string {
  const parts = resource.split(/[\\/]/);
  const last = parts.lastIndexOf('node_modules');
  if (last >= 0) {
    const [scope, name] = parts.slice(last + 1);
    return scope.startsWith('@') ? `${scope}/${name}` : scope;
  }
  const shared = parts.lastIndexOf('shared');
  if (shared >= 0 && ['src', 'webpack'].includes(parts[shared + 1])) return '@blog/shared';
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
  const reasons = [...chunk.groupsIterable].flatMap((group) =>
    group.origins.map(({ request, module }) => request ?? module?.readableIdentifier(compilation.requestShortener)),
  );
  return {
    file,
    reasons: [...new Set([...(chunk.name ? [chunk.name] : []), ...reasons.filter((r): r is string => !!r)])],
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
