import { shellFolderOf } from '@blog/release';
import { log } from '../log';

/**
 * The folder of the shell's build a registry makes live, by its release's manifest (none: `own`,
 * the build this server serves): the folder store's, or a bucket's release downloaded to this
 * machine. One that cannot be had is none, and the live build stays; said once a release, not at
 * every check of the registry.
 */
export function releaseFolders(own: string, folderOf: (manifest: string) => Promise<string> = shellFolderOf) {
  const failed = new Set<string>();
  return async (manifest: string | undefined): Promise<string | undefined> => {
    if (!manifest) return own;
    try {
      const dist = await folderOf(manifest);
      failed.delete(manifest);
      return dist;
    } catch (error) {
      if (!failed.has(manifest))
        log.error(`The shell's release at ${manifest} cannot be had (${(error as Error).message}): the live one stays`);
      failed.add(manifest);
      return undefined;
    }
  };
}
