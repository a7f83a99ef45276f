import net from 'node:net';
import os from 'node:os';

// Whether a server answers beyond the loopback interface: asked at another address of this machine.

/** An IPv4 address of this machine other than loopback, where a server listening on every interface answers too; none when it has no other. */
export function otherAddress(): string | undefined {
  return Object.values(os.networkInterfaces())
    .flat()
    .find((address) => address !== undefined && !address.internal && address.family === 'IPv4')?.address;
}

/** Whether `host` accepts a connection on `port` (refused, or no answer within 2 s, is no). */
export function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 2_000 });
    const done = (accepted: boolean) => {
      socket.destroy();
      resolve(accepted);
    };
    socket.once('connect', () => done(true));
    socket.once('timeout', () => done(false));
    socket.once('error', () => done(false));
  });
}
