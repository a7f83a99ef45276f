import { renderServer } from '@blog/webpack-config';
import type { Configuration } from 'webpack';

const build = renderServer({ dirname: __dirname, entry: './src/index.ts' });

// rate-limiter-flexible's Drizzle store imports its ORM by a name given at run time, which webpack
// cannot follow; the render server counts in memory and Redis only, so that store never runs.
export default (): Configuration => ({
  ...build(),
  ignoreWarnings: [{ module: /rate-limiter-flexible[\\/]lib[\\/]RateLimiterDrizzle\.js$/ }],
});
