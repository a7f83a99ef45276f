import { createHash } from 'node:crypto';
import { watch } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { RemoteModuleId, SectionModule } from '@blog/shared/federation';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { inlinable, integrityOf, type Stylesheet } from './render/head';
import { deployedOf, serverEntryOf, type Canary, type Deployed } from '@blog/release';
import { log } from './log';
import { sectionBuild } from './metrics';

/** Where a section is deployed: the browser's manifest, with its server build beside it. */
interface Deployment {
  manifestUrl: string;
  /** The server build's container, addressed by its content so a new deploy is a new entry. */
  entry: string;
  /** The exposed modules' stylesheets, from the browser's manifest, with their rules. */
  stylesheets: Map<string, Stylesheet[]>;
  /** The scripts each exposed module starts with in the browser: the container and the module's own chunks. */
  scripts: Map<string, string[]>;
}

/** A module loading from a section's server build, with the deployment that build is (none when the section is not deployed). */
interface LoadedModule {
  deployment: Deployment | undefined;
  module: Promise<SectionModule>;
}

const containerOf = (id: RemoteModuleId) => id.split('/')[0];

interface Assets {
  sync?: string[];
  async?: string[];
}

interface BrowserManifest {
  metaData?: { remoteEntry?: { path: string; name: string } };
  shared?: { assets?: { js?: Assets } }[];
  exposes?: { name: string; assets?: { css?: Assets; js?: Assets } }[];
}

/**
 * What the browser runs to start each exposed module, absolute: preloaded by the page, so the
 * module's code arrives with the shell's rather than after it. Shared packages are left out:
 * the shell provides them.
 */
export function scriptsOf(manifestUrl: string, manifestText: string): Map<string, string[]> {
  const manifest = JSON.parse(manifestText) as BrowserManifest;
  const entry = manifest.metaData?.remoteEntry;
  if (!entry) return new Map();
  const shared = new Set(
    (manifest.shared ?? []).flatMap(({ assets }) => [...(assets?.js?.sync ?? []), ...(assets?.js?.async ?? [])]),
  );
  const url = (file: string) => new URL(file, manifestUrl).href;
  return new Map(
    (manifest.exposes ?? []).map(({ name, assets }) => [
      name,
      [url(`${entry.path}${entry.name}`), ...(assets?.js?.sync ?? []).filter((file) => !shared.has(file)).map(url)],
    ]),
  );
}

async function stylesheetsOf(manifestUrl: string, manifestText: string): Promise<Map<string, Stylesheet[]>> {
  const manifest = JSON.parse(manifestText) as BrowserManifest;
  const stylesheets = new Map<string, Promise<Stylesheet>>();
  const stylesheet = (file: string): Promise<Stylesheet> => {
    const href = new URL(file, manifestUrl).href;
    let known = stylesheets.get(href);
    if (!known) {
      known = download(href).then(
        (text) => ({ href, css: inlinable(text, href), integrity: integrityOf(text) }),
        () => ({ href }),
      );
      stylesheets.set(href, known);
    }
    return known;
  };
  return new Map(
    await Promise.all(
      (manifest.exposes ?? []).map(
        async ({ name, assets }) =>
          [
            name,
            await Promise.all([...(assets?.css?.sync ?? []), ...(assets?.css?.async ?? [])].map(stylesheet)),
          ] as const,
      ),
    ),
  );
}

async function download(url: string): Promise<string> {
  const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.text();
}

/** What is deployed at `manifestUrl` now (a new server build or new stylesheets is a new version); undefined when it cannot be reached. */
async function deployedAt(manifestUrl: string): Promise<Deployment | undefined> {
  const serverEntry = serverEntryOf(manifestUrl);
  try {
    const [manifest, code] = await Promise.all([download(manifestUrl), download(serverEntry)]);
    const version = createHash('sha256').update(manifest).update(code).digest('hex').slice(0, 12);
    return {
      manifestUrl,
      entry: `${serverEntry}?v=${version}`,
      stylesheets: await stylesheetsOf(manifestUrl, manifest),
      scripts: scriptsOf(manifestUrl, manifest),
    };
  } catch (error) {
    log.error({ err: error }, `The section at ${manifestUrl} cannot be reached`);
    return undefined;
  }
}

/** The labels of a section's build in the metrics: where it is deployed, and its version. */
const buildLabels = (section: string, { manifestUrl, entry }: Deployment) => ({
  section,
  manifest: manifestUrl,
  build: new URL(entry).searchParams.get('v') ?? '',
});

