import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import CompressionPlugin from 'compression-webpack-plugin';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import webpack, { type Configuration } from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';
import { USER_INFO_KEY } from '@blog/shared/theme';
import apps from './apps.json';
import { BundleReportPlugin } from './bundle-report';

export type ContainerName = keyof typeof apps;
export { apps };

export interface FederatedAppOptions {
  /** The Module Federation container name (a JS identifier) and key in `apps.json`. */
  name: ContainerName;
  /** The app's folder: its `src/index.ts`, `package.json` and `dist/` live here. */
  dirname: string;
  /** The title of the app's own page (the standalone page, or the shell's). */
  title: string;
  /** Modules the shell (or another section) loads from this app at run time. */
  exposes?: Record<string, string>;
  /** Modules only the render server loads from this app, from its server build: the shell's server entry. */
  serverExposes?: Record<string, string>;
  /** Sections this app loads at run time; listed in its `remotes.json`. */
  remotes?: ContainerName[];
}

/** Where an app's server build goes, inside its deployable folder: `<dist>/server/remoteEntry.js` for a section or the shell. */
export const SERVER_DIR = 'server';

/** The files a build writes compressed beside themselves: its hashed scripts and stylesheets, and its remote entry. */
const PRECOMPRESSED = /(\.[0-9a-f]{8}\.(js|css)|^remoteEntry\.js)$/;

/** The script a section's own page runs before its entry: the Module Federation runtime core (`runtime-core.ts`). */
export const RUNTIME_CORE_FILE = 'federation-runtime-core.js';

const runtimeCoreProvider = path.join(__dirname, 'runtime-core.ts');
const pageAssets = path.join(__dirname, 'page-assets.ts');

/**
 * The run-time configuration (`window.__BLOG_CONFIG__`) a build bakes into `config.js` from its
 * environment. scripts/builds.cjs rebuilds when one of these, or a BLOG_REMOTE_*, changes (`BUILD_SETTING`).
 */
const CONFIG_FROM_ENV = {
  cmsUrl: 'BLOG_CMS_URL',
  mediaUrl: 'BLOG_MEDIA_URL',
  geocoderUrl: 'BLOG_GEOCODER_URL',
  tileUrl: 'BLOG_TILE_URL',
  countriesUrl: 'BLOG_COUNTRIES_URL',
} as const;

export function runtimeConfig(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  return Object.fromEntries(
    Object.entries(CONFIG_FROM_ENV).flatMap(([key, variable]) => (env[variable] ? [[key, env[variable]]] : [])),
  );
}

/** Where each remote's manifest is: `BLOG_REMOTE_MF_ARTICLES=…` or the remote's default local port. */
export function remoteManifests(
  remotes: ContainerName[],
  env: NodeJS.ProcessEnv = process.env,
): Record<string, string> {
  return Object.fromEntries(
    remotes.map((name) => [
      name,
      env[`BLOG_REMOTE_${name.toUpperCase()}`] ?? `http://localhost:${apps[name].port}/mf-manifest.json`,
    ]),
  );
}

/**
 * Files emitted as they are: those a deployer may edit after the build to re-point the app (no
 * rebuild), and the app's `public/` folder (its logo, served at a fixed address).
 */
class RuntimeFilesPlugin {
  constructor(private readonly files: Record<string, string | Buffer>) {}

  apply(compiler: webpack.Compiler) {
    compiler.hooks.thisCompilation.tap('RuntimeFilesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'RuntimeFilesPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          for (const [name, content] of Object.entries(this.files)) {
            // Marked minimized so they stay readable for whoever edits them.
            compilation.emitAsset(name, new webpack.sources.RawSource(content), { minimized: true });
          }
        },
      );
    });
  }
}

/** The files of the app's `public/` folder, by their name, when it has one. */
function publicFiles(dirname: string): Record<string, Buffer> {
  const folder = path.join(dirname, 'public');
  if (!fs.existsSync(folder)) return {};
  return Object.fromEntries(fs.readdirSync(folder).map((name) => [name, fs.readFileSync(path.join(folder, name))]));
}

/** The React Router package an app is built with. */
const reactRouterDir = (dirname: string) =>
  path.dirname(require.resolve('react-router/package.json', { paths: [dirname] }));

