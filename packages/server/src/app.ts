import path from 'node:path';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { DeliveryVendor } from './adapters/delivery';
import type { EInvoicePlatform } from './adapters/einvoice';
import { type Geocoder, startGeocoder } from './adapters/geocoding';
import { createLineApi, type LineApi } from './adapters/line';
import { type LineSpotDirectory, startLineSpot } from './adapters/line-spot';
import { mailerPlugin } from './adapters/mail/mailer-plugin';
import { startObjectStorage } from './adapters/object-storage';
import type { OrderWebhook } from './adapters/order-webhook';
import { type PaymentGateway, startPaymentGateway } from './adapters/payment';
import type { PrinterService } from './adapters/printer';
import { type SmsGateway, type SmsSimulator, startSms } from './adapters/sms';
import { type Config, fastifyTrustProxy } from './config';
import type { Database } from './db/client';
import { lineRoutes } from './features/chat/line/routes';
import { allUploads } from './features/chat/line-spot/line-spot-store';
import { lineSpotRoutes } from './features/chat/line-spot/routes';
import { deliveryRoutes } from './features/delivery/delivery/routes';
import { logisticsRoutes } from './features/delivery/logistics/routes';
import { couponRoutes } from './features/marketing/coupons/routes';
import { promotionRoutes } from './features/marketing/promotions/routes';
import { menuRoutes } from './features/menus/menus/routes';
import { orderAcceptanceRoutes } from './features/orders/order-acceptance/routes';
import { orderFlowPlugin } from './features/orders/order-flow/order-flow-plugin';
import { orderSummaryRoutes } from './features/orders/order-summary/routes';
import { phoneOtpRoutes } from './features/orders/phone-otp/routes';
import { posBoardRoutes } from './features/orders/pos-board/routes';
import { storefrontRoutes } from './features/orders/storefront/routes';
import { einvoiceRoutes } from './features/payments/einvoice/routes';
import { ledgerRoutes } from './features/payments/ledger/routes';
import { qrpayRoutes } from './features/payments/qrpay/routes';
import { adminRoutes } from './features/platform/admin/routes';
import { adminToolRoutes } from './features/platform/admin-tools/routes';
import { apiClientRoutes } from './features/platform/api-clients/routes';
import { contractRoutes } from './features/platform/contracts/routes';
import { formulaRoutes } from './features/platform/formulas/routes';
import { healthRoutes } from './features/platform/health/routes';
import { integrationRoutes } from './features/platform/integrations/routes';
import { mailRoutes } from './features/platform/mail/routes';
import { mailTemplateRoutes } from './features/platform/mail-templates/routes';
import { portalRoutes } from './features/platform/portals/routes';
import { registrationRoutes } from './features/platform/registrations/routes';
import { sessionRoutes } from './features/platform/session/routes';
import { printerStationRoutes } from './features/printing/printer-stations/routes';
import { printerRoutes } from './features/printing/printers/routes';
import { chartRoutes } from './features/reports/charts/routes';
import { platformReportRoutes } from './features/reports/platform-reports/routes';
import { salesRoutes } from './features/reports/sales/routes';
import { statsRoutes } from './features/reports/stats/routes';
import { weeklyReportRoutes } from './features/reports/weekly-report/routes';
import { aclRoutes } from './features/shops/acls/routes';
import { posUsersRoutes } from './features/shops/pos-users/routes';
import { shopListRoutes } from './features/shops/shop-lists/routes';
import { shopProfileRoutes } from './features/shops/shop-profile/routes';
import { shopSettingsRoutes } from './features/shops/shop-settings/routes';
import { shopTimeRoutes } from './features/shops/shop-time/routes';
import { tableQrRoutes } from './features/shops/table-qr/routes';
import { serializeError } from './lib/log-redact';
import { createSecretBox, deriveSecretsKey, type SecretBox } from './lib/secret-box';
import { SERVER_ROOT } from './paths';
import { authorizePlugin } from './plugins/app/authorize';
import { errorsPlugin } from './plugins/app/errors';
import { lifecyclePlugin } from './plugins/app/lifecycle';
import { metricsPlugin } from './plugins/app/metrics';
import { outboxPlugin } from './plugins/app/outbox';
import { OneLinePerRequest } from './plugins/app/request-log';
import { checkedSerializerCompiler } from './plugins/app/response-check';
import { openapiPlugin } from './plugins/external/openapi';
import { securityPlugin } from './plugins/external/security';
import { webStaticPlugin } from './plugins/external/web-static';
import {
  createUploadStore,
  filesInBucket,
  importUploadDir,
  moveUploadsToBucket,
  type UploadStore,
} from './storage/uploads';

