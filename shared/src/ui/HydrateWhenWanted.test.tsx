/** @jest-environment jsdom */
import { whenWanted } from './HydrateWhenWanted';

/** A browser window whose idle callback and intersection observer the test fires itself. */
function fakeWindow() {
  let idle: (() => void) | undefined;
  let intersect: ((entries: { isIntersecting: boolean }[]) => void) | undefined;
  const win = {
    requestIdleCallback: (callback: () => void) => {
      idle = callback;
      return 1;
    },
    cancelIdleCallback: () => {
      idle = undefined;
    },
    IntersectionObserver: class {
      constructor(callback: typeof intersect) {
        intersect = callback;
      }
      observe() {}
      disconnect() {
        intersect = undefined;
      }
    },
  } as unknown as Window & typeof globalThis;
  return { win, idle: () => idle?.(), intersect: (isIntersecting: boolean) => intersect?.([{ isIntersecting }]) };
}

async function settled(promise: Promise<void>) {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
}

describe('whenWanted', () => {
  it('waits while the browser is busy and the part is out of sight', async () => {
    const { win, intersect } = fakeWindow();
    const wanted = whenWanted(document.createElement('footer'), win);
    intersect(false);
    expect(await settled(wanted)).toBe(false);
  });

  it('wakes the part once the browser is idle', async () => {
    const { win, idle } = fakeWindow();
    const wanted = whenWanted(document.createElement('footer'), win);
    idle();
    expect(await settled(wanted)).toBe(true);
  });

  it('wakes the part as it nears the viewport', async () => {
    const { win, intersect } = fakeWindow();
    const wanted = whenWanted(document.createElement('footer'), win);
    intersect(true);
    expect(await settled(wanted)).toBe(true);
  });

  it('wakes the part when the reader reaches for it', async () => {
    const { win } = fakeWindow();
    const footer = document.createElement('footer');
    const link = footer.appendChild(document.createElement('a'));
    const wanted = whenWanted(footer, win);
    link.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(await settled(wanted)).toBe(true);
  });
});
