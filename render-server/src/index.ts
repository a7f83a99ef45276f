import { isMainThread } from 'node:worker_threads';

// The async boundary lets Module Federation share React (with the sections' server builds) before
// any of it runs. The same file runs in the threads pages are rendered in (`render/threads.ts`).
void (isMainThread ? import('./main') : import('./render/thread'));