declare module 'fastify' {
  interface FastifyInstance {
    appConfig: AppDeps['config'];
    database: Database;
    /** Seals and opens secrets at rest (src/lib/secret-box.ts). */
    secretBox: SecretBox;
    /** The LINE Messaging API (src/adapters/line): the SDK client at LINE_API_BASE_URL. */
    line: LineApi;
    /** Places delivery addresses (adapters/geocoding); null in production without a configured service. */
    geocoder: Geocoder | null;
    /** The LINE SPOT store directory (adapters/line-spot); null in production without a configured service. */
    lineSpot: LineSpotDirectory | null;
    /** Uploaded files, in the database (or S3_URL's bucket) so every instance serves them (src/storage/uploads.ts). */
    uploads: UploadStore;
    /** The SMS gateway of the phone verification (adapters/sms); null in production without SMS_URL. */
    sms: (SmsGateway & { simulator?: SmsSimulator }) | null;
    /** The start-up move of the table's files into the bucket (S3_URL set); resolved at once without one. */
    uploadsMoved: Promise<{ moved: number }>;
    /** TapPay, LINE Pay, easy-wallet (adapters/payment): clients by configuration, or the simulators. */
    payments: PaymentGateway;
  }
}

export type AppDeps = {
  config: Pick<Config, 'sessionSecret' | 'nodeEnv' | 'trustProxy' | 'publicUrl'> &
    Partial<
      Pick<
        Config,
        | 'listenOrigin'
        | 'smtpUrl'
        | 'mailFrom'
        | 'dataDir'
        | 's3'
        | 'storefrontRateLimit'
        | 'printerSimulator'
        | 'printerServiceUrl'
        | 'einvoicePlatformUrl'
        | 'paymentUrls'
        | 'lineApiBaseUrl'
        | 'lineDataApiBaseUrl'
        | 'geocodingBaseUrl'
        | 'geocodingApiKey'
        | 'allowedOrigins'
        | 'lalamoveBaseUrl'
        | 'lalamoveApiKey'
        | 'lalamoveApiSecret'
        | 'deliverySimStepMs'
        | 'mwWebhookUrl'
        | 'mwWebhookSecret'
        | 'smsUrl'
        | 'smsUsername'
        | 'smsPassword'
        | 'lineSpotBaseUrl'
        | 'lineSpotApiToken'
        | 'metricsPort'
        | 'metricsToken'
      >
    > & {
      /** How often the POS board stream pings and re-checks its sign-in (default 15 s; tests shorten it). */
      posBoardPingMs?: number;
      /** 32-byte key sealing secrets at rest (main.ts: SECRETS_KEY or DATA_DIR/secrets-key; tests: derived). */
      secretsKey?: Buffer;
      /** Outbox poll period (main.ts 1 s; unset in API tests, which call app.outbox.drain()). */
      outboxPollMs?: number;
    };
  database: Database;
  logger?: FastifyServerOptions['logger'];
  distDir?: string;
  /** Tests pass a client of a printer simulator they control (adapters/printer). */
  printer?: PrinterService;
  /** Tests pass a client of an e-invoice platform simulator they control (adapters/einvoice). */
  einvoice?: EInvoicePlatform;
  /** Tests pass a payment gateway speaking to simulators they control (adapters/payment). */
  payments?: PaymentGateway;
  /** A LINE client other than the one at config.lineApiBaseUrl (tests). */
  line?: LineApi;
  /** A geocoder (tests); unset = by configuration (adapters/geocoding/index.ts). */
  geocoder?: Geocoder | null;
  /** A delivery vendor the test controls (adapters/delivery); unset = by configuration. */
  delivery?: DeliveryVendor | null;
  /** An order webhook the test controls (adapters/order-webhook); unset = by configuration. */
  orderWebhook?: OrderWebhook | null;
  /** An SMS gateway the test controls (adapters/sms); unset = by configuration. */
  sms?: SmsGateway | null;
  /** A LINE SPOT directory the test controls (adapters/line-spot); unset = by configuration. */
  lineSpot?: LineSpotDirectory | null;
};

