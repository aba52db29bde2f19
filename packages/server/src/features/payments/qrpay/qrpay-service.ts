import {
  configTypesOf,
  QRPAY_MESSAGES as M,
  paymentToggleRefusal,
  type TPaymentConfig,
  type TPaymentConfigs,
  type TPaymentService,
  type TPaymentServiceCreate,
  type TPaymentServiceUpdate,
  type TQrMerchant,
  type TQrMerchantInput,
  tappayAlreadySet,
  ZPaymentServiceCreate,
  ZPaymentServiceUpdate,
} from '@shopdesk/contract';
import { and, eq } from 'drizzle-orm';
import type { PaymentCredentials, PaymentGateway } from '../../../adapters/payment';
import type { Db } from '../../../db/client';
import { paymentConfigs, paymentServices, qrMerchants } from '../../../db/schema';
import { ApiError, conflict, notFound } from '../../../http/errors';
import type { SessionUser } from '../../../identity/session-store';
import { maskSecret, type SecretBox } from '../../../lib/secret-box';
import { requireShop } from '../../../plugins/app/shop-access';
import { type AuditActor, writeAudit } from '../../platform/audit/write-audit';

export type QrpayDeps = { db: Db; box: SecretBox; gateway: PaymentGateway };

/** Which field holds each service's one secret. */
const SECRET_FIELD = { tappay: 'partnerKey', linepay: 'channelSecret', easywallet: 'securityCode' } as const;

const audit = (
  db: Db,
  user: SessionUser,
  accountId: number,
  action: 'create' | 'update',
  name: string,
  log: string,
) =>
  writeAudit(db, user as AuditActor, {
    accountId,
    resourceCode: 'qrpay',
    action,
    displayName: name,
    displayLog: log,
    target: { table: 'payment_services', id: accountId },
  });

const merchantOf = async (db: Db, accountId: number) => {
  const [m] = await db.select().from(qrMerchants).where(eq(qrMerchants.accountId, accountId));
  return m;
};
const requireMerchant = async (db: Db, accountId: number) => {
  const m = await merchantOf(db, accountId);
  if (!m) throw new ApiError(404, 'QRPAY_NO_MERCHANT', M.noMerchant);
  return m;
};
const view = (m: typeof qrMerchants.$inferSelect): TQrMerchant => ({
  merchantId: m.accountId,
  name: m.name,
  email: m.email,
  phone: m.phone,
  address: m.address,
  createdAt: m.createdAt.toISOString(),
});

export const getMerchant = async (d: QrpayDeps, user: SessionUser, accountId: number) => {
  await requireShop(d.db, user, accountId);
  return { merchant: view(await requireMerchant(d.db, accountId)) };
};

export const createMerchant = async (d: QrpayDeps, user: SessionUser, body: TQrMerchantInput) => {
  const accountId = body.merchantId;
  await requireShop(d.db, user, accountId);
  return d.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [m] = await tx
      .insert(qrMerchants)
      .values({ accountId, name: body.name, email: body.email, phone: body.phone, address: body.address })
      .onConflictDoNothing()
      .returning();
    if (!m) throw conflict(M.merchantExists, 'QRPAY_MERCHANT_EXISTS');
    await audit(tx, user, accountId, 'create', M.merchantCreated.zh, `${body.name}`);
    return { merchant: view(m) };
  });
};

/** The configs and services of a shop (secrets masked). */
export const readConfigs = async (db: Db, box: SecretBox, accountId: number): Promise<TPaymentConfigs> => {
  const services = await db.select().from(paymentServices).where(eq(paymentServices.accountId, accountId));
  const rows = await db.select().from(paymentConfigs).where(eq(paymentConfigs.accountId, accountId));
  const names = new Map(services.map((s) => [s.id, s.name]));
  const order = ['tappay', 'linepay', 'easywallet'];
  const configs: TPaymentConfig[] = rows
    .map((r) => ({
      service: r.service,
      type: r.type,
      is_enabled: r.isEnabled,
      payment_service_id: r.paymentServiceId,
      name: (r.paymentServiceId && names.get(r.paymentServiceId)) || r.service,
    }))
    .sort((a, b) => order.indexOf(a.service) - order.indexOf(b.service) || a.type.localeCompare(b.type));
  return {
    configs,
    services: services.map((s) => {
      let plain = '';
      try {
        plain = box.open(s.secretSealed);
      } catch {
        plain = '';
      }
      return {
        id: s.id,
        service: s.service,
        name: s.name,
        fields: s.fields,
        maskedSecret: maskSecret(plain),
        lastTest: s.lastTest ?? null,
      };
    }),
  };
};

