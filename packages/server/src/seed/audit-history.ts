import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { auditRecords, users } from '../db/schema';
import { type AuditEntry, writeAudit } from '../features/platform/audit/write-audit';

/**
 * A few weeks of a shop's settings history (/pages/timeline and the Record tab): what its owner,
 * its integrator and the platform changed, written as the features write them, dated in the past.
 */
export const seedAuditHistory = async (db: Db, accountId: number, now = new Date()) => {
  const people = await db
    .select({ id: users.id, name: users.name, type: users.type, email: users.email })
    .from(users)
    .where(inArray(users.email, ['gaa@demo.test', 'si@demo.test', 'eaa@demo.test']));
  const who = (email: string) => {
    const u = people.find((p) => p.email === email)!;
    return { id: u.id, name: u.name, type: u.type };
  };
  const steps: { daysAgo: number; by: string; entry: Omit<AuditEntry, 'accountId'> }[] = [
    {
      daysAgo: 40,
      by: 'gaa@demo.test',
      entry: {
        resourceCode: 'contract',
        action: 'create',
        displayName: '合約',
        displayLog: '新增合約：標準方案',
      },
    },
    {
      daysAgo: 33,
      by: 'si@demo.test',
      entry: {
        resourceCode: 'business',
        action: 'update',
        displayName: '營業時間提示',
        displayLog: '營業時間提示：（空） → 週一公休',
      },
    },
    {
      daysAgo: 21,
      by: 'eaa@demo.test',
      entry: {
        resourceCode: 'business',
        action: 'update',
        displayName: '外帶',
        displayLog: '外帶：關閉 → 開啟',
      },
    },
    {
      daysAgo: 12,
      by: 'eaa@demo.test',
      entry: {
        resourceCode: 'printers',
        action: 'create',
        displayName: '出單機',
        displayLog: '新增出單機：廚房',
      },
    },
    {
      daysAgo: 4,
      by: 'eaa@demo.test',
      entry: {
        resourceCode: 'order-limits',
        action: 'update',
        displayName: '流量控制',
        displayLog: '每 15 分鐘訂單上限：20 → 30',
      },
    },
  ];
  for (const s of steps) {
    const id = await writeAudit(db, who(s.by), { ...s.entry, accountId });
    const at = new Date(now.getTime() - s.daysAgo * 86_400_000 - 3 * 3_600_000);
    await db
      .update(auditRecords)
      .set({ createdAt: at })
      .where(inArray(auditRecords.id, [id]));
  }
};
