import { setInterval } from 'node:timers';
import { logFormatOf } from '@blog/server-kit';
import pino from 'pino';
import pretty from 'pino-pretty';

/**
 * The render server's log: one JSON line per event (`LOG_FORMAT=json`, the default), an error's
 * stack a field of its line; `LOG_FORMAT=readable` (what `npm start` sets) prints each on a readable line.
 */
export function logger(env: NodeJS.ProcessEnv): pino.Logger {
  const options: pino.LoggerOptions = {
    base: { service: 'blog-render-server' },
    level: env.LOG_LEVEL || (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  return logFormatOf(env.LOG_FORMAT, 'json') === 'readable'
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
    : pino(options, gathered());
}

/**
 * Standard output, its lines gathered into writes of 16 KB or a second's worth: a write of its own
 * for each request's line would cost as much as the answer. What is held is written at exit.
 */
function gathered() {
  const destination = pino.destination({ sync: true, minLength: 16 * 1024 - 1 });
  setInterval(() => destination.flush(), 1000).unref();
  // Held lines would otherwise be lost when the process ends (its last second: often its last errors).
  process.on('exit', () => destination.flushSync());
  return destination;
}

export const log = logger(process.env);
