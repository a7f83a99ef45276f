import type { FastifyPluginCallback } from 'fastify';

/** Whether it answers, and nothing more: how full it is would help size a flood (`BLOG_STATUS_PORT` tells that). */
export const healthRoutes: FastifyPluginCallback = (app, _options, done) => {
  app.get('/healthz', (_request, reply) =>
    reply
      .header('Content-Type', 'application/json')
      .header('Cache-Control', 'no-store')
      .send(JSON.stringify({ ok: true })),
  );
  done();
};
