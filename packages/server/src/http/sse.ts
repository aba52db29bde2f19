import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** One open Server-Sent Events stream: `write` drops what comes after the end; `end` is safe to call twice. */
export interface TSseStream {
  write: (chunk: string) => void;
  end: () => void;
}

/**
 * The streams of one route. app.close() waits for open connections, so every stream is ended first (its
 * client reconnects, maybe to another instance).
 */
export const sseRegistry = (app: FastifyInstance) => {
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });

  /**
   * Hijacks the reply and opens the stream (no compression or serializer touches it): the SSE headers, a
   * 3 s reconnect hint, a `: ping` comment every `pingMs` so proxies keep an idle stream open (`onPing`
   * runs at each ping too), `onEnd` once when the client leaves, the socket fails or the app closes.
   */
  const openStream = (
    req: FastifyRequest,
    reply: FastifyReply,
    opts: { pingMs: number; onPing?: (stream: TSseStream) => void; onEnd?: () => void },
  ): TSseStream => {
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    res.write('retry: 3000\n\n');
    let closed = false;
    const stream: TSseStream = {
      write: (chunk) => {
        if (!closed) res.write(chunk);
      },
      end: () => {
        if (closed) return;
        closed = true;
        clearInterval(ping);
        open.delete(stream.end);
        opts.onEnd?.();
        res.end();
      },
    };
    const ping = setInterval(() => {
      stream.write(': ping\n\n');
      opts.onPing?.(stream);
    }, opts.pingMs);
    open.add(stream.end);
    req.raw.on('close', stream.end);
    res.on('error', stream.end);
    return stream;
  };

  return { openStream };
};
