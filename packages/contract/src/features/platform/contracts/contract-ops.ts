import { z } from 'zod';
import { zQueryId, zText } from '../../../common/bounds';
import { zDateString } from '../../../common/dates';
import { msg } from '../../../common/errors';
import { defineOperation } from '../../../common/operation';
import { SHOP_CONTRACTS_PATH } from '../../shops/acls/acl-map';
import { addDays } from '../../shops/shop-time/local-time';

/** spec 002 §6: contracts are for gaa only. */
const GAA = ['gaa'] as const;
const ZDbId = zQueryId().max(2_147_483_647);

export const CONTRACT_STATUSES = ['normal', 'terminated'] as const;
export type TContractStatus = (typeof CONTRACT_STATUSES)[number];
/** spec 002 §9: the system end date is the end date plus 7 days. */
export const SYS_END_GRACE_DAYS = 7;

export const CONTRACT_MESSAGES = {
  // spec 002 §8
  created: msg('新增合約成功！', 'Contract created!'),
  createFailed: msg('新增合約失敗', 'Could not create the contract'),
  // ours (the spec shows none)
  dateRequired: msg('請選擇日期', 'Choose a date'),
  startBeforeEnd: msg('合約開始日須早於結束日', 'The start must be before the end'),
  sysEndAfterEnd: msg('系統結束日不可早於合約結束日', 'The system end cannot be before the contract end'),
  planRequired: msg('請選擇方案', 'Choose a plan'),
  unknownPlan: msg('找不到方案', 'Unknown plan'),
  unknownRegistrationOrder: msg('找不到此商店的申請單', 'No such registration order for this shop'),
  businessMismatch: msg('businessId 與商店不符', 'businessId does not match the shop'),
  systemOn: msg('系統已開啟', 'System turned on'),
  systemOff: msg('系統已關閉', 'System turned off'),
} as const;
const M = CONTRACT_MESSAGES;

const ZDate = zDateString(M.dateRequired.zh);

/** spec 002 §3 Contract, as the list shows it (screen 6). */
export const ZContract = z.object({
  id: z.number().int(),
  startTime: zText(),
  endTime: zText(),
  sysEndTime: zText(),
  orderId: zText().nullable(),
  registrationOrderId: z.number().int().nullable(),
  planName: zText(),
  status: z.enum(CONTRACT_STATUSES),
  /** The shop's system switch (accounts.sys_closed), the same on every row. */
  sysClosed: z.boolean(),
});
export type TContract = z.infer<typeof ZContract>;

export const getContractsOp = defineOperation({
  method: 'GET',
  path: SHOP_CONTRACTS_PATH,
  summary:
    "A shop's contracts and its system status (also a shop manager with the contract acl, its own shop)",
  spec: '002 §7 Contracts',
  allow: ['gaa', 'line'],
  params: z.object({ accountId: ZDbId }),
  query: z.object({ businessId: ZDbId.optional() }),
  response: z.object({
    contracts: z.array(ZContract),
    sysClosed: z.boolean(),
    shopName: zText(),
  }),
});

export const ZPlan = z.object({ id: z.number().int(), code: zText(), plan: zText() });
export type TPlan = z.infer<typeof ZPlan>;

export const listPlansOp = defineOperation({
  method: 'GET',
  path: '/gaa/contract/plans',
  summary: 'Contract plans',
  spec: '002 §7 Contracts',
  allow: GAA,
  response: z.object({ plans: z.array(ZPlan) }),
});

export const ZRegistrationOrder = z.object({
  id: z.number().int(),
  orderId: zText(),
  createdTs: zText(),
});
export type TRegistrationOrder = z.infer<typeof ZRegistrationOrder>;

export const listRegistrationOrdersOp = defineOperation({
  method: 'GET',
  path: '/gaa/shops/:businessId/registration-orders',
  summary: "A shop's registration orders (what a contract's order number links to)",
  spec: '002 §7 Contracts',
  allow: GAA,
  params: z.object({ businessId: ZDbId }),
  response: z.object({ orders: z.array(ZRegistrationOrder) }),
});

/** The system end the dialog fills in (spec 002 §5, §9): end + 7 days. */
export const defaultSysEnd = (end: string) => addDays(end, SYS_END_GRACE_DAYS);

/** spec 002 §3 creation body: shopId, businessId, start, end, sysEnd, plan, registrationOrderId, status. */
export const ZCreateContractRequest = z
  .object({
    shopId: zText().trim().max(64).nullish(),
    businessId: ZDbId,
    start: ZDate,
    end: ZDate,
    /** Left out: end + 7 days (spec 002 §5). */
    sysEnd: ZDate.optional(),
    plan: z.coerce.number({ error: M.planRequired.zh }).int().positive(M.planRequired.zh).max(2_147_483_647),
    registrationOrderId: ZDbId.nullish(),
    status: z.enum(CONTRACT_STATUSES).default('normal'),
  })
  .superRefine((c, ctx) => {
    if (c.start >= c.end) ctx.addIssue({ code: 'custom', path: ['end'], message: M.startBeforeEnd.zh });
    if (c.sysEnd && c.sysEnd < c.end)
      ctx.addIssue({ code: 'custom', path: ['sysEnd'], message: M.sysEndAfterEnd.zh });
  });
export type TCreateContractRequest = z.input<typeof ZCreateContractRequest>;

export const createContractOp = defineOperation({
  method: 'POST',
  path: '/gaa/contract',
  summary: 'Create a contract (status normal by default; system end = end + 7 days)',
  spec: '002 §7 Contracts',
  allow: GAA,
  body: ZCreateContractRequest,
  response: z.object({ insertId: z.number().int() }),
  status: 201,
});

const ZSysBody = z.object({ accountId: ZDbId });
const ZSysResponse = z.object({ accountId: z.number().int(), sysClosed: z.boolean() });

export const enableSystemOp = defineOperation({
  method: 'POST',
  path: '/gaa/shops/sys/enabled',
  summary: "Turn a shop's system on (it takes orders again)",
  spec: '002 §7 Contracts',
  allow: GAA,
  body: ZSysBody,
  response: ZSysResponse,
});

export const disableSystemOp = defineOperation({
  method: 'POST',
  path: '/gaa/shops/sys/disabled',
  summary: "Turn a shop's system off (order intake refuses with SYSTEM_CLOSED)",
  spec: '002 §7 Contracts',
  allow: GAA,
  body: ZSysBody,
  response: ZSysResponse,
});

type TCovering = { startTime: string; sysEndTime: string; status: TContractStatus };

/** A normal contract covers a local date from its start through its system end date (inclusive). */
export const contractCovers = (c: TCovering, date: string) =>
  c.status === 'normal' && c.startTime <= date && date <= c.sysEndTime;

/**
 * Whether the daily job turns a shop's system off on `today`: some normal contract's system end
 * date has passed and no contract covers today. A shop without contracts is left alone.
 */
export const systemExpired = (contracts: readonly TCovering[], today: string) => {
  const normal = contracts.filter((c) => c.status === 'normal');
  return normal.some((c) => c.sysEndTime < today) && !normal.some((c) => contractCovers(c, today));
};
