/** @jest-environment node */
import type { Rendered } from '../page-cache';
import type { PageTarget } from './page';
import { searchesInTurn } from './searches-in-turn';

const rendered = (body: string): Rendered => ({ status: 200, type: 'text/html', body, tags: [], degraded: false });
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** A render that finishes each page when told, and the addresses it started. */
function heldRenders() {
  const started: string[] = [];
  const finish = new Map<string, () => void>();
  const render = (target: PageTarget) => {
    started.push(target.address);
    return new Promise<Rendered>((resolve) => finish.set(target.address, () => resolve(rendered(target.address))));
  };
  return { render, started, finish: (address: string) => finish.get(address)?.() };
}

const page = (address: string): PageTarget => ({ address, section: undefined });

describe('searches rendered in turn', () => {
  it('renders two searches at once, the next when one ends, and every other page at once', async () => {
    const { render, started, finish } = heldRenders();
    const inTurn = searchesInTurn(render, 2);
    const signal = new AbortController().signal;
    const searches = ['a', 'b', 'c'].map((word) => inTurn(page(`/Articles?search=${word}`), signal));
    const article = inTurn(page('/Articles?title=Drones'), signal);
    await settle();
    expect(started.sort()).toEqual(['/Articles?search=a', '/Articles?search=b', '/Articles?title=Drones']);
    finish('/Articles?title=Drones');
    expect((await article).body).toBe('/Articles?title=Drones');
    finish('/Articles?search=b');
    await settle();
    expect(started).toContain('/Articles?search=c');
    finish('/Articles?search=a');
    finish('/Articles?search=c');
    expect((await Promise.all(searches)).map(({ body }) => body)).toEqual([
      '/Articles?search=a',
      '/Articles?search=b',
      '/Articles?search=c',
    ]);
  });

  it('does not render a search whose visitor left while it waited', async () => {
    const { render, started, finish } = heldRenders();
    const inTurn = searchesInTurn(render, 1);
    const first = inTurn(page('/Articles?search=a'), new AbortController().signal);
    const leaving = new AbortController();
    const left = inTurn(page('/Articles?search=b'), leaving.signal);
    leaving.abort(new Error('The visitor left'));
    await settle();
    finish('/Articles?search=a');
    await first;
    await expect(left).rejects.toThrow('The visitor left');
    const next = inTurn(page('/Articles?search=c'), new AbortController().signal);
    await settle();
    finish('/Articles?search=c');
    await next;
    expect(started).toEqual(['/Articles?search=a', '/Articles?search=c']);
  });
});
