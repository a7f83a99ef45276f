import { Writable } from 'node:stream';
import { describe, expect, it } from '@jest/globals';
import { winston } from '@strapi/logger';
import { logFormat, winstonFormat } from '../src/lib/log-format';

/** A logger in `format` writing to an array of lines. */
function capture(format: ReturnType<typeof logFormat>) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...String(chunk).trim().split('\n'));
      done();
    },
  });
  const logger = winston.createLogger({
    level: 'http',
    format: winstonFormat(format),
    transports: [new winston.transports.Stream({ stream })],
  });
  return { logger, lines };
}

describe("the CMS's log format", () => {
  it('is JSON lines unless in development, and what LOG_FORMAT says when set', () => {
    expect(logFormat({ NODE_ENV: 'production' })).toBe('json');
    expect(logFormat({ NODE_ENV: 'development' })).toBe('readable');
    expect(logFormat({})).toBe('readable');
    expect(logFormat({ NODE_ENV: 'production', LOG_FORMAT: 'readable' })).toBe('readable');
    expect(logFormat({ NODE_ENV: 'development', LOG_FORMAT: 'json' })).toBe('json');
  });

  it('writes an error as one JSON line with its stack as a field', () => {
    const { logger, lines } = capture('json');
    // As Strapi's error middleware logs an error it did not expect.
    logger.error(new Error('The database went away'));
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]) as Record<string, string>;
    expect(line).toEqual(expect.objectContaining({ level: 'error', message: 'The database went away' }));
    expect(line.stack).toMatch(/^Error: The database went away\n\s+at /);
  });

  it("keeps a request's fields in its JSON line, and only its message in the readable one", () => {
    const fields = { requestId: 'r-1', traceId: 'abc', route: '/api/x', status: 200, durationMs: 3 };
    const json = capture('json');
    json.logger.http('GET /api/x (3 ms) 200 [/api/x]', fields);
    expect(JSON.parse(json.lines[0])).toEqual(expect.objectContaining({ level: 'http', ...fields }));
    const readable = capture('readable');
    readable.logger.log('info', 'GET /api/x (3 ms) 200 [/api/x]', fields);
    expect(readable.lines).toEqual([expect.stringMatching(/GET \/api\/x \(3 ms\) 200 \[\/api\/x\]$/)]);
  });
});
