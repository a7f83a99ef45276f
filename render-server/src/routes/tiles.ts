import type { FastifyPluginCallback } from 'fastify';
import { log } from '../log';
import { plain, tooMany, unavailable } from '../request';
import { TILES_PATH, TileReadsExhausted, tileAnswer, tileAt } from '../tiles';

/** How long after logging that the tile server failed the next failures go unlogged. */
const TILE_FAILURE_LOG_MS = 60_000;

/** The map's tiles, from the render server's memory or the tile server, on the site's origin. */
export const tileRoutes: FastifyPluginCallback = (app, _options, done) => {
  const {
    services: { tiles },
    clientOf,
  } = app.site;
  let tileFailureLoggedAt = -Infinity;
  if (tiles)
    app.get(`${TILES_PATH}*`, async (request, reply) => {
      const { pathname } = request.target;
      const asked = tileAt(pathname);
      if (!asked) return plain(reply, 404, 'Not Found: no such tile');
      const stored = await tiles.tile(asked, clientOf(request)).catch((error: unknown) => error as Error);
      if (stored instanceof TileReadsExhausted) {
        if (stored.status === 429)
          return tooMany(reply, stored.retryAfterSeconds, 'this client asked for too many tiles');
        return unavailable(reply, stored.retryAfterSeconds, 'too many tiles asked of the tile server');
      }
      if (stored instanceof Error) {
        // One line a minute while the tile server is down, not one for each tile of every visitor's map.
        if (Date.now() - tileFailureLoggedAt >= TILE_FAILURE_LOG_MS) {
          tileFailureLoggedAt = Date.now();
          log.error(
            { err: stored },
            `${pathname} could not be read from the tile server (further failures for a minute unlogged)`,
          );
        }
        return plain(reply, 502, 'Bad Gateway: the tile server did not answer');
      }
      if (!stored) return plain(reply, 404, 'Not Found: the tile server has no such tile');
      const { status, headers, body } = tileAnswer(request.headers, stored, Date.now());
      return reply.code(status).headers(headers).send(body);
    });
  done();
};
