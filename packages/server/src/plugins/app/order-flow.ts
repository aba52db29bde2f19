import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createSimulatorPrinter, type Printer } from '../../adapters/printer/printer';
import { createOrderFeed, type OrderFeed } from '../../features/order-flow/order-feed';

declare module 'fastify' {
  interface FastifyInstance {
    /** The live order feed of this instance (LISTEN order_events). */
    orderFeed: OrderFeed;
    /** The printer adapter (the simulator until the printer issue wires cloud printers). */
    printer: Printer;
  }
}

/** Decorates the app with the order feed and the printer; the feed stops listening when the app closes. */
export const orderFlowPlugin = fp(
  async (app: FastifyInstance, opts: { printer?: Printer }) => {
    const feed = await createOrderFeed(app.database, app.log);
    app.decorate('orderFeed', feed);
    app.decorate(
      'printer',
      opts.printer ?? createSimulatorPrinter({ alwaysFail: app.appConfig.printerSimulator === 'fail' }),
    );
    app.log.info({ printer: app.printer.mode }, 'order feed and printer ready');
    app.addHook('onClose', async () => {
      await feed.close();
    });
  },
  { name: 'order-flow' },
);
