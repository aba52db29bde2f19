import net from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL that a test can stop (connections cut, new ones refused: a stopped
 * database) or freeze (bytes no longer forwarded either way, sockets stay open: a SIGSTOPped database).
 */
export const startDbProxy = async (target: { host: string; port: number }) => {
  const pairs = new Set<{ a: net.Socket; b: net.Socket }>();
  let frozen = false;
  let server: net.Server | null = null;
  let port = 0;

  const onClient = (a: net.Socket) => {
    const b = net.connect(target.port, target.host);
    const pair = { a, b };
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      a.destroy();
      b.destroy();
    };
    a.on('error', end).on('close', end);
    b.on('error', end).on('close', end);
    if (frozen) {
      a.pause();
      b.pause();
    } else {
      a.pipe(b);
      b.pipe(a);
    }
  };
  const listen = () =>
    new Promise<void>((resolve) => {
      server = net.createServer(onClient);
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });
  await listen();

  return {
    port: () => port,
    /** Cuts every connection and refuses new ones (ECONNREFUSED). */
    stop: async () => {
      const s = server;
      server = null;
      const closed = new Promise<void>((resolve) => (s ? s.close(() => resolve()) : resolve()));
      for (const p of pairs) {
        p.a.destroy();
        p.b.destroy();
      }
      pairs.clear();
      await closed;
    },
    start: () => listen(),
    /** Forwards nothing any more, in either direction; new connections are accepted and hang. */
    freeze: () => {
      frozen = true;
      for (const p of pairs) {
        p.a.unpipe(p.b);
        p.b.unpipe(p.a);
        p.a.pause();
        p.b.pause();
      }
    },
    thaw: () => {
      frozen = false;
      for (const p of pairs) {
        p.a.pipe(p.b);
        p.b.pipe(p.a);
        p.a.resume();
        p.b.resume();
      }
    },
    close: async () => {
      const s = server;
      server = null;
      const closed = new Promise<void>((resolve) => (s ? s.close(() => resolve()) : resolve()));
      for (const p of pairs) {
        p.a.destroy();
        p.b.destroy();
      }
      await closed;
    },
  };
};
