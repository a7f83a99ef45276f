import pino from 'pino';
import pretty from 'pino-pretty';

/**
 * The render server's log: one JSON line per event (`LOG_FORMAT=json`, the default), an error's
 * stack a field of its line; `LOG_FORMAT=pretty` (what `npm start` sets) prints each on a readable line.
 * Written as it happens: a line logged just before the process ends is not lost.
 */
export function logger(env: NodeJS.ProcessEnv): pino.Logger {
  const options: pino.LoggerOptions = {
    base: { service: 'blog-render-server' },
    level: env.LOG_LEVEL || (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  return env.LOG_FORMAT === 'pretty'
    ? pino(
        options,
        pretty({
          sync: true,
          singleLine: true,
          colorize: false,
          // An error's message on its line; its stack is in the JSON format's line.
          messageFormat: '{msg}{if err.message}: {err.message}{end}',
          ignore: 'pid,hostname,service,err',
        }),
      )
    : pino(options, pino.destination({ sync: true }));
}

export const log = logger(process.env);
