import type { RemoteModuleId, SectionModule } from '@blog/shared/federation';
import type { Stylesheet } from '../render/head';
import type { Deployment } from './manifest';

/** A module loading from a section's server build, with the deployment that build is (none when the section is not deployed). */
export interface LoadedModule {
  deployment: Deployment | undefined;
  module: Promise<SectionModule>;
}

/** The section a module is exposed by: `mf_pages` of `mf_pages/About`. */
export const containerOf = (id: RemoteModuleId) => id.split('/')[0];

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
