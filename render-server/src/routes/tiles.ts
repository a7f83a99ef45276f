import { log } from '../log';
import { plain, tooMany, unavailable } from '../request';
import type { Routes } from '../site';
import { TILES_PATH, TileReadsExhausted, tileAnswer, tileAt } from '../tiles';

/** How long after logging that the tile server failed the next failures go unlogged. */
const TILE_FAILURE_LOG_MS = 60_000;

/** The map's tiles, from the render server's memory or the tile server, on the site's origin. */
export const tileRoutes: Routes = ({ context: { tiles }, route, clientOf }) => {
  if (!tiles) return;
  let tileFailureLoggedAt = -Infinity;
  route(`${TILES_PATH}*`, async (req, res, { pathname }) => {
    const asked = tileAt(pathname);
    if (!asked) return plain(res, 404, 'Not Found: no such tile');
    const stored = await tiles.tile(asked, clientOf(req)).catch((error: unknown) => error as Error);
    if (stored instanceof TileReadsExhausted) {
      if (stored.status === 429) return tooMany(res, stored.retryAfterSeconds, 'this client asked for too many tiles');
      return unavailable(res, stored.retryAfterSeconds, 'too many tiles asked of the tile server');
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
      return plain(res, 502, 'Bad Gateway: the tile server did not answer');
    }
    if (!stored) return plain(res, 404, 'Not Found: the tile server has no such tile');
    const { status, headers, body } = tileAnswer(req.headers, stored, Date.now());
    res.writeHead(status, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  });
};
