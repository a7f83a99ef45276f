// Loaded with `node --require` before Strapi (docs/operating/observability.md, "The CMS's traces"): the http and knex
// modules are instrumented only if the SDK starts before they are first required.
import { startTracing } from './lib/tracing';

startTracing(process.env);
