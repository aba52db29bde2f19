import type { TDeliveryRow } from '@shopdesk/contract';
import type { Db } from '../../../db/client';
import { listOutbox, type OutboxRow } from '../../../jobs/outbox';

/** What a log row says of its job, never a secret or a token (pushes: kind of recipient and text). */
const summarize = (r: OutboxRow): string => {
  const p = r.payload;
  if (r.kind === 'line.push')
    return `→ ${p.toKind === 'group' ? '群組' : '管理者'}：${String(p.text ?? '').split('\n')[0]}`;
  if (r.kind === 'line.event') {
    const e = (p.event ?? {}) as { type?: string; source?: { type?: string } };
    return `webhook ${e.type ?? '?'} (${e.source?.type ?? '?'})`;
  }
  return r.kind;
};

/** The gaa delivery log of LINE jobs, from the outbox. */
export const lineDeliveries = async (
  db: Db,
  q: { offset: number; limit: number; accountId?: number; status?: string },
): Promise<{ total: number; rows: TDeliveryRow[] }> => {
  const { total, rows } = await listOutbox(db, { kindPrefix: 'line.', ...q });
  return {
    total,
    rows: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      accountId: r.accountId,
      status: r.status,
      attempts: r.attempts,
      lastError: r.lastError,
      runAt: r.runAt,
      createdAt: r.createdAt,
      doneAt: r.doneAt,
      summary: summarize(r),
    })),
  };
};
