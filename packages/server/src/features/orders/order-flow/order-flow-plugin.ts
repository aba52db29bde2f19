import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type PrinterService, startPrinterService } from '../../../adapters/printer';
import { createOrderFeed, type OrderFeed } from './order-feed';

declare module 'fastify' {
  interface FastifyInstance {
    /** The live order feed of this instance (LISTEN order_events). */
    orderFeed: OrderFeed;
    /** The cloud-printer adapter (adapters/printer): the service, or its local simulator. */
    printer: PrinterService;
  }
}

/** Decorates the app with the order feed and the printer; both stop when the app closes. */
export const orderFlowPlugin = fp(
  async (app: FastifyInstance, opts: { printer?: PrinterService }) => {
    const feed = await createOrderFeed(app.database, app.log);
    app.decorate('orderFeed', feed);
    const started = opts.printer
      ? { service: opts.printer, close: async () => {} }
      : await startPrinterService({
          serviceUrl: app.appConfig.printerServiceUrl,
          simulator: app.appConfig.printerSimulator,
          production: app.appConfig.nodeEnv === 'production',
          log: app.log,
        });
    app.decorate('printer', started.service);
    app.log.info({ printer: app.printer.mode }, 'order feed and printer ready');
    app.addHook('onClose', async () => {
      await feed.close();
      await started.close();
    });
  },
  { name: 'order-flow' },
);
