import { expectStrapiError, newVisitor, request } from './support/http';

const comment = { data: { name: 'Limiter', comment: 'Hello', article: 'Limits' } };

describe('limits on public writes', () => {
  it('refuses a body over the limit with 413', async () => {
    const answer = await request('/api/comments', {
      method: 'POST',
      rawBody: JSON.stringify({ data: { name: 'Big', comment: 'x'.repeat(5000), article: 'Limits' } }),
    });
    expectStrapiError(answer, 413);
  });

  it('refuses the writes of one visitor beyond the rate limit with 429 and Retry-After', async () => {
    const visitor = newVisitor();
    for (let i = 0; i < 5; i += 1) {
      expect((await request('/api/comments', { method: 'POST', body: comment, visitor })).status).toBe(200);
    }
    const refused = await request('/api/comments', { method: 'POST', body: comment, visitor });
    expectStrapiError(refused, 429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Reading is never limited, and another visitor can still write.
    expect((await request('/api/articles', { visitor })).status).toBe(200);
    expect((await request('/api/comments', { method: 'POST', body: comment })).status).toBe(200);
  });

  it('lets the site origins read across origins and nobody else', async () => {
    const allowed = await request('/api/articles', { headers: { Origin: 'http://site.test' } });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://site.test');
    const other = await request('/api/articles', { headers: { Origin: 'http://evil.test' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers the preflight of a vote from the site, X-Vote-Base included', async () => {
    const answer = await request('/api/comments/abc', {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://site.test',
        'Access-Control-Request-Method': 'PUT',
        'Access-Control-Request-Headers': 'content-type,x-vote-base',
      },
    });
    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('x-vote-base');
    expect(answer.headers.get('access-control-allow-methods')).toContain('PUT');
  });

  it('refuses a write from another site with 403', async () => {
    const answer = await request('/api/comments', {
      method: 'POST',
      body: comment,
      headers: { Origin: 'http://evil.test' },
    });
    expectStrapiError(answer, 403);
  });
});
