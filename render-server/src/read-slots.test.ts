/** @jest-environment node */
import { ReadSlots } from './read-slots';

describe('the memory lent to pages read from disk', () => {
  it('lends each page a slot of its own, exactly its size, and the same memory again once given back', () => {
    const slots = new ReadSlots(1_024, 2);
    const first = slots.lease(100);
    const second = slots.lease(1_024);
    expect([first?.bytes.length, second?.bytes.length]).toEqual([100, 1_024]);
    expect(first?.bytes.buffer).toBe(second?.bytes.buffer);
    first?.bytes.fill(1);
    second?.bytes.fill(2);
    expect(first?.bytes.every((byte) => byte === 1)).toBe(true);
    first?.release();
    const third = slots.lease(10);
    expect(third?.bytes.byteOffset).toBe(first?.bytes.byteOffset);
  });

  it('lends none past its slots or their size, and a slot given back twice once', () => {
    const slots = new ReadSlots(1_024, 2);
    expect(slots.lease(1_025)).toBeUndefined();
    const first = slots.lease(1);
    const second = slots.lease(1);
    expect(slots.lease(1)).toBeUndefined();
    first?.release();
    first?.release();
    expect(slots.lease(1)).toBeDefined();
    expect(slots.lease(1)).toBeUndefined();
    second?.release();
    expect(slots.lease(1)).toBeDefined();
  });
});
