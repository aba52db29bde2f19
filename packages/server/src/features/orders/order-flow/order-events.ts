import type { TBoardEvent } from '@shopdesk/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../db/client';
import { runPreparedSql } from '../../../db/prepared';
import type { orderItems, orders } from '../../../db/schema';

export const ORDER_EVENTS_CHANNEL = 'order_events';
/** First key of the per-shop advisory lock that keeps a shop's event ids in commit order. */
const EVENT_LOCK_SPACE = 7_270_007;

/** The kinds of the feed are the contract's (the board reads them). */
export type OrderEventKind = TBoardEvent['kind'];

export type OrderEventInput = {
  accountId: number;
  orderId: number | null;
  kind: OrderEventKind;
  status?: string | null;
  data?: Record<string, unknown>;
  actor?: string | null;
  /**
   * The order as the event's writer holds it in memory (order intake: the values it has just written), so a
   * reaction need not read it back (docs/decisions/orders.md "Intake statements: the cuts"). Never stored with the event; a writer
   * that does not have it leaves it out and the reactions read the order.
   */
  order?: OrderSnapshot;
};

/** What intake's reactions read of a new order: its columns below and its items' names, quantities and prices. */
export type OrderSnapshot = Pick<
  typeof orders.$inferSelect,
  'serial' | 'status' | 'mealType' | 'total' | 'isTest' | 'paymentMethod' | 'buyerTaxId' | 'carrier'
> & { items: Pick<typeof orderItems.$inferSelect, 'names' | 'quantity' | 'unitPrice'>[] };

/**
 * What other features do when an order changes (a LINE push to the shop's managers, an e-invoice, a courier
 * request, an integration webhook): a reaction runs inside the transaction that records the event and may
 * only write in it, normally `enqueueOutbox(tx, …)`, so the outgoing call exists exactly when the change
 * commits. Registered once at module load by the feature (`onOrderEvent(...)`); keep reactions short, the
 * shop's event lock is held while they run.
 */
export type OrderReaction = (
  tx: Db,
  event: OrderEventInput & { id: number },
  /** The gate's SQL answer when the gate asked one (see OrderReactionGate); undefined when it did not. */
  asked?: unknown,
) => Promise<void>;
/**
 * Whether a reaction has anything to do for an event, asked before it runs: false = nothing (it is not
 * called), true = call it, an SQL value = call it when the database answers neither null nor false. The SQL
 * is evaluated in the event's own statement, so a reaction whose shop has the feature off (no e-invoice, no
 * integration, no LINE channel) costs no round trip (docs/decisions/orders.md "Order intake: 22 statements →
 * 11"). The answer is handed to the reaction (`asked`): a gate may answer what the reaction would read first
 * (the LINE recipients, the integrations as json text), so that read costs no round trip either
 * (docs/decisions/orders.md "Intake statements: the cuts").
 */
export type OrderReactionGate = (event: OrderEventInput) => boolean | SQL;
const reactions: { react: OrderReaction; gate?: OrderReactionGate }[] = [];
export const onOrderEvent = (react: OrderReaction, gate?: OrderReactionGate) => {
  if (!reactions.some((r) => r.react === react)) reactions.push({ react, gate });
};

export type OrderEventRow = {
  id: number;
  accountId: number;
  orderId: number | null;
  kind: OrderEventKind;
  status: string | null;
  data: Record<string, unknown>;
  actor: string | null;
  createdAt: string;
};

/**
 * Records a change in the shop's order feed, inside the caller's transaction, and notifies the listeners
 * (PostgreSQL delivers NOTIFY at commit, so a board never hears of a change that was rolled back).
 * The per-shop transaction lock is taken before the id: two changes of one shop commit in id order, so a
 * board that resumes "after id N" can never skip a change committed later with a smaller id.
 * Call it as the transaction's last statement: the lock is held until commit.
 *
 * Lock order: the shop's accounts row first, then the feed lock. Order intake holds the row FOR
 * UPDATE (its shop lock) when it gets here; any other writer takes it FOR KEY SHARE in the same statement,
 * before the feed lock. Without that, the insert's foreign-key check asked for the row only after the feed
 * lock: a courier job or a board held the feed lock and waited for intake's row, intake held the row and
 * waited for the feed lock, and PostgreSQL ended one of them with "deadlock detected" (a 500).
 *
 * One round trip: the row lock, the feed lock, the NOTIFY and the insert are one statement. Each
 * step is a MATERIALIZED CTE the next one reads, so they run in that order and the id is drawn after the
 * lock; the NOTIFY still reaches listeners only at commit. The reactions run after it, in the transaction.
 */
