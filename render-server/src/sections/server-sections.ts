import type { RemoteModuleId, SectionModule } from '@blog/shared/federation';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { Canary, Deployed } from '@blog/release';
import { log } from '../log';
import { withTimeout } from '../timeout';
import { sectionBuild } from '../metrics';
import type { DeployedSections } from './deployed';
import { buildLabels, deployedAt, unreachable, type Deployment } from './manifest';
import { PageSections, containerOf, type LoadedModule } from './page-sections';

/** The sections' builds a render server renders with, as another thread is told them (`render/threads.ts`). */
export interface RenderedSections {
  manifests: Record<string, string>;
  version: number;
  /** The folder of the shell's build pages are rendered with (`shell/live-shell.ts`), told by the thread that answers. */
  shell?: string;
}

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
  private checked: ((canaries: Record<string, Canary>) => void)[] = [];
  private read: ((deployed: Deployed) => Promise<void>)[] = [];
  /** Counts the deployments kept: another count, another build of some section. */
  private kept = 0;

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

  /** The builds pages are rendered with now, and which count of deployments kept that is: a render elsewhere follows it. */
  rendered(): RenderedSections {
    return { manifests: this.manifests(), version: this.kept };
  }

  /** The canaries the registry names now, by container. */
  canaries(): Record<string, Canary> {
    return this.running;
  }

  /** Calls `listener` with the running canaries after each check, once the sections as deployed are those rendered. */
  onCanaries(listener: (canaries: Record<string, Canary>) => void): void {
    this.checked.push(listener);
  }

  /** Has `follow` follow what is deployed too (the shell's release), at every check, as the sections are. */
  onDeployed(follow: (deployed: Deployed) => Promise<void>): void {
    this.read.push(follow);
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
    this.kept += 1;
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
    await Promise.all([
      ...Object.entries(deployed.manifests).map(([container, manifestUrl]) =>
        this.checkSection(container, manifestUrl),
      ),
      ...this.read.map((follow) => follow(deployed)),
    ]);
    for (const listener of this.checked) listener(this.running);
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