/**
 * React Router's exports point at its development build under every condition a bundler sets
 * (it leaves the choice to its own Vite plugin): production builds take its production build.
 */
const resolveOptions = (dirname: string, production: boolean): Configuration['resolve'] => ({
  extensions: ['.tsx', '.ts', '.js'],
  alias: production
    ? { 'react-router$': path.join(reactRouterDir(dirname), 'dist', 'production', 'index.mjs') }
    : undefined,
});

/** One React singleton per page, whichever app loads first provides it (ARCHITECTURE.md). */
function sharedSingletons(dirname: string) {
  const { dependencies } = JSON.parse(fs.readFileSync(path.join(dirname, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const singleton = (pkg: string) => ({ singleton: true, requiredVersion: dependencies[pkg] });
  /**
   * The part of `pkg` the site uses (`shared/src/<name>.ts`), shared as `@blog/shared/<name>` in
   * place of the package: Module Federation shares a module whole, so sharing the part ships only
   * what is used. Matched by file, so shared/src's relative imports of it are the shared one too;
   * versioned as the package it exports (apps pin exact versions).
   */
  const surface = (name: string, pkg: string): [string, Record<string, string | boolean>] => [
    require.resolve(`@blog/shared/${name}`, { paths: [dirname] }),
    { ...singleton(pkg), shareKey: `@blog/shared/${name}`, version: dependencies[pkg] },
  ];
  return {
    react: singleton('react'),
    'react/': singleton('react'),
    'react-dom': singleton('react-dom'),
    'react-dom/': singleton('react-dom'),
    ...Object.fromEntries([
      surface('router', 'react-router'),
      // One cache of the page's reads, which the server filled and every section reads from.
      surface('query', '@tanstack/react-query'),
    ]),
  };
}

/**
 * Every stylesheet of the app's own page, its lazily loaded parts included: linked from the HTML,
 * so that a page rendered on the server is styled before any script runs.
 */
function pageStylesheets(compilation: webpack.Compilation, publicPath: string): string[] {
  const chunks = new Set<webpack.Chunk>();
  for (const chunk of compilation.entrypoints.get('main')?.chunks ?? []) {
    chunks.add(chunk);
    for (const lazy of chunk.getAllAsyncChunks()) chunks.add(lazy);
  }
  return [...chunks]
    .flatMap((chunk) => [...chunk.files].filter((file) => file.endsWith('.css')))
    .map((file) => publicPath + file);
}

/**
 * The scripts the app's page starts with after its entry: its bootstrap and the shared packages
 * it provides. Preloaded from the HTML, they arrive beside the entry instead of one after another;
 * at low priority, as a deferred script is, so they do not go ahead of the page's largest image.
 */
function startupScripts(compilation: webpack.Compilation, publicPath: string): string[] {
  const main = compilation.entrypoints.get('main');
  // A provided package's chunk is loaded for the module that provides it.
  const startsWith = (chunk: webpack.Chunk) =>
    [...chunk.groupsIterable].some((group) =>
      group.origins.some(({ request, module }) => request === './bootstrap' || module?.type === 'provide-module'),
    );
  return [...(main?.chunks ?? [])]
    .flatMap((chunk) => [...chunk.getAllAsyncChunks()])
    .filter(startsWith)
    .flatMap((chunk) => [...chunk.files].filter((file) => file.endsWith('.js')))
    .map((file) => publicPath + file);
}

/** Class names of a CSS Module, the same in the browser's and the server's build of one app. */
const cssModules = (exportOnlyLocals: boolean) => ({
  loader: require.resolve('css-loader'),
  options: { modules: { auto: true, namedExport: false, localIdentName: '[local]_[hash:base64:5]', exportOnlyLocals } },
});

function typescriptRule(dirname: string) {
  return {
    test: /\.tsx?$/,
    exclude: /node_modules/,
    loader: require.resolve('ts-loader'),
    // Types are checked by `tsc` (the typecheck script), not on every bundle.
    options: { transpileOnly: true, configFile: path.join(dirname, 'tsconfig.json') },
  };
}

/**
 * A build for the render server (Node): a section's or the shell's container at
 * `dist/server/remoteEntry.js`, loaded at run time (a section's over HTTP from where `remotes.json`
 * points, the shell's from the build the render server serves), or the render server itself at
 * `dist/index.js`, the host that loads them. Stylesheets give their class names only; the
 * browser's build has the rules.
 */
function serverBuild(
  options: { name: string; dirname: string; exposes?: Record<string, string>; serverEntry?: string },
  production: boolean,
): Configuration {
  const { name, dirname, exposes, serverEntry } = options;
  return {
    name: 'server',
    context: dirname,
    mode: production ? 'production' : 'development',
    target: 'async-node',
    // Node's own: the render server finds its own file, and the checkout's shell, from there.
    node: { __dirname: false, __filename: false },
    entry: serverEntry ? { index: serverEntry } : {},
    devtool: 'source-map',
    output: {
      path: serverEntry ? path.join(dirname, 'dist') : path.join(dirname, 'dist', SERVER_DIR),
      // None: the render server finds a section's chunks beside the remote entry it loaded.
      publicPath: '',
      filename: '[name].js',
      chunkFilename: '[id].[contenthash:8].js',
      uniqueName: `${name}_server`,
      clean: true,
    },
    resolve: resolveOptions(dirname, production),
    module: {
      // Node's own `createRequire`: the render server runs the shell's container from its folder with a `require` of its own.
      parser: { javascript: { createRequire: false } },
      rules: [
        typescriptRule(dirname),
        { test: /\.css$/, use: [cssModules(true)] },
        { test: /\.(png|jpe?g|gif|svg|webp)$/, type: 'asset/resource', generator: { emit: false } },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name,
        ...(exposes ? { filename: 'remoteEntry.js', exposes, library: { type: 'commonjs-module', name } } : {}),
        remoteType: 'script',
        // Loads other containers' code and chunks over HTTP in Node.
        runtimePlugins: [require.resolve('@module-federation/node/runtimePlugin')],
        shared: sharedSingletons(dirname),
        shareStrategy: 'loaded-first',
        manifest: false,
        dts: false,
      }),
      new webpack.DefinePlugin({ 'process.env.BLOG_SERVER_BUILD': JSON.stringify(true) }),
    ],
    optimization: { runtimeChunk: false, minimize: false },
    performance: { hints: false },
  };
}

/**
 * An app's builds: for the browser (`dist/`), and in production for the render server too
 * (`dist/server/`). Development serves the browser's build only, rendered in the browser.
 */
export function federatedApp(options: FederatedAppOptions) {
  return (_env: unknown, argv: { mode?: Configuration['mode'] }): Configuration[] => {
    const production = argv.mode !== 'development';
    const browser = browserBuild(options, production);
    const serverExposes = options.serverExposes ?? options.exposes;
    const server = serverExposes ? [serverBuild({ ...options, exposes: serverExposes }, production)] : [];
    const runtimeCore = options.exposes ? [runtimeCoreBuild(options)] : [];
    return production ? [browser, ...server, ...runtimeCore] : [browser];
  };
}

/** The render server's container name: not the shell's (`shell`), whose server build it loads beside the sections'. */
export const RENDER_SERVER_CONTAINER = 'render_server';

/**
 * The render server's build: the host, whose `entry` loads the shell's and the sections' server
 * builds at run time and renders every page with them; they share React and the site's modules
 * with it as they share them with the shell in the browser.
 */
export function renderServer({ dirname, entry }: { dirname: string; entry: string }) {
  return (): Configuration => serverBuild({ name: RENDER_SERVER_CONTAINER, dirname, serverEntry: entry }, true);
}

/**
 * The Module Federation runtime core for a section's own page (`RUNTIME_CORE_FILE`), which the
 * section's production build leaves out: on the site's pages the shell provides it.
 */
function runtimeCoreBuild({ name, dirname }: FederatedAppOptions): Configuration {
  return {
    name: 'runtime-core',
    context: dirname,
    mode: 'production',
    entry: runtimeCoreProvider,
    devtool: 'source-map',
    output: { path: path.join(dirname, 'dist'), filename: RUNTIME_CORE_FILE, uniqueName: `${name}_runtime_core` },
    resolve: { extensions: ['.ts', '.js'] },
    module: { rules: [typescriptRule(dirname)] },
    performance: { hints: false },
  };
}

function browserBuild(
  options: FederatedAppOptions,
  production: boolean,
): Configuration & { devServer: DevServerConfiguration } {
  const { name, dirname, title, exposes, remotes = [] } = options;
  const { port } = apps[name];
  const hashed = production ? '[name].[contenthash:8].js' : '[name].js';
  return {
    name: 'browser',
    context: dirname,
    mode: production ? 'production' : 'development',
    entry: path.join(dirname, 'src', 'index.ts'),
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    output: {
      path: path.join(dirname, 'dist'),
      // Sections load their chunks from wherever their remote entry was served.
      publicPath: 'auto',
      filename: hashed,
      chunkFilename: hashed,
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      uniqueName: name,
      // The server's build and the runtime core's script are written beside it by their own compilers.
      clean: { keep: (asset: string) => asset.startsWith(`${SERVER_DIR}/`) || asset.startsWith(RUNTIME_CORE_FILE) },
    },
    resolve: resolveOptions(dirname, production),
    module: {
      rules: [
        typescriptRule(dirname),
        {
          test: /\.css$/,
          // Stylesheets are files in production, linked in the server's HTML before the page paints.
          use: [production ? MiniCssExtractPlugin.loader : require.resolve('style-loader'), cssModules(false)],
        },
        { test: /\.(png|jpe?g|gif|svg|webp)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name,
        filename: 'remoteEntry.js',
        exposes,
        shared: sharedSingletons(dirname),
        // One dead section must not keep the others from starting.
        shareStrategy: 'loaded-first',
        manifest: true,
        dts: false,
        // In production a page runs one copy of Module Federation's runtime core, the shell's (`runtime-core.ts`);
        // the shell fetches no section's file again that its page already has (`page-assets.ts`).
        runtimePlugins: exposes ? [] : [...(production ? [runtimeCoreProvider] : []), pageAssets],
        experiments: {
          // Browser-only runtime; sections that load no other section drop the remote-loading code.
          optimization: { target: 'web', disableRemote: remotes.length === 0 },
          externalRuntime: production && Boolean(exposes),
        },
      }),
      ...(production
        ? [
            new MiniCssExtractPlugin({
              filename: '[name].[contenthash:8].css',
              chunkFilename: '[id].[contenthash:8].css',
            }),
            // Brotli at its best level, once, beside each script and stylesheet, for the servers to send
            // as they are (sirv's `brotli`): an eighth fewer bytes than gzip, at no cost per request.
            // Not `config.js` or `remotes.json`, which are edited after the build.
            new CompressionPlugin<zlib.BrotliOptions>({
              filename: '[path][base].br',
              algorithm: 'brotliCompress',
              test: PRECOMPRESSED,
              compressionOptions: {
                params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
              },
              threshold: 1024,
              minRatio: 0.8,
            }),
          ]
        : []),
      new HtmlWebpackPlugin({
        template: path.join(__dirname, 'index.html'),
        title,
        publicPath: '/',
        templateParameters: (compilation, assets, assetTags, options) => ({
          htmlWebpackPlugin: { tags: assetTags, files: assets, options },
          userInfoKey: USER_INFO_KEY,
          stylesheets: pageStylesheets(compilation, '/'),
          scripts: startupScripts(compilation, '/'),
          runtimeCore: production && exposes ? `/${RUNTIME_CORE_FILE}` : undefined,
        }),
      }),
      new webpack.DefinePlugin({ 'process.env.BLOG_SERVER_BUILD': JSON.stringify(false) }),
      ...(production ? [new BundleReportPlugin(name)] : []),
      new RuntimeFilesPlugin({
        ...publicFiles(dirname),
        'config.js': `window.__BLOG_CONFIG__ = ${JSON.stringify(runtimeConfig())};\n`,
        ...(remotes.length > 0 ? { 'remotes.json': `${JSON.stringify(remoteManifests(remotes), null, 2)}\n` } : {}),
      }),
    ],
    optimization: { runtimeChunk: false },
    performance: { hints: false },
    devServer: {
      port,
      hot: true,
      historyApiFallback: true,
      // The shell fetches every section's manifest across origins.
      headers: { 'Access-Control-Allow-Origin': '*' },
      client: { overlay: { warnings: false, errors: true } },
    },
  };
}