export const recordOrderEvent = async (tx: Db, e: OrderEventInput): Promise<number> => {
  const recorded = await recordOrderEventWith(tx, e);
  await runOrderReactions(tx, e, recorded);
  return recorded.id;
};

/**
 * The writes a caller folds into the event's statement, before the event (order intake's serial, order,
 * items and promotion uses: docs/decisions/orders.md "Order intake CPU"). `ctes` are more CTEs of the statement
 * (data-modifying ones run once, whatever reads them); `orderId` is the event's order id as SQL (the id
 * the order's insert returns); `data` is jsonb merged into the event's data (values only the statement
 * knows, the serial); `columns` are more output columns (`, expr as name`, …). The shop's locks are taken
 * in the same order as before: the caller holds the accounts row, products and promotions; the feed lock
 * is the last lock of the transaction, and no other writer waits for it while the shop's row is held.
 */
export type OrderEventFold = { ctes: SQL; orderId: SQL; data?: SQL; columns?: SQL };

/** `recordOrderEvent` with writes folded in (OrderEventFold): the event id and the statement's row. */
export const recordOrderEventWith = async <R extends Record<string, unknown> = Record<string, never>>(
  tx: Db,
  e: OrderEventInput,
  fold?: OrderEventFold,
): Promise<RecordedEvent<R>> => {
  // each reaction's gate: decided here (true/false) or asked in the statement below (g0, g1, …); a folded
  // order id is not known yet, but there is one (the gates ask only whether there is one, never its value)
  const asking = fold && !e.orderId ? { ...e, orderId: -1 } : e;
  const gates = reactions.map((r) => (r.gate ? r.gate(asking) : true));
  const [row] = await queryRows<{ id: number } & Record<string, unknown>>(
    tx,
    eventStatement(
      {
        accountId: e.accountId,
        orderId: fold ? fold.orderId : e.orderId,
        kind: e.kind,
        status: e.status ?? null,
        data: sql`${JSON.stringify(e.data ?? {})}::jsonb`,
        actor: e.actor ?? null,
      },
      gates,
      fold,
    ),
  );
  // no row: the shop does not exist (the insert's foreign key would have refused it too)
  if (!row) throw new Error(`recordOrderEvent: no shop ${e.accountId}`);
  return { id: Number(row.id), row: row as unknown as R, gates };
};

/** The event's statement: its values (plain values or placeholders), the gates asked in it, the fold. */
const eventStatement = (
  v: { accountId: unknown; orderId: unknown; kind: unknown; status: unknown; data: SQL; actor: unknown },
  gates: (boolean | SQL)[],
  fold?: OrderEventFold,
) => {
  const asked = gates.flatMap((g, i) =>
    typeof g === 'boolean' ? [] : [sql`, (${g}) as ${sql.raw(`g${i}`)}`],
  );
  return sql`with ${fold ? sql`${fold.ctes}, ` : sql``}shop as materialized (select id from accounts where id = ${v.accountId} for key share),
          feed as materialized (select id, pg_advisory_xact_lock(${EVENT_LOCK_SPACE}::int, id) from shop),
          note as materialized (select pg_notify(${ORDER_EVENTS_CHANNEL}, id::text) from feed),
          ins as (insert into order_events (account_id, order_id, kind, status, data, actor)
            select feed.id, ${v.orderId}, ${v.kind}, ${v.status},
              ${fold?.data ? sql`${v.data} || ${fold.data}` : v.data}, ${v.actor}
            from feed, note
            returning id)
        select id::float8 as id${sql.join(asked)}${fold?.columns ?? sql``} from ins`;
};

/**
 * `recordOrderEventWith` for a caller that runs the same statement for every event of a kind (order intake):
 * `fold` is built once per shape with `sql.placeholder(…)` for its values, and `values` fills them. The
 * statement is run by name (db/prepared.ts `runPreparedSql`), built on its first run only
 * (docs/decisions/orders.md "Intake CPU: The order statement built once"). The shape is `name`, the event's
 * kind and status and which gates are asked in SQL: a gate answers from the event's kind, status and whether
 * it has an order, and takes the shop as a value (the placeholder `ev_account` when the statement is built).
 */
