import type { ChildProcess } from 'node:child_process';

/** A process being started, and how to tell it is ready. */
export interface Starting {
  /** What it is called in the errors: "Strapi", "Varnish". */
  name: string;
  child: ChildProcess;
  /** Whether it is ready now; a throw is a "not yet". */
  ready: () => Promise<boolean>;
  timeoutMs: number;
  /** How long between two asks. */
  everyMs?: number;
  /** What it has written so far, for the error. */
  output?: () => string;
}

/**
 * Waits until a process being started is ready, asking every `everyMs`. When it ends first or is
 * not ready within `timeoutMs`, it is killed and the error says which, with what it wrote.
 */
export async function untilReady({ name, child, ready, timeoutMs, everyMs = 100, output }: Starting): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const written = () => (output ? `:\n${output()}` : '');
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(
        `${name} stopped (${child.signalCode ?? `exit code ${child.exitCode}`}) before it was ready${written()}`,
      );
    if (await ready().catch(() => false)) return;
    if (Date.now() >= deadline) {
      child.kill('SIGKILL');
      throw new Error(`${name} was not ready within ${timeoutMs / 1000} s${written()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** A `ready` for `untilReady`: whether `url` answers, with a status `accepted` allows (any by default). */
export function answers(url: string, accepted: (status: number) => boolean = () => true): () => Promise<boolean> {
  return async () => {
    const response = await fetch(url);
    await response.body?.cancel();
    return accepted(response.status);
  };
}
