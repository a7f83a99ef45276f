// A render thread for `threads.test.ts`: it serves renders as the real one does, and renders a
// page as its address tells it to, so that a test can hold a thread, crash it or wait for an abort.
import { parentPort, workerData } from 'node:worker_threads';
import { observeRead } from './observed';
import { serveRenders } from './thread-port';

const CONTACT = 'http://cms.test/api/contact-details?populate=*';

let followed = 0;

if (parentPort)
  serveRenders(parentPort, {
    follow: (sections) => {
      followed = sections.version;
      return Promise.resolve();
    },
    async render(target, sections, reads, signal) {
      const { pathname } = new URL(target.address, 'http://site.test');
      if (pathname === '/crash') process.exit(3);
      if (pathname === '/hold') Atomics.wait(new Int32Array((workerData as { hold: SharedArrayBuffer }).hold), 0, 0);
      if (pathname === '/wait')
        await new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error)));
      const contact = await reads.read(CONTACT, () => {
        observeRead('contact-details', 'ok', 12);
        return Promise.resolve({ readOn: pathname });
      });
      return {
        status: 200,
        type: 'text/html; charset=utf-8',
        body: `<p>${pathname} with sections ${sections.version} (followed ${followed}), contact read on ${JSON.stringify(contact)}</p>`,
        tags: [],
        degraded: false,
      };
    },
  });
