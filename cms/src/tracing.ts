// Loaded with `node --require` before Strapi (README, "The CMS's traces"): the http and knex
// modules are instrumented only if the SDK starts before they are first required.
import { startTracing } from './lib/tracing';

startTracing(process.env);
