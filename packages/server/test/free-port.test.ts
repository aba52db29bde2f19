import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort, lostPort, onFreePort } from './free-port';

// The test servers' ports (free-port.ts): a server that lost its probed port starts again on another.
describe('onFreePort', () => {
  it('starts again on another port when the first was taken before the server listened', async () => {
    const ports: number[] = [];
    const held = net.createServer();
    const answer = await onFreePort(async (port) => {
      ports.push(port);
      if (ports.length === 1) {
        // someone takes it between the probe and the server's listen
        await new Promise<void>((r) => held.listen(port, '127.0.0.1', r));
        const server = net.createServer();
        const err = await new Promise<Error>((r) => server.once('error', r).listen(port, '127.0.0.1'));
        throw new Error(`server exited (1):\n${err.stack}`);
      }
      return `listening on ${port}`;
    });
    held.close();
    expect(ports).toHaveLength(2);
    expect(ports[1]).not.toBe(ports[0]);
    expect(answer).toBe(`listening on ${ports[1]}`);
  });

  it('any other failure, or the same one on every try, is the start’s failure', async () => {
    await expect(onFreePort(() => Promise.reject(new Error('migrations failed')))).rejects.toThrow(
      'migrations failed',
    );
    let tries = 0;
    await expect(
      onFreePort((port) => {
        tries += 1;
        return Promise.reject(new Error(`listen EADDRINUSE: address already in use 127.0.0.1:${port}`));
      }, 3),
    ).rejects.toThrow('EADDRINUSE');
    expect(tries).toBe(3);
    // another port's EADDRINUSE (a simulator of the child, say) is not this one
    const port = await freePort();
    expect(lostPort(new Error(`listen EADDRINUSE: address already in use 127.0.0.1:${port + 1}`), port)).toBe(
      false,
    );
  });
});