/** A section never reached: it keeps no code, and its pages render its fallback until it is. */
const unreachable = (manifestUrl: string): Deployment => ({
  manifestUrl,
  entry: `${serverEntryOf(manifestUrl)}?v=unreachable`,
  stylesheets: new Map(),
  scripts: new Map(),
});

/** Where a render server reads what is deployed: each section's `mf-manifest.json`, by its container, and the canaries. */
export interface DeployedSections {
  /** Throws when it cannot be read: the sections stay as they are. */
  read(): Promise<Deployed>;
  /** Calls `changed` whenever what is deployed may have changed; what it returns stops following. */
  follow(changed: () => void): () => void;
}

/** A `remotes.json`, or the release registry's file, which a release switches by rename: followed by watching its folder. */
export function fileSections(file: string): DeployedSections {
  return {
    async read() {
      try {
        return deployedOf(await readFile(file, 'utf8'));
      } catch (error) {
        throw new Error(`${file}: ${(error as Error).message}`);
      }
    },
    follow(changed) {
      const { dir, base } = path.parse(file);
      const watcher = watch(dir, (_, name) => name === base && changed());
      watcher.unref();
      // A folder removed under it ends the watch, not the server: the periodic check goes on.
      watcher.on('error', (error) => log.error(`Watching ${dir} stopped: ${error.message}`));
      return () => watcher.close();
    },
  };
}

