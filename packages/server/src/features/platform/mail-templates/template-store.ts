import {
  DEFAULT_MAIL_TEMPLATES,
  MAIL_PLACEHOLDERS,
  MAIL_TEMPLATE_KINDS,
  renderPlaceholders,
  type TMailTemplate,
  type TMailTemplateKind,
} from '@shopdesk/contract';
import { and, eq, sql } from 'drizzle-orm';
import { type MailRow, renderMail } from '../../../adapters/mail/render-mail';
import type { Db } from '../../../db/client';
import { accounts, siAccounts, siMailTemplates, users } from '../../../db/schema';

type Row = typeof siMailTemplates.$inferSelect;
const view = (kind: TMailTemplateKind, row: Row | undefined): TMailTemplate =>
  row
    ? { kind, subject: row.subject, body: row.body, custom: true, updatedAt: row.updatedAt.toISOString() }
    : { kind, ...DEFAULT_MAIL_TEMPLATES[kind], custom: false, updatedAt: null };

export const listTemplates = async (db: Db, siAccountId: number): Promise<TMailTemplate[]> => {
  const rows = await db.select().from(siMailTemplates).where(eq(siMailTemplates.siAccountId, siAccountId));
  return MAIL_TEMPLATE_KINDS.map((kind) =>
    view(
      kind,
      rows.find((r) => r.kind === kind),
    ),
  );
};

/** The template a mail of this kind uses: its SI's own when saved, else the default (no SI: the default). */
export const templateFor = async (db: Db, siAccountId: number | null, kind: TMailTemplateKind) => {
  if (siAccountId === null) return view(kind, undefined);
  const [row] = await db
    .select()
    .from(siMailTemplates)
    .where(and(eq(siMailTemplates.siAccountId, siAccountId), eq(siMailTemplates.kind, kind)));
  return view(kind, row);
};

export const saveTemplate = async (
  db: Db,
  siAccountId: number,
  kind: TMailTemplateKind,
  t: { subject: string; body: string },
  userId: number,
) => {
  const values = {
    siAccountId,
    kind,
    subject: t.subject,
    body: t.body,
    updatedBy: userId,
    updatedAt: new Date(),
  };
  const [row] = await db
    .insert(siMailTemplates)
    .values(values)
    .onConflictDoUpdate({ target: [siMailTemplates.siAccountId, siMailTemplates.kind], set: values })
    .returning();
  return view(kind, row);
};

export const resetTemplate = async (db: Db, siAccountId: number, kind: TMailTemplateKind) => {
  await db
    .delete(siMailTemplates)
    .where(and(eq(siMailTemplates.siAccountId, siAccountId), eq(siMailTemplates.kind, kind)));
  return view(kind, undefined);
};

export const siNameOf = async (db: Db, siAccountId: number | null) => {
  if (siAccountId === null) return null;
  const [si] = await db
    .select({ name: siAccounts.displayName })
    .from(siAccounts)
    .where(eq(siAccounts.id, siAccountId));
  return si?.name ?? null;
};

/** The SI a shop belongs to (null: none). */
export const siOfShop = async (db: Db, accountId: number) => {
  const [row] = await db
    .select({ si: accounts.siAccountId })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row?.si ?? null;
};

/** The SI a user's mails go out for: an si user's own; an owner's (eaa) first shop's; a manager's shop's. */
export const siOfUserEmail = async (db: Db, email: string) => {
  const rows = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`);
  const user = rows[0];
  if (!user) return null;
  if (user.siAccountId) return user.siAccountId;
  const shopId = user.shopAccountId;
  if (shopId) return siOfShop(db, shopId);
  const [owned] = await db
    .select({ si: accounts.siAccountId })
    .from(accounts)
    .where(eq(accounts.ownerUserId, user.id))
    .orderBy(accounts.id)
    .limit(1);
  return owned?.si ?? null;
};

/**
 * One templated mail: the subject and body filled in, then the data table the kind always carries (figures,
 * links), so an SI's wording can never drop the facts the mail exists for.
 */
export const composeMail = (
  template: { kind: TMailTemplateKind; subject: string; body: string },
  values: Record<string, string | number | null | undefined>,
  rows: MailRow[] = [],
  note?: string,
) => {
  const offered = MAIL_PLACEHOLDERS[template.kind];
  const subject = renderPlaceholders(template.subject, values, offered).replace(/\s+/g, ' ').trim();
  const intro = renderPlaceholders(template.body, values, offered).trim();
  return { subject, ...renderMail({ title: subject, intro, rows, note }) };
};
