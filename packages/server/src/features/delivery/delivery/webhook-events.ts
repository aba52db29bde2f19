import { lt } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { deliveryWebhookEvents } from '../../../db/schema';

/**
 * How long a received courier webhook is remembered. The signature check refuses timestamps older than 5
 * minutes (adapters/delivery/signature.ts), so a day would do; two leave room for clock trouble.
 */
export const WEBHOOK_EVENT_KEEP_MS = 2 * 86_400_000;

/**
 * Records a verified webhook by its signature (the signed part of the body: a replay carries the same one),
 * inside the caller's transaction; false when it was received before, at this instance or another, before a
 * restart or not (the table's primary key decides).
 */
export const firstReceipt = async (tx: Db, vendor: string, signature: string, now = new Date()) =>
  (
    await tx
      .insert(deliveryWebhookEvents)
      .values({ vendor, eventKey: signature, receivedAt: now })
      .onConflictDoNothing()
      .returning({ key: deliveryWebhookEvents.eventKey })
  ).length > 0;

/** The scheduled prune (jobs/runner.ts): webhooks older than the keep time. */
export const pruneWebhookEvents = (db: Db, now = new Date()) =>
  db
    .delete(deliveryWebhookEvents)
    .where(lt(deliveryWebhookEvents.receivedAt, new Date(now.getTime() - WEBHOOK_EVENT_KEEP_MS)));
