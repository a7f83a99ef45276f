import { request as httpRequest } from 'http';
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

  it('refuses a body over the limit with 413 when it comes in chunks, with no length to check', async () => {
    const comment = 'x'.repeat(200 * 1024);
    const { hostname, port } = new URL(process.env.CMS_URL);
    const status = await new Promise<number>((resolve, reject) => {
      const sent = httpRequest(
        {
          hostname,
          port,
          path: '/api/comments',
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': newVisitor() },
        },
        (answer) => resolve(answer.resume().statusCode ?? 0),
      );
      sent.on('error', reject);
      // No Content-Length: Node sends the body chunked.
      for (const part of [`{"data":{"name":"Big","article":"Limits","comment":"`, comment, '"}}']) sent.write(part);
      sent.end();
    });
    expect(status).toBe(413);
  });

  it.each([
    ['a form', 'application/x-www-form-urlencoded', 'data[name]=Form&data[comment]=Hi&data[article]=Limits'],
    [
      'a multipart form',
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="data[name]"\r\n\r\nMulti\r\n--x--\r\n',
    ],
    ['plain text', 'text/plain', '{"data":{"name":"Text","comment":"Hi","article":"Limits"}}'],
  ])('refuses %s, which a page of any site can send, with 415', async (_, type, rawBody) => {
    const answer = await request('/api/comments', { method: 'POST', rawBody, headers: { 'Content-Type': type } });
    expectStrapiError(answer, 415);
  });

  it('refuses the writes of one visitor beyond the rate limit with 429 and Retry-After', async () => {
    const visitor = newVisitor();
    for (let i = 0; i < 5; i += 1) {
      expect((await request('/api/comments', { method: 'POST', body: comment, visitor })).status).toBe(200);
    }
    const refused = await request('/api/comments', { method: 'POST', body: comment, visitor });
    expectStrapiError(refused, 429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Reading has a budget of its own, and another visitor can still write.
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

  it('says nothing of what it runs on', async () => {
    const answer = await request('/api/articles?pagination[pageSize]=1');
    expect(answer.headers.get('x-powered-by')).toBeNull();
  });
});

describe('one request', () => {
  /** `populate[articles][populate][articles]…` `levels` deep: each level doubled the answer. */
  const populated = (levels: number) => `populate${'[articles][populate]'.repeat(levels - 1)}=*`;

  it.each([
    ['a populate ten levels deep', `/api/articles?${populated(10)}`],
    ['a dotted populate', '/api/articles?populate=articles.articles.articles.articles'],
    ['filters nested past their depth', `/api/articles?filters${'[articles]'.repeat(8)}[title_article][$eq]=x`],
    [
      'a hundred conditions',
      `/api/articles?${Array.from({ length: 100 }, (_, i) => `filters[$or][${i}][title_article][$contains]=${i}`).join('&')}`,
    ],
    ['an operator the API does not take', '/api/articles?filters[title_article][$regex]=.*'],
    ['an unknown parameter', '/api/articles?publicationState=preview'],
  ])('is refused with 400 before it runs: %s, while a plain read is answered', async (_, path) => {
    const [bomb, plain] = await Promise.all([request(path), request('/api/articles?pagination[pageSize]=5')]);
    expectStrapiError(bomb, 400);
    expect(plain.status).toBe(200);
  });
});
