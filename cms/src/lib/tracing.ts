// The CMS's traces (docs/operating/observability.md, "The CMS's traces"), started by
// src/tracing.ts before Strapi loads.
import { createRequire } from 'node:module';
import type * as TraceSdk from './tracing-sdk';

let sdk: { shutdown(): Promise<void> } | undefined;

/**
 * Starts the SDK when OTEL_EXPORTER_OTLP_ENDPOINT is set; without it nothing is exported and
 * nothing slows. The SDK is required only then, and at once: its 800 modules cost a CMS that does
 * not trace 38 MB resident, and it must start before http and knex are first required, so not
 * behind a promise as `import()` would be.
 */
export function startTracing(env: NodeJS.ProcessEnv): void {
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT) return;
  const { startTraceSdk } = createRequire(__filename)('./tracing-sdk') as typeof TraceSdk;
  sdk = startTraceSdk(env);
}

/** Sends the spans still in the batch, as the CMS shuts down. */
export async function stopTracing(): Promise<void> {
  await sdk?.shutdown();
  sdk = undefined;
}
