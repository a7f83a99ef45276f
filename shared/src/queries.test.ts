import { createQueryClient } from './queries';

const MINUTE = 60_000;

describe('the page’s reads', () => {
  it('are asked again once older than the CMS’s five seconds', async () => {
    const reads = createQueryClient();
    reads.setQueryData(['about'], 'read 6 s ago', { updatedAt: Date.now() - 6_000 });
    const queryFn = jest.fn(() => Promise.resolve('read now'));
    expect(await reads.fetchQuery({ queryKey: ['about'], queryFn })).toBe('read now');
  });

  it('count those a kept page came with as read when it arrived', async () => {
    const arrived = Date.now();
    const reads = createQueryClient({ hydratedAt: arrived });
    reads.setQueryData(['about'], 'rendered 10 minutes ago', { updatedAt: arrived - 10 * MINUTE });
    const queryFn = jest.fn(() => Promise.resolve('read now'));
    expect(await reads.fetchQuery({ queryKey: ['about'], queryFn })).toBe('rendered 10 minutes ago');
    expect(queryFn).not.toHaveBeenCalled();
  });

  it('treat what the page reads after it arrived as any other read', async () => {
    const reads = createQueryClient({ hydratedAt: Date.now() - MINUTE });
    reads.setQueryData(['about'], 'read 6 s ago', { updatedAt: Date.now() - 6_000 });
    expect(await reads.fetchQuery({ queryKey: ['about'], queryFn: () => Promise.resolve('read now') })).toBe(
      'read now',
    );
  });
});