export const recordOrderEventPrepared = async <R extends Record<string, unknown>>(
  tx: Db,
  e: OrderEventInput,
  fold: { name: string; build: () => OrderEventFold; values: Record<string, unknown> },
): Promise<RecordedEvent<R>> => {
  const asking = e.orderId ? e : { ...e, orderId: -1 };
  const gates = reactions.map((r) => (r.gate ? r.gate(asking) : true));
  const shape = gates.map((g) => (g === true ? 't' : g === false ? 'f' : 's')).join('');
  const name = `${fold.name}_${e.kind}_${e.status ?? ''}_${shape}`;
  const [row] = await runPreparedSql<{ id: number } & Record<string, unknown>>(
    tx,
    name,
    () => {
      const v = (n: string) => sql.placeholder(n);
      const placeheld = { ...asking, accountId: v('ev_account') as unknown as number };
      const built = fold.build();
      return eventStatement(
        {
          accountId: v('ev_account'),
          orderId: built.orderId,
          kind: v('ev_kind'),
          status: v('ev_status'),
          data: sql`${v('ev_data')}::jsonb`,
          actor: v('ev_actor'),
        },
        reactions.map((r) => (r.gate ? r.gate(placeheld) : true)),
        built,
      );
    },
    {
      ...fold.values,
      ev_account: e.accountId,
      ev_kind: e.kind,
      ev_status: e.status ?? null,
      ev_data: JSON.stringify(e.data ?? {}),
      ev_actor: e.actor ?? null,
    },
  );
  if (!row) throw new Error(`recordOrderEvent: no shop ${e.accountId}`);
  return { id: Number(row.id), row: row as unknown as R, gates };
};

/** An event recorded by `recordOrderEventWith`: its id, the statement's row and the reactions' gates. */
export type RecordedEvent<R = Record<string, unknown>> = {
  id: number;
  row: R;
  gates: (boolean | SQL)[];
};

/**
 * Runs the reactions of an event recorded by `recordOrderEventWith` (recordOrderEvent runs them itself):
 * the caller first completes `e` with what the statement gave (the folded order id, the serial).
 */
export const runOrderReactions = async (tx: Db, e: OrderEventInput, recorded: RecordedEvent<object>) => {
  const row = recorded.row as Record<string, unknown>;
  for (const [i, { react }] of reactions.entries()) {
    const g = recorded.gates[i];
    const asked = typeof g === 'boolean' ? undefined : row[`g${i}`];
    if (g === false || (typeof g !== 'boolean' && (asked === null || asked === undefined || asked === false)))
      continue;
    await react(tx, { ...e, id: recorded.id }, asked);
  }
};

const eventColumns = sql`id::float8 as "id", account_id as "accountId", order_id::float8 as "orderId", kind,
  status, data::text as "data", actor, created_at as "createdAt"`;

const toEvent = (
  r: Omit<OrderEventRow, 'data' | 'createdAt'> & { data: string; createdAt: string | Date },
) => ({
  ...r,
  // read as text: drizzle's jsonb parsing double-parses string values (docs/decisions/orders.md)
  data: JSON.parse(r.data) as Record<string, unknown>,
  createdAt: new Date(r.createdAt).toISOString(),
});

/** A shop's events after `afterId`, oldest first. */
export const eventsAfter = async (db: Db, accountId: number, afterId: number, limit = 500) =>
  (
    await queryRows<Parameters<typeof toEvent>[0]>(
      db,
      sql`select ${eventColumns} from order_events where account_id = ${accountId} and id > ${afterId}
          order by id limit ${limit}`,
    )
  ).map(toEvent);

/** The newest event id of a shop (0 when none): a board that loaded its orders resumes the feed from it. */
export const lastEventId = async (db: Db, accountId: number): Promise<number> => {
  const [row] = await queryRows<{ id: number | null }>(
    db,
    sql`select max(id)::float8 as id from order_events where account_id = ${accountId}`,
  );
  return Number(row?.id ?? 0);
};

/** One order's events, oldest first: the status history of the detail drawer. */
export const eventsOfOrder = async (db: Db, orderId: number, where: SQL = sql`true`) =>
  (
    await queryRows<Parameters<typeof toEvent>[0]>(
      db,
      sql`select ${eventColumns} from order_events where order_id = ${orderId} and ${where} order by id`,
    )
  ).map(toEvent);
