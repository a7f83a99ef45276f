import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { answers, untilReady } from '@blog/server-kit';
import { freePort } from '@blog/shared/free-port';

/** Pages of any origin read the sections' files, as they read a section's own origin (`scripts/serve.cjs`). */
const CORS = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
  </CORSRule>
</CORSConfiguration>
`;

export interface BucketServer {
  /** The server's address, `http://127.0.0.1:<port>`, as `AWS_ENDPOINT_URL_S3` takes it. */
  endpoint: string;
  /** The bucket it serves, public to anonymous reads at `<endpoint>/<bucket>/<key>`. */
  bucket: string;
  /** What a release command needs to write to it: the SDK's settings. */
  env: Record<string, string>;
  /** Dates an object `key` (its LastModified) at `time`, on the disk where s3rver keeps it: an object written long ago. */
  age(key: string, time: Date): void;
  stop(): Promise<void>;
}

/** A real S3-compatible server (s3rver) of its own, on a free port, in a folder of its own, serving one bucket read by any origin. */
export async function startBucket(bucket = 'releases'): Promise<BucketServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-bucket-'));
  const cors = path.join(dir, 'cors.xml');
  fs.writeFileSync(cors, CORS);
  const data = path.join(dir, 'data');
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      require.resolve('s3rver/bin/s3rver.js'),
      ...['-d', data, '-a', '127.0.0.1', '-p', String(port), '--silent'],
      ...['--configure-bucket', bucket, cors],
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const endpoint = `http://127.0.0.1:${port}`;
  // The bucket answers once s3rver has configured it.
  await untilReady({
    name: 's3rver',
    child,
    ready: answers(`${endpoint}/${bucket}`, (status) => status === 200),
    timeoutMs: 30_000,
  });
  return {
    endpoint,
    bucket,
    // s3rver takes any credentials; the SDK wants some, and a region.
    env: {
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      AWS_REGION: 'us-east-1',
      AWS_ENDPOINT_URL_S3: endpoint,
    },
    // s3rver's own layout: the object's bytes in `<bucket>/<key>._S3rver_object`, its time the file's.
    age: (key, time) => fs.utimesSync(path.join(data, bucket, `${key}._S3rver_object`), time, time),
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
