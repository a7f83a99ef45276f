import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ShellServerEntry } from '@blog/shared';
import { log } from '../log';
import { documentTemplate, type DocumentTemplate } from '../render/document';
import { loadShell, shellEntryOf } from './server-shell';

/** A build of the shell as pages are rendered with it: its folder, its server entry and its document. */
export interface ShellBuild {
  /** Its folder: the browser's build (`index.html`, its scripts and stylesheets) and its server build. */
  dist: string;
  server: ShellServerEntry;
  template: DocumentTemplate;
  /** A preview's document: its browser reads the CMS through this server (`previewConfig`). */
  previewTemplate: DocumentTemplate;
}

/** What a shell's build is loaded with: the site's configuration written into its pages, a preview's, and how long its server entry may take. */
export interface ShellSettings {
  config: Record<string, unknown>;
  previewConfig: Record<string, unknown>;
  timeoutMs: number;
}

/** The shell's build in `dist`, loaded: its server entry from its server build, its document cut from its `index.html`. */
export async function loadShellBuild(
  dist: string,
  { config, previewConfig, timeoutMs }: ShellSettings,
): Promise<ShellBuild> {
  const server = await loadShell(await shellEntryOf(dist), timeoutMs);
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const file = (href: string) => readFileSync(path.join(dist, href), 'utf8');
  return {
    dist,
    server,
    template: documentTemplate(html, { config, file }),
    previewTemplate: documentTemplate(html, { config: previewConfig, file }),
  };
}

/** The builds kept answering their files after another went live: those of pages opened before a switch. */
export const KEPT_SHELL_BUILDS = 5;

/**
 * The shell's build pages are rendered with, followed as the sections are: another build goes live
 * once it has loaded (one that does not load changes nothing), with no restart. The files of the
 * builds before it stay answerable (`rootOf`): a page opened before the switch keeps its own shell
 * for the rest of the visit, its scripts being named by their content.
 */
export class LiveShell {
  private builds: ShellBuild[];
  private switching: Promise<boolean> | undefined;
  /** The folders of builds that other render servers render pages with (a canary's), whose files this one answers too. */
  private others: string[] = [];
  /** Builds that did not load: tried again at each check of the registry, said once. */
  private failed = new Set<string>();

  constructor(
    first: ShellBuild,
    private readonly load: (dist: string) => Promise<ShellBuild>,
  ) {
    this.builds = [first];
  }

  get current(): ShellBuild {
    return this.builds[0];
  }

  /** Renders with the build in `dist` from now on, once it has loaded; whether it went live. One switch at a time. */
  async follow(dist: string): Promise<boolean> {
    while (this.switching) await this.switching.catch(() => false);
    if (path.resolve(dist) === path.resolve(this.current.dist)) return false;
    this.switching = this.switchTo(dist).finally(() => {
      this.switching = undefined;
    });
    return this.switching;
  }

  /** Answers the files of the builds in `dists` too, after those it ran: a canary's, whose pages another render server renders. */
  answerToo(dists: string[]): void {
    this.others = dists;
  }

  /** The folder the shell's file at `pathname` is answered from: the live build's, else the newest kept build (or another answered) that has it. */
  rootOf(pathname: string): string {
    const roots = [...this.builds.map(({ dist }) => dist), ...this.others];
    return roots.find((dist) => existsSync(path.join(dist, pathname))) ?? this.current.dist;
  }

  private async switchTo(dist: string): Promise<boolean> {
    try {
      const build = await this.load(dist);
      this.builds = [build, ...this.builds].slice(0, KEPT_SHELL_BUILDS);
      this.failed.delete(dist);
      log.info(`The shell's build in ${dist} is live`);
      return true;
    } catch (error) {
      if (!this.failed.has(dist))
        log.error({ err: error }, `The shell's build in ${dist} does not load: the one live goes on being rendered`);
      this.failed.add(dist);
      return false;
    }
  }
}
