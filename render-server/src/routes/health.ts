import type { Routes } from '../site';

/** Whether it answers, and nothing more: how full it is would help size a flood (`BLOG_STATUS_PORT` tells that). */
export const healthRoutes: Routes = ({ route }) =>
  route('/healthz', (_req, res) => {
    res.setHeader('Content-Type', 'application/json');
    res.setHeader('Cache-Control', 'no-store');
    res.end(JSON.stringify({ ok: true }));
  });
