import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from '@blog/cms/testing';
import builds from '../../scripts/builds.cjs';
import serve from '../../scripts/serve.cjs';

export interface DeployedBuild {
  /** Where it is deployed, e.g. `http://localhost:40123`: its manifest is `${url}/mf-manifest.json`. */
  url: string;
  /** The built folder (removed by `close`). */
  dir: string;
  close(): Promise<void>;
}

/** The app's sources copied whole: what a team builds its next deploy from. */
const SOURCES = ['src', 'public', 'package.json', 'webpack.config.ts'];

/**
 * A team's next build of a section: the app's sources with `changes` applied (each file by its
 * path in the app), built as its `pnpm build` builds it (webpack in production: the browser's build
 * and the server's), and deployed on a port of its own, as the deployed sections are served.
 */
export async function deployNextBuild(
  app: string,
  changes: Record<string, (text: string) => string>,
): Promise<DeployedBuild> {
  const source = path.join(builds.root, app);
  // Inside the app's folder, so that its dependencies resolve as the app's own do.
  const dir = path.join(source, '.tmp', 'next-build');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  for (const entry of SOURCES) {
    if (fs.existsSync(path.join(source, entry)))
      fs.cpSync(path.join(source, entry), path.join(dir, entry), { recursive: true });
  }
  fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ extends: '../../tsconfig.json' }));
  for (const [file, change] of Object.entries(changes)) {
    const before = fs.readFileSync(path.join(dir, file), 'utf8');
    const after = change(before);
    if (after === before)
      throw new Error(`The change to ${file} changed nothing: its text is no longer what it expects`);
    fs.writeFileSync(path.join(dir, file), after);
  }
  const output: Buffer[] = [];
  const status = await new Promise<number | null>((resolve, reject) => {
    const build = spawn(
      path.join(source, 'node_modules', '.bin', 'webpack'),
      ['--mode', 'production', '--disable-interpret'],
      { cwd: dir, env: { ...process.env, NODE_OPTIONS: '--require=esbuild-register' } },
    );
    build.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    build.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    build.once('error', reject);
    build.once('exit', resolve);
  });
  if (status !== 0) throw new Error(`Building ${app}'s next build failed:\n${Buffer.concat(output).toString()}`);
  const port = await freePort();
  const server = await serve.serveDist(path.join(dir, 'dist'), port);
  return {
    url: `http://localhost:${port}`,
    dir: path.join(dir, 'dist'),
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
