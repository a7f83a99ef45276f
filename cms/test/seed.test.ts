import fs from 'fs';
import { readJson, type StrapiAnswer } from './support/http';
import { startStrapi, type StrapiProcess } from './support/strapi-process';

async function count(cms: StrapiProcess, path: string): Promise<number> {
  const answer = await readJson<StrapiAnswer>(`${cms.url}/api/${path}?pagination[pageSize]=1`);
  return answer.meta.pagination.total;
}

describe('seed content', () => {
  it('loads on the first start only and never touches a database that has content', async () => {
    const first = await startStrapi();
    try {
      const articles = await count(first, 'articles');
      const comments = await count(first, 'comments');
      expect(articles).toBeGreaterThanOrEqual(14);
      await first.stop();

      const second = await startStrapi({ dataDir: first.dataDir });
      try {
        expect(await count(second, 'articles')).toBe(articles);
        expect(await count(second, 'comments')).toBe(comments);
      } finally {
        await second.stop();
      }
    } finally {
      await first.stop();
      fs.rmSync(first.dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});

describe('secrets', () => {
  it('refuses to start in production on the development secrets', async () => {
    await expect(startStrapi({ env: { NODE_ENV: 'production' } })).rejects.toThrow(
      /must be set to a secret of your own/,
    );
  });
});