export const getConfigs = async (d: QrpayDeps, user: SessionUser, accountId: number) => {
  await requireShop(d.db, user, accountId);
  await requireMerchant(d.db, accountId);
  return readConfigs(d.db, d.box, accountId);
};

/** The plain fields and the secret of a service form. */
const split = (body: TPaymentServiceUpdate) => {
  const { service, ...rest } = body as Record<string, unknown> & { service: TPaymentService };
  const secretKey = SECRET_FIELD[service];
  const secret = rest[secretKey] as string | undefined;
  delete rest[secretKey];
  delete rest.merchantId;
  const name =
    service === 'tappay'
      ? `TapPay ${String(rest.tappayMerchantId)}`
      : String((rest as { name?: string }).name);
  return { service, secret, fields: rest as Record<string, string | boolean | string[]>, name };
};

export const credentialsOf = (
  s: Pick<typeof paymentServices.$inferSelect, 'service' | 'fields'>,
  secret: string,
): PaymentCredentials => {
  const f = s.fields as Record<string, string & boolean>;
  if (s.service === 'tappay')
    return { service: 'tappay', merchantId: f.tappayMerchantId, partnerKey: secret, useTds: !!f.useTds };
  if (s.service === 'linepay') return { service: 'linepay', channelId: f.channelId, channelSecret: secret };
  return {
    service: 'easywallet',
    sellerMemberUid: f.sellerMemberUid,
    securityCode: secret,
    contractNo: f.contractNo,
    executorId: f.executorId,
  };
};

/** Replaces a service's config rows by its types, keeping the switch of a type that stays. */
const writeConfigRows = async (
  tx: Db,
  accountId: number,
  service: TPaymentService,
  id: number,
  types: string[],
) => {
  const before = await tx
    .select()
    .from(paymentConfigs)
    .where(and(eq(paymentConfigs.accountId, accountId), eq(paymentConfigs.service, service)));
  const wanted = configTypesOf(service, types as never);
  await tx
    .delete(paymentConfigs)
    .where(and(eq(paymentConfigs.accountId, accountId), eq(paymentConfigs.service, service)));
  await tx.insert(paymentConfigs).values(
    wanted.map((type) => ({
      accountId,
      service,
      type,
      paymentServiceId: id,
      isEnabled: before.find((b) => b.type === type)?.isEnabled ?? false,
    })),
  );
};

/** A service this server cannot reach (production without its URL) is neither added nor switched on. */
const refuseUnavailable = (d: QrpayDeps, service: TPaymentService) => {
  if (!d.gateway.services.includes(service))
    throw new ApiError(400, 'QRPAY_SERVICE_UNAVAILABLE', M.serviceUnavailable, 'service');
};

export const createService = async (
  d: QrpayDeps,
  user: SessionUser,
  accountId: number,
  body: TPaymentServiceCreate,
) => {
  await requireShop(d.db, user, accountId);
  await requireMerchant(d.db, accountId);
  const parsed = ZPaymentServiceCreate.parse(body);
  if (parsed.merchantId !== accountId) throw new ApiError(400, 'QRPAY_MERCHANT_MISMATCH', M.merchantMismatch);
  const { service, secret, fields, name } = split(parsed);
  refuseUnavailable(d, service);
  await d.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const current = await readConfigs(tx, d.box, accountId);
    // spec 001 §5: TapPay cannot be added again once any of its types exist
    if (service === 'tappay' && tappayAlreadySet(current.configs))
      throw conflict(M.tappayAlreadySet, 'QRPAY_TAPPAY_SET');
    const [row] = await tx
      .insert(paymentServices)
      .values({ accountId, service, name, fields, secretSealed: d.box.seal(secret ?? '') })
      .onConflictDoNothing()
      .returning({ id: paymentServices.id });
    if (!row) throw conflict(M.serviceExists, 'QRPAY_SERVICE_EXISTS');
    await writeConfigRows(tx, accountId, service, row.id, (fields.types as string[]) ?? []);
    await audit(tx, user, accountId, 'create', name, `${M.serviceAdded.zh}：${service}`);
  });
  await d.gateway.enroll?.(credentialsOf({ service, fields }, secret ?? ''));
  return readConfigs(d.db, d.box, accountId);
};