/** Every logged `err` goes through the redacting serializer (lib/log-redact.ts). */
const withRedaction = (logger: AppDeps['logger']): AppDeps['logger'] => {
  if (!logger) return false;
  const base = logger === true ? {} : logger;
  const err = (e: Error) => serializeError(e) as { type: string; message: string; stack: string };
  return { ...base, serializers: { ...base.serializers, err, error: err } };
};

const defaultDist = path.resolve(SERVER_ROOT, '../web/dist');

/** Builds the Fastify app: external plugins, app plugins, then the features, each a plugin of its own. */
export const buildApp = async (deps: AppDeps) => {
  const app = Fastify({
    logger: withRedaction(deps.logger),
    // one line per request (plugins/app/request-log.ts); none without a logger (LOG_LEVEL=silent)
    logController: new OneLinePerRequest({ disableRequestLogging: !deps.logger }),
    bodyLimit: 512 * 1024,
    trustProxy: fastifyTrustProxy(deps.config.trustProxy),
    // a path parameter longer than the router's default 100 characters (a mangled order link) reaches its
    // route, whose contract bounds answer 400/404 in our error shape, instead of the router's bare 414
    routerOptions: { maxParamLength: 2048 },
  });
  app.setValidatorCompiler(validatorCompiler);
  // every answer is checked against its contract schema; a compiled checker first (plugins/app/response-check.ts)
  app.setSerializerCompiler(checkedSerializerCompiler);

  app.decorate('appConfig', deps.config);
  app.decorate('database', deps.database);
  app.decorate(
    'secretBox',
    createSecretBox(deps.config.secretsKey ?? deriveSecretsKey(deps.config.sessionSecret)),
  );
  app.decorate(
    'line',
    deps.line ??
      createLineApi({ baseUrl: deps.config.lineApiBaseUrl, dataBaseUrl: deps.config.lineDataApiBaseUrl }),
  );
  const { db } = deps.database;
  // the report routes read through DATABASE_READ_URL's pool when there is one (docs/scale.md "Read replica")
  const reads = deps.database.reads?.db ?? db;
  const bucket = await startObjectStorage(app, {
    s3: deps.config.s3,
    nodeEnv: deps.config.nodeEnv,
    dataDir: deps.config.dataDir,
  });
  app.decorate('uploads', createUploadStore(db, bucket));
  if (bucket) {
    // files still in the table move into the bucket in the background; they are served from the table meanwhile
    let closing = false;
    const moved = moveUploadsToBucket(
      db,
      bucket,
      (line) => app.log.info(line),
      () => closing,
    ).catch((err: unknown) => {
      app.log.error({ err }, 'Uploads: the move into the object storage stopped; the next start resumes it');
      return { moved: 0 };
    });
    app.decorate('uploadsMoved', moved);
    app.addHook('onClose', async () => {
      closing = true;
      await moved;
    });
  } else {
    app.decorate('uploadsMoved', Promise.resolve({ moved: 0 }));
    // files whose bytes went to a bucket cannot be served without it: no start that would answer them 500
    const away = await filesInBucket(db);
    if (away)
      throw new Error(
        `${away >= 1000 ? 'At least 1000' : away} uploaded file(s) are kept in S3-compatible object storage: set S3_URL`,
      );
  }
  // files of the earlier disk store (DATA_DIR/uploads) move into the database once; their URLs stay
  if (deps.config.dataDir)
    await importUploadDir(app.uploads, path.join(deps.config.dataDir, 'uploads'), (line) =>
      app.log.info(line),
    );
  app.decorate(
    'geocoder',
    deps.geocoder !== undefined
      ? deps.geocoder
      : await startGeocoder(app, {
          baseUrl: deps.config.geocodingBaseUrl,
          apiKey: deps.config.geocodingApiKey,
          nodeEnv: deps.config.nodeEnv,
        }),
  );
  app.decorate(
    'lineSpot',
    deps.lineSpot !== undefined
      ? deps.lineSpot
      : await startLineSpot(app, {
          baseUrl: deps.config.lineSpotBaseUrl,
          token: deps.config.lineSpotApiToken,
          nodeEnv: deps.config.nodeEnv,
          // the simulator remembers what this console uploaded before a restart (development, demo)
          initial: async () =>
            (await allUploads(db)).map((u) => ({
              storeId: String(u.accountId),
              providerId: u.si,
              name: u.name,
              phone: u.phone,
              address: u.address,
              location: u.lat !== null && u.lng !== null ? { latitude: u.lat, longitude: u.lng } : null,
              updatedAt: u.uploadedAt.toISOString(),
            })),
        }),
  );
  app.decorate(
    'sms',
    deps.sms !== undefined
      ? deps.sms
      : await startSms(app, {
          url: deps.config.smsUrl,
          username: deps.config.smsUsername,
          password: deps.config.smsPassword,
          nodeEnv: deps.config.nodeEnv,
        }),
  );
  // before the security plugin: the shop pages' content security policy names TapPay's card-form script
  const payments = deps.payments
    ? { gateway: deps.payments, close: async () => {} }
    : await startPaymentGateway({
        urls: deps.config.paymentUrls,
        production: deps.config.nodeEnv === 'production',
        log: app.log,
      });
  app.addHook('onClose', payments.close);
  app.decorate('payments', payments.gateway);
  await app.register(errorsPlugin);
  await app.register(lifecyclePlugin);
  await app.register(securityPlugin, {
    sessionSecret: deps.config.sessionSecret,
    publicUrl: deps.config.publicUrl,
    allowedOrigins: deps.config.allowedOrigins ?? [],
    tappaySdkUrl: payments.gateway.cardForm?.sdkUrl,
  });
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(rateLimit, { global: false });
  await app.register(openapiPlugin);
  await app.register(authorizePlugin, { db });
  await app.register(mailerPlugin, { db });
  await app.register(outboxPlugin, { pollMs: deps.config.outboxPollMs });
  await app.register(orderFlowPlugin, { printer: deps.printer });
  await app.register(metricsPlugin, {
    token: deps.config.metricsToken,
    processMetrics: Boolean(deps.config.metricsPort || deps.config.metricsToken),
  });
  await app.register(webStaticPlugin, { distDir: deps.distDir ?? defaultDist });

  await app.register(healthRoutes, { database: deps.database });
  await app.register(sessionRoutes, { db });
  await app.register(shopListRoutes, { db });
  await app.register(mailRoutes, { db });
  await app.register(weeklyReportRoutes, { db, reads });
  await app.register(posUsersRoutes, { db });
  await app.register(tableQrRoutes, { db });
  await app.register(menuRoutes, { db });
  await app.register(orderAcceptanceRoutes, { db });
  await app.register(shopProfileRoutes, { db });
  await app.register(shopTimeRoutes, { db });
  await app.register(shopSettingsRoutes, { db });
  await app.register(logisticsRoutes, { db });
  await app.register(storefrontRoutes, { db });
  await app.register(posBoardRoutes, { db });
  await app.register(printerRoutes, { db });
  await app.register(printerStationRoutes, { db });
  await app.register(einvoiceRoutes, { db, platform: deps.einvoice });
  await app.register(orderSummaryRoutes, { db });
  await app.register(salesRoutes, { db, reads });
  await app.register(statsRoutes, { db, reads });
  await app.register(platformReportRoutes, { db, reads });
  await app.register(apiClientRoutes, { db });
  await app.register(chartRoutes, { db, reads });
  await app.register(formulaRoutes, { db });
  await app.register(ledgerRoutes, { db });
  await app.register(lineRoutes, { db });
  await app.register(lineSpotRoutes, { db });
  await app.register(promotionRoutes, { db });
  await app.register(contractRoutes, { db });
  await app.register(deliveryRoutes, { db, vendor: deps.delivery });
  await app.register(aclRoutes, { db });
  await app.register(adminRoutes, { db });
  await app.register(adminToolRoutes, { db });
  await app.register(integrationRoutes, { db, webhook: deps.orderWebhook });
  await app.register(qrpayRoutes, { db, gateway: payments.gateway });
  await app.register(portalRoutes, { db });
  await app.register(couponRoutes, { db });
  await app.register(registrationRoutes, { db });
  await app.register(mailTemplateRoutes, { db });
  await app.register(phoneOtpRoutes, { db });
  return app;
};