const withTimeout = <T>(promise: Promise<T>, ms: number, what: string) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} took over ${ms} ms`)), ms).unref()),
  ]);

/**
 * The sections' server builds, loaded at run time from where `remotes.json` points. Every
 * `checkEveryMs` the file and each section's server build are checked again: a section
 * redeployed or re-pointed is rendered with its new code from then on, with no restart. A build
 * that is kept goes on being rendered until a new one has loaded: a check that fails, or a new
 * build that does not load, changes nothing.
 */
export class ServerSections {
  private deployments = new Map<string, Deployment>();
  private modules = new Map<RemoteModuleId, LoadedModule>();
  /** The deployment each container's modules load from now: during a switch, the new one before it is kept. */
  private registered = new Map<string, Deployment>();
  private timer: NodeJS.Timeout | undefined;
  private unfollow: (() => void) | undefined;
  private checking: Promise<void> | undefined;
  private again: Promise<void> | undefined;
  private switched: ((container: string) => void)[] = [];
  private running: Record<string, Canary> = {};

  constructor(
    private readonly deployed: DeployedSections,
    private readonly timeoutMs: number,
  ) {}

  async start(checkEveryMs: number): Promise<void> {
    await this.checkDeployments();
    const failed = (error: unknown) => log.error(`Checking the sections failed: ${(error as Error).message}`);
    this.timer = setInterval(() => void this.checkDeployments().catch(failed), checkEveryMs);
    this.timer.unref();
    // A release is followed at once, not at the next check.
    this.unfollow = this.deployed.follow(() => void this.checkDeployments().catch(failed));
  }

  stop(): void {
    clearInterval(this.timer);
    this.unfollow?.();
  }

  /**
   * Checks every section's deployment. Never two checks at once: asked during one, another
   * follows it (once, however often it was asked), so a change made meanwhile is not missed.
   */
  checkDeployments(): Promise<void> {
    if (this.checking) {
      this.again ??= this.checking
        .catch(() => undefined)
        .then(() => {
          this.again = undefined;
          return this.checkDeployments();
        });
      return this.again;
    }
    this.checking = this.check().finally(() => {
      this.checking = undefined;
    });
    return this.checking;
  }

  /** Where each section's build that pages are rendered with now is (its manifest): the browser loads the same. */
  manifests(): Record<string, string> {
    return Object.fromEntries([...this.deployments].map(([container, { manifestUrl }]) => [container, manifestUrl]));
  }

  /** The canaries the registry names now, by container. */
  canaries(): Record<string, Canary> {
    return this.running;
  }

  /** Calls `listener` with a section's container each time another build of it has loaded and replaced the one kept. */
  onSwitch(listener: (container: string) => void): void {
    this.switched.push(listener);
  }

  private keep(container: string, deployment: Deployment) {
    const kept = this.deployments.get(container);
    if (kept) sectionBuild.remove(buildLabels(container, kept));
    sectionBuild.set(buildLabels(container, deployment), 1);
    this.deployments.set(container, deployment);
  }

  private async check(): Promise<void> {
    let deployed: Deployed;
    try {
      deployed = await this.deployed.read();
    } catch (error) {
      throw new Error(`What is deployed cannot be read, the sections stay as they are: ${(error as Error).message}`);
    }
    // Rendered by render servers of their own (`canary.ts`): this one only says who gets them.
    this.running = deployed.canaries;
    await Promise.all(
      Object.entries(deployed.manifests).map(([container, manifestUrl]) => this.checkSection(container, manifestUrl)),
    );
  }

  private async checkSection(container: string, manifestUrl: string): Promise<void> {
    const current = this.deployments.get(container);
    const deployment = await deployedAt(manifestUrl);
    if (!deployment) {
      if (current) return;
      const placeholder = unreachable(manifestUrl);
      this.register(container, placeholder);
      this.keep(container, placeholder);
      return;
    }
    if (current?.entry === deployment.entry) return;
    // The modules rendered so far are loaded from the new build before it replaces the one kept.
    const rendered = [...this.modules.keys()].filter((id) => containerOf(id) === container);
    this.register(container, deployment);
    const fresh = rendered.map((id) => [id, this.loadNow(id)] as const);
    try {
      await Promise.all(fresh.map(([, loaded]) => loaded.module));
    } catch (error) {
      log.error(
        { err: error },
        `The build of ${container} at ${manifestUrl} does not load: the one kept goes on being rendered`,
      );
      if (current) this.register(container, current);
      return;
    }
    this.keep(container, deployment);
    for (const [id, loaded] of fresh) this.modules.set(id, loaded);
    if (current) for (const listener of this.switched) listener(container);
  }

  private register(container: string, deployment: Deployment) {
    registerRemotes([{ name: container, entry: deployment.entry }], { force: true });
    this.registered.set(container, deployment);
  }

  private loadNow(id: RemoteModuleId): LoadedModule {
    const module = withTimeout(loadRemote<SectionModule>(id), this.timeoutMs, `Loading ${id}`).then((value) => {
      if (!value?.default) throw new Error(`${id} exposes no component`);
      return value;
    });
    return { deployment: this.registered.get(containerOf(id)), module };
  }

  /** A module a section's server build exposes; a failure is not kept, the next page tries again. */
  private load(id: RemoteModuleId): LoadedModule {
    let loaded = this.modules.get(id);
    if (!loaded) {
      const loading = this.loadNow(id);
      loaded = loading;
      this.modules.set(id, loading);
      loading.module.catch(() => this.modules.get(id) === loading && this.modules.delete(id));
    }
    return loaded;
  }

  /**
   * The sections as one page sees them while it renders: a release that goes live meanwhile is
   * the next page's, so this page's HTML, stylesheets, scripts and the builds its browser loads
   * are all of the releases it was rendered with.
   */
  page(): PageSections {
    return new PageSections(new Map(this.deployments), new Map(this.modules), (id) => this.load(id));
  }
}

/** What one page renders with (`ServerSections.page`). */
export class PageSections {
  /** Each section's deployment, once one of its modules has been taken for this page. */
  private readonly pinned = new Map<string, Deployment>();

  constructor(
    private readonly deployments: ReadonlyMap<string, Deployment>,
    /** The modules loaded when the page began, and those it has loaded since: once taken, a module is kept for the page. */
    private readonly modules: Map<RemoteModuleId, LoadedModule>,
    private readonly loadNow: (id: RemoteModuleId) => LoadedModule,
  ) {}

  /** A module a section's server build exposes, from the build this page took that section's modules from. */
  load(id: RemoteModuleId): Promise<SectionModule> {
    let loaded = this.modules.get(id);
    if (!loaded) {
      loaded = this.loadNow(id);
      this.modules.set(id, loaded);
    }
    const container = containerOf(id);
    if (loaded.deployment && !this.pinned.has(container)) this.pinned.set(container, loaded.deployment);
    return loaded.module;
  }

  private deployment(container: string): Deployment | undefined {
    return this.pinned.get(container) ?? this.deployments.get(container);
  }

  /** Where each section's build is (its manifest), for the browser to load the same. */
  manifests(): Record<string, string> {
    const containers = new Set([...this.deployments.keys(), ...this.pinned.keys()]);
    return Object.fromEntries(
      [...containers].flatMap((container) => {
        const manifestUrl = this.deployment(container)?.manifestUrl;
        return manifestUrl ? [[container, manifestUrl]] : [];
      }),
    );
  }

  /** The browser stylesheets an exposed module needs, so the page is styled before it paints. */
  stylesheets(id: RemoteModuleId): Stylesheet[] {
    const [container, exposed] = id.split('/');
    return this.deployment(container)?.stylesheets.get(exposed) ?? [];
  }

  /** The browser scripts an exposed module starts with, so they load beside the shell's. */
  scripts(id: RemoteModuleId): string[] {
    const [container, exposed] = id.split('/');
    return this.deployment(container)?.scripts.get(exposed) ?? [];
  }
}
