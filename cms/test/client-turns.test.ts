import { expect } from '@jest/globals';
import { ClientTurns } from '../src/lib/public-api/limits';

describe('clients’ turns', () => {
  it('start one request of each waiting client a round, so that a flood of one client lets the others in', async () => {
    const turns = new ClientTurns();
    const started: string[] = [];
    const ask = (client: string, name: string) => turns.turn(client).then(() => started.push(name));
    await Promise.all([
      ...Array.from({ length: 5 }, (_, i) => ask('flooder', `flood ${i + 1}`)),
      ask('reader', 'read 1'),
      ask('reader', 'read 2'),
    ]);
    expect(started).toEqual(['flood 1', 'read 1', 'flood 2', 'read 2', 'flood 3', 'flood 4', 'flood 5']);
  });

  it('start a client’s requests in the order they came', async () => {
    const turns = new ClientTurns();
    const started: number[] = [];
    await Promise.all([1, 2, 3].map((n) => turns.turn('client').then(() => started.push(n))));
    expect(started).toEqual([1, 2, 3]);
  });
});
