import type { FastifyInstance } from 'fastify';

/**
 * Starts an outside service's simulator (a Fastify app speaking that service's HTTP API) on 127.0.0.1.
 * port 0 = any free port (tests); main.ts starts each simulator in development when the service's base URL
 * is not configured, and points the adapter's client at the answer's url.
 */
export const listenSimulator = async (sim: FastifyInstance, port = 0) => {
  // exclusive: under node:cluster a worker's port 0 would share the primary's handle, so two workers'
  // simulators would answer on one port in turn (docs/decisions/orders.md "Order intake: instances")
  await sim.listen({ port, host: '127.0.0.1', exclusive: true });
  const address = sim.server.address();
  const actual = typeof address === 'object' && address ? address.port : port;
  return { url: `http://127.0.0.1:${actual}`, close: () => sim.close() };
};
