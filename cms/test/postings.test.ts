import { PostingList } from '../src/lib/postings';

const pairs = (list: PostingList) => {
  const all: [number, number][] = [];
  list.forEach((document, weight) => all.push([document, weight]));
  return all;
};

describe('a posting list', () => {
  it('keeps each document once, with its last weight, in the order of the documents', () => {
    const list = new PostingList();
    for (const document of [7, 2, 9, 0, 5]) list.set(document, document * 10);
    list.set(2, 21);
    expect(pairs(list)).toEqual([
      [0, 0],
      [2, 21],
      [5, 50],
      [7, 70],
      [9, 90],
    ]);
    expect([...list.keys()]).toEqual([0, 2, 5, 7, 9]);
    expect(list.size).toBe(5);
    expect(list.get(7)).toBe(70);
    expect(list.get(6)).toBeUndefined();
    expect(list.get(10)).toBeUndefined();
  });

  it('takes a document out, and knows one it never held', () => {
    const list = new PostingList();
    for (const document of [1, 2, 3]) list.set(document, 1);
    expect(list.delete(2)).toBe(true);
    expect(list.delete(2)).toBe(false);
    expect(list.delete(4)).toBe(false);
    expect(pairs(list)).toEqual([
      [1, 1],
      [3, 1],
    ]);
    list.delete(1);
    list.delete(3);
    expect(list.size).toBe(0);
    expect(pairs(list)).toEqual([]);
  });

  it('grows past its room, as a Map of the same pairs would hold them', () => {
    const list = new PostingList();
    const expected = new Map<number, number>();
    // Documents in a shuffled order (a prime step), some set twice and some taken out.
    for (let at = 0; at < 1000; at += 1) {
      const document = (at * 7919) % 1000;
      list.set(document, at);
      expected.set(document, at);
      if (at % 3 === 0) {
        list.delete((document * 31) % 1000);
        expected.delete((document * 31) % 1000);
      }
    }
    expect(pairs(list)).toEqual([...expected].sort(([x], [y]) => x - y));
    expect(list.size).toBe(expected.size);
  });
});
