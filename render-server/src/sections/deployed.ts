import { watch } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { deployedOf, type Deployed } from '@blog/release';
import { log } from '../log';

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
