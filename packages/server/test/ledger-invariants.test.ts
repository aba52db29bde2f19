// "Done means": the ledger's invariants as properties (fast-check) over random postings, and two
// charges racing on one wallet (on PostgreSQL, project api-postgres, they run on separate connections).
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { inTx } from '../src/features/menus/menus/menu-access';
import { platformAccounts, post } from '../src/features/payments/ledger/ledger-store';
import { build } from './helpers';
import { key, VAS } from './ledger-fixtures';

describe('ledger invariants', async () => {
  const t = await build();
  const gaa = await t.signedIn('gaa');
  const actor = { id: gaa.user.id, name: 'prop', type: 'gaa' as const };
  const wallet = async (creditLimit = 0) => {
    const { account } = await t.createShop({ name: `L ${key().slice(2, 8)}` });
    const res = await t.app.inject({
      method: 'POST',
      url: `${VAS}/accounts`,
      headers: gaa.headers,
      payload: { shopId: account.id, creditLimit },
    });
    return res.json().id as number;
  };
  const balance = async (id: number) =>
    Number(
      (
        await queryRows<{ b: string }>(
          t.db,
          sql`select coalesce(sum(amount), 0)::text as b from ledger_entries where ledger_account_id = ${id}`,
        )
      )[0]!.b,
    );
  const listed = async (id: number) => {
    const res = await t.app.inject({ method: 'GET', url: `${VAS}/accounts?limit=200`, headers: gaa.headers });
    return (res.json().rows as { id: number; balance: number }[]).find((r) => r.id === id)!.balance;
  };

  it('every transaction sums to zero, balances are the sums of entries, no balance passes its credit, a replay changes nothing', async () => {
    const { cash, revenue } = await platformAccounts(t.db);
    const op = fc.record({
      kind: fc.constantFrom('deposit', 'charge', 'refund'),
      amount: fc.integer({ min: 1, max: 50_000 }),
      /** Replay the posting at this earlier index instead (when there is one). */
      replay: fc.option(fc.nat(), { nil: null }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 20_000 }),
        fc.array(op, { maxLength: 12 }),
        async (credit, ops) => {
          const id = await wallet(credit);
          const done: { kind: 'deposit' | 'charge' | 'refund'; key: string; amount: number }[] = [];
          let model = 0;
          for (const o of ops) {
            const again = o.replay !== null && done.length ? done[o.replay % done.length]! : null;
            const p = again ?? { kind: o.kind, key: key(), amount: o.amount };
            const sign = p.kind === 'charge' ? -1 : 1;
            const other = p.kind === 'deposit' ? cash : revenue;
            const before = await balance(id);
            try {
              const r = await inTx(t.db, (tx) =>
                post(tx, actor, {
                  kind: p.kind,
                  key: p.key,
                  memo: 'prop',
                  entries: [
                    { accountId: id, amount: sign * p.amount },
                    { accountId: other, amount: -sign * p.amount },
                  ],
                }),
              );
              expect(r.replayed).toBe(again !== null);
              if (!again) {
                model += sign * p.amount;
                done.push(p);
              }
            } catch (err) {
              // only a charge past the credit may be refused, and then nothing moved
              expect((err as { code?: string }).code).toBe('INSUFFICIENT_FUNDS');
              expect(again).toBeNull();
              expect(before - p.amount).toBeLessThan(-credit);
            }
            expect(await balance(id)).toBe(model);
            expect(model).toBeGreaterThanOrEqual(-credit);
          }
          expect(await listed(id)).toBe(model);
          const unbalanced = await queryRows<{ id: string }>(
            t.db,
            sql`select transaction_id::text as id from ledger_entries group by transaction_id
              having sum(amount) <> 0 or count(*) < 2`,
          );
          expect(unbalanced).toEqual([]);
        },
      ),
      { numRuns: 15 },
    );
  });

  it('the database refuses an unbalanced transaction at commit', async () => {
    const id = await wallet();
    await expect(
      inTx(t.db, async (tx) => {
        const [row] = await queryRows<{ id: number }>(
          tx,
          sql`insert into ledger_transactions (kind, idempotency_key, created_by_name)
              values ('deposit', ${key()}, 't') returning id`,
        );
        await tx.execute(
          sql`insert into ledger_entries (transaction_id, ledger_account_id, amount) values (${row!.id}, ${id}, 100)`,
        );
      }),
    ).rejects.toThrow();
    expect(await balance(id)).toBe(0);
  });

  it('charges racing on one wallet never take it below zero; a key posted twice at once charges once', async () => {
    const id = await wallet();
    const { cash, revenue } = await platformAccounts(t.db);
    await inTx(t.db, (tx) =>
      post(tx, actor, {
        kind: 'deposit',
        key: key(),
        memo: '',
        entries: [
          { accountId: id, amount: 30_000 },
          { accountId: cash, amount: -30_000 },
        ],
      }),
    );
    const charge = (k: string) =>
      inTx(t.db, (tx) =>
        post(tx, actor, {
          kind: 'charge',
          key: k,
          memo: '',
          entries: [
            { accountId: id, amount: -10_000 },
            { accountId: revenue, amount: 10_000 },
          ],
        }),
      );
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => charge(key())));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    for (const r of results)
      if (r.status === 'rejected') expect((r.reason as { code?: string }).code).toBe('INSUFFICIENT_FUNDS');
    expect(await balance(id)).toBe(0);

    const id2 = await wallet(50_000);
    const same = key();
    const twice = await Promise.all(
      Array.from({ length: 4 }, () =>
        inTx(t.db, (tx) =>
          post(tx, actor, {
            kind: 'charge',
            key: same,
            memo: '',
            entries: [
              { accountId: id2, amount: -10_000 },
              { accountId: revenue, amount: 10_000 },
            ],
          }),
        ),
      ),
    );
    expect(twice.filter((r) => !r.replayed)).toHaveLength(1);
    expect(await balance(id2)).toBe(-10_000);
  });
});