export const updateService = async (
  d: QrpayDeps,
  user: SessionUser,
  accountId: number,
  id: number,
  body: TPaymentServiceUpdate,
) => {
  await requireShop(d.db, user, accountId);
  await requireMerchant(d.db, accountId);
  const parsed = ZPaymentServiceUpdate.parse(body);
  const { service, secret, fields, name } = split(parsed);
  const sealed = await d.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [row] = await tx
      .select()
      .from(paymentServices)
      .where(and(eq(paymentServices.id, id), eq(paymentServices.accountId, accountId)))
      .for('update');
    if (!row) throw notFound();
    if (row.service !== service) throw new ApiError(400, 'QRPAY_SERVICE_MISMATCH', M.serviceMismatch);
    const secretSealed = secret ? d.box.seal(secret) : row.secretSealed;
    await tx
      .update(paymentServices)
      .set({ name, fields, secretSealed, updatedAt: new Date(), lastTest: null })
      .where(eq(paymentServices.id, id));
    await writeConfigRows(tx, accountId, service, id, (fields.types as string[]) ?? []);
    await audit(tx, user, accountId, 'update', name, `${M.serviceUpdated.zh}：${service}`);
    return secretSealed;
  });
  await d.gateway.enroll?.(credentialsOf({ service, fields }, d.box.open(sealed)));
  return readConfigs(d.db, d.box, accountId);
};

export const togglePayment = async (
  d: QrpayDeps,
  user: SessionUser,
  accountId: number,
  change: { service: TPaymentService; type: TPaymentConfig['type']; enable: boolean },
) => {
  await requireShop(d.db, user, accountId);
  await requireMerchant(d.db, accountId);
  if (change.enable) refuseUnavailable(d, change.service);
  await d.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const { configs } = await readConfigs(tx, d.box, accountId);
    const refusal = paymentToggleRefusal(configs, change);
    if (refusal) throw conflict(refusal, 'QRPAY_NOT_CONFIGURED');
    await tx
      .update(paymentConfigs)
      .set({ isEnabled: change.enable })
      .where(
        and(
          eq(paymentConfigs.accountId, accountId),
          eq(paymentConfigs.service, change.service),
          eq(paymentConfigs.type, change.type),
        ),
      );
    await audit(
      tx,
      user,
      accountId,
      'update',
      `${change.service}/${change.type}`,
      (change.enable ? M.turnedOn : M.turnedOff).zh,
    );
  });
  return readConfigs(d.db, d.box, accountId);
};

/** "Test connection": a signed harmless call through the service's adapter; its answer is shown and kept. */
export const testService = async (d: QrpayDeps, user: SessionUser, accountId: number, id: number) => {
  await requireShop(d.db, user, accountId);
  const [row] = await d.db
    .select()
    .from(paymentServices)
    .where(and(eq(paymentServices.id, id), eq(paymentServices.accountId, accountId)));
  if (!row) throw notFound();
  const answer = await d.gateway.test(credentialsOf(row, d.box.open(row.secretSealed)));
  const text = `${answer.code} ${answer.message}`.trim();
  await d.db
    .update(paymentServices)
    .set({ lastTest: { ok: answer.ok, answer: text, at: new Date().toISOString() } })
    .where(eq(paymentServices.id, id));
  return { ok: answer.ok, answer: text };
};

/** Simulator mode: tell the sandbox merchant centre every stored service's credentials. */
export const enrollAll = async (d: QrpayDeps) => {
  if (!d.gateway.enroll) return;
  const rows = await d.db.select().from(paymentServices);
  for (const r of rows) await d.gateway.enroll(credentialsOf(r, d.box.open(r.secretSealed)));
};
