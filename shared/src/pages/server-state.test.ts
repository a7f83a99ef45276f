import { QueryClient, dehydrate } from '../query';
import { SERVER_STATE_ID, serializeState, type ServerState } from './server-state';

/** A page's state whose one read holds `title`, as a CMS's text would. */
function state(title: string): ServerState {
  const reads = new QueryClient();
  reads.setQueryData(['article', title], { title });
  return {
    reads: dehydrate(reads),
    modules: ['mf_articles/ArticleDetail'],
    failed: [],
    remotes: { mf_articles: 'https://articles.example/releases/1-abcdefabcdef/mf-manifest.json' },
  };
}

describe('serializeState', () => {
  it('reads back as the state it was made of', () => {
    const written = state('Drones & "doctrine"');
    expect(JSON.parse(serializeState(written))).toEqual(written);
  });

  it('cannot end or alter the script that carries it, whatever the reads hold', () => {
    const text = serializeState(state('</script><script>alert(1)</script><!--'));
    expect(text).not.toContain('<');
    const script = `<script id="${SERVER_STATE_ID}" type="application/json">${text}</script>`;
    expect(script.match(/<\/script>/g)).toHaveLength(1);
  });
});
