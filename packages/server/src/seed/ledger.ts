import { DEPOSIT_METHODS } from '@shopdesk/contract';
import type { Db } from '../db/client';
import { bankAccounts } from '../db/schema';
import { runBilling } from '../features/payments/ledger/billing-service';
import { deposit, openAccount } from '../features/payments/ledger/ledger-service';
import type { AuditActor } from '../features/platform/audit/write-audit';
import { shopClock } from '../jobs/local-clock';

const PAYERS = ['陳志明', '林美玲', '王大同', '張淑芬', '李建國', '黃雅琪'];

/**
 * Demo stored funds: billing accounts for the given shops (two with credit), one to three
 * deposits each through the real services, last month's billing run (one shop left without funds shows an
 * "insufficient" line), and payout bank accounts of the platform and two integrators.
 */
export const seedLedger = async (
  db: Db,
  shopIds: readonly number[],
  actor: AuditActor,
  sis: { quickclick: number; lifeplus: number },
  now = new Date(),
) => {
  for (const [k, shopId] of shopIds.entries()) {
    const wallet = await openAccount(db, actor, { shopId, creditLimit: k % 5 === 1 ? 200_000 : 0 });
    // the last shop has no deposit: its line of last month stays unpaid
    const count = k === shopIds.length - 1 ? 0 : 1 + (k % 3);
    for (let d = 0; d < count; d += 1)
      await deposit(db, actor, wallet.id, {
        amount: (1 + ((k + d) % 4)) * 150_000,
        payer: PAYERS[(k + d) % PAYERS.length]!,
        method: DEPOSIT_METHODS[(k + d) % DEPOSIT_METHODS.length]!,
        reference: `DEP${String(shopId).padStart(5, '0')}${d + 1}`,
        note: '',
        idempotencyKey: `seed-deposit-${shopId}-${d}`,
      });
  }
  const [y, m] = shopClock(now).date.split('-').map(Number) as [number, number];
  const prev = m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
  await runBilling(db, actor, prev, now);
  await db.insert(bankAccounts).values([
    {
      owner: 'platform',
      bankCode: '812',
      branchCode: '0012',
      accountNumber: '00012345678901',
      accountName: '點餐平台股份有限公司',
      createdByName: actor.name,
    },
    {
      owner: 'si',
      siAccountId: sis.quickclick,
      bankCode: '700',
      branchCode: '0021',
      accountNumber: '00210987654321',
      accountName: '快點科技有限公司',
      createdByName: actor.name,
    },
    {
      owner: 'si',
      siAccountId: sis.lifeplus,
      bankCode: '013',
      branchCode: '1203',
      accountNumber: '120300456789',
      accountName: '生活加股份有限公司',
      createdByName: actor.name,
    },
  ]);
};
