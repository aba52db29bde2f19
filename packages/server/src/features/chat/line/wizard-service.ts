import { randomBytes } from 'node:crypto';
import {
  ERROR_CODES,
  richMenuByFile,
  richMenuInEffect,
  type TApplyRichMenu,
  type TWizardBusiness,
  type TWizardFinish,
  WIZARD_BUSINESS_DEFAULTS,
  WIZARD_MESSAGES,
  WIZARD_SAMPLE_PRODUCT,
  wizardFinishViolation,
} from '@shopdesk/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { LineApiError } from '../../../adapters/line';
import type { Db } from '../../../db/client';
import { accounts, businesses, menuClasses, products, siAccounts } from '../../../db/schema';
import { ApiError, badRequest, notFound } from '../../../http/errors';
import type { SessionUser } from '../../../identity/session-store';
import { writeAudit } from '../../platform/audit/write-audit';
import { assertOpenable, openRegistration } from '../../platform/registrations/registration-store';
import { relocateShop } from '../../shops/shop-profile/shop-point';
import { insertChannel, loadChannel, updateChannel } from './channel-store';
import { createDefaultRichMenu, deleteRichMenus, richMenuLinks } from './rich-menu-service';

/**
 * LINE refused or failed: 502 with LINE's reason (the wizard shows it under 錯誤). LINE's error stays the
 * cause: the OA settings update (oa-service.ts) tells a refusal of the entered values from LINE being down.
 */
export const lineFailure = (err: unknown) =>
  err instanceof LineApiError
    ? Object.assign(new ApiError(502, 'LINE_ERROR', WIZARD_MESSAGES.richMenuFailed(err.reason)), {
        cause: err,
      })
    : err;

/** The "no bot" keys (spec 000 §4): generated, never valid at LINE; the chatbot is then disabled. */
export const generateAccountKey = () => ({
  channelId: `NOBOT${Date.now()}${randomBytes(2).toString('hex')}`,
  channelSecret: randomBytes(16).toString('hex'),
  channelAccessToken: `nobot.${randomBytes(32).toString('base64url')}`,
});

const businessValues = (b: TWizardBusiness) => ({
  name: b.businessName,
  email: b.email,
  phone: b.phone,
  address: b.address,
  bossEmail: b.bossEmail,
  bossPhone: b.bossPhone,
  invoice: b.invoice ?? null,
  fbUrl: b.fbUrl ?? null,
  googleReviewUrl: b.googleReviewUrl ?? null,
});

/** A starter menu when the shop has none (the wizard's default-item call): one class, one product. */
export const ensureDefaultItem = async (tx: Db, accountId: number) => {
  const [has] = await tx
    .select({ id: menuClasses.id })
    .from(menuClasses)
    .where(eq(menuClasses.accountId, accountId));
  if (has) return false;
  const [cls] = await tx
    .insert(menuClasses)
    .values({ accountId, sku: 'C01', names: { zh: '招牌推薦', en: 'Signature' } })
    .returning({ id: menuClasses.id });
  await tx.insert(products).values({
    accountId,
    classId: cls!.id,
    names: { ...WIZARD_SAMPLE_PRODUCT.names },
    description: { ...WIZARD_SAMPLE_PRODUCT.description },
    price: WIZARD_SAMPLE_PRODUCT.price,
  });
  return true;
};

/**
 * Finish of the shop-opening wizard (spec 000 §4): account → business → rich menu at LINE (unless the
 * chatbot is disabled) → default item → SI link, in ONE transaction. LINE is called inside it: a failure
 * there rolls everything back (no orphan account or business) and the menu made at LINE is deleted again;
 * a failure after LINE succeeded deletes that menu too. Answers 502 with LINE's reason.
 */
export const finishWizard = async (
  app: FastifyInstance,
  user: SessionUser,
  input: TWizardFinish,
  base: string,
) => {
  const { account: a, business: b, richMenu } = input;
  const violation = wizardFinishViolation({
    siAccountId: richMenu.siAccountId,
    fileName: richMenu.fileName,
    fbUrl: b.fbUrl,
    googleReviewUrl: b.googleReviewUrl,
    isChatbotDisabled: a.isChatbotDisabled,
  });
  if (violation)
    throw badRequest(violation, violation === WIZARD_MESSAGES.chooseSi ? 'siAccountId' : 'fbUrl');
  const def = richMenuByFile(richMenu.fileName);
  if (!def || def.kind !== richMenu.type) throw badRequest(WIZARD_MESSAGES.unknownRichMenu, 'fileName');
  const db = app.database.db;
  const [si] = await db
    .select({ id: siAccounts.id })
    .from(siAccounts)
    .where(eq(siAccounts.id, richMenu.siAccountId!));
  if (!si) throw badRequest(WIZARD_MESSAGES.chooseSi, 'siAccountId');
  // one shop per LINE channel. Checked here for a clear answer before LINE is called; two Finishes
  // racing past this check meet the unique index (accounts_line_channel_id_key), which answers 409 as well.
  const [taken] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.lineChannelId, a.channelId));
  if (taken) throw new ApiError(409, ERROR_CODES.conflict, WIZARD_MESSAGES.channelTaken, 'channelId');
  // opened from an application, which must be approved (checked again, locked, in the transaction)
  if (input.registrationId) await assertOpenable(db, input.registrationId);

  let madeAtLine: string | null = null;
  try {
    return await db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const [acc] = await tx
        .insert(accounts)
        .values({ kind: richMenu.type, siAccountId: si.id, randomCode: randomBytes(4).toString('hex') })
        .returning({ id: accounts.id });
      if (!acc) throw new ApiError(500, 'WIZARD_ACCOUNT', WIZARD_MESSAGES.accountFailed);
      const accountId = acc.id;
      const [biz] = await tx
        .insert(businesses)
        .values({
          id: accountId,
          accountId,
          ...businessValues(b),
          ...WIZARD_BUSINESS_DEFAULTS,
          deliveryDistanceTh: String(WIZARD_BUSINESS_DEFAULTS.deliveryDistanceTh),
          // spec 000 §9: every boolean but isEatInCash off
          isEatIn: false,
          isEnabled: false,
        })
        .returning({ id: businesses.id });
      if (!biz) throw new ApiError(500, 'WIZARD_BUSINESS', WIZARD_MESSAGES.businessFailed);
      await relocateShop(tx, accountId, b.address);
      await insertChannel(tx, app.secretBox, accountId, a);
      if (!a.isChatbotDisabled) {
        const links = richMenuLinks({ accountId, ...a, pickUpLiffId: a.pickUpLiffId ?? null, ...b }, base);
        // a new shop starts with pick-up off (spec 000 §9): the pick-up-cup style shows as basic until it is on
        const shown = richMenuInEffect(def, false);
        try {
          madeAtLine = await createDefaultRichMenu(app.line, a.channelAccessToken, shown, links);
        } catch (err) {
          throw lineFailure(err);
        }
        await updateChannel(tx, accountId, {
          richMenuFile: def.fileName,
          liveRichMenuFile: shown.fileName,
          richMenuId: madeAtLine,
          linkBase: base,
          menuState: 'open',
        });
      } else {
        await updateChannel(tx, accountId, { richMenuFile: def.fileName, linkBase: base });
      }
      await ensureDefaultItem(tx, accountId);
      await writeAudit(tx, user, {
        accountId,
        resourceCode: 'accounts',
        action: 'create',
        displayName: '開店精靈',
        displayLog: `開店精靈建立商店「${b.businessName}」（LINE帳號「${a.accountName}」，選單 ${def.displayName}${
          a.isChatbotDisabled ? '，不使用機器人' : ''
        }）`,
        target: { table: 'accounts', id: accountId },
        newValue: {
          accountName: a.accountName,
          channelId: a.channelId,
          richMenu: def.fileName,
          siAccountId: si.id,
        },
      });
      if (input.registrationId) await openRegistration(tx, input.registrationId, accountId, user.id, base);
      return { data: { accountId, businessId: biz.id, richMenuId: madeAtLine } };
    });
  } catch (err) {
    if (madeAtLine)
      await deleteRichMenus(app.line, a.channelAccessToken, [madeAtLine]).catch((e) =>
        app.log.error({ err: (e as Error).message }, 'wizard: could not delete the rich menu made at LINE'),
      );
    throw err;
  }
};

/** POST /gaa/line-accounts/{id}/businesses: the step-2 fields of an existing shop. */
export const saveWizardBusiness = async (db: Db, user: SessionUser, accountId: number, b: TWizardBusiness) =>
  db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [before] = await tx
      .select({ address: businesses.address })
      .from(businesses)
      .where(eq(businesses.id, accountId))
      .for('update');
    const [row] = await tx
      .update(businesses)
      .set({ ...businessValues(b), updatedAt: new Date() })
      .where(eq(businesses.id, accountId))
      .returning({ id: businesses.id });
    if (!row) throw notFound();
    if (before?.address !== b.address) await relocateShop(tx, accountId, b.address);
    await writeAudit(tx, user, {
      accountId,
      resourceCode: 'business',
      action: 'update',
      displayName: '商店資訊',
      displayLog: `商店資訊：${b.businessName}、${b.email}、${b.phone}`,
      target: { table: 'businesses', id: accountId },
      newValue: businessValues(b),
    });
    return { data: { businessId: row.id } };
  });

/**
 * Applies a rich-menu style to a shop's account (wizard's rich-menu call, OA settings' update): the new menu
 * is made default at LINE first, then stored; the old ones are deleted at LINE after the commit.
 */
export const applyRichMenu = async (
  app: FastifyInstance,
  user: SessionUser,
  accountId: number,
  body: Pick<TApplyRichMenu, 'fileName'>,
  base: string,
) => {
  const db = app.database.db;
  const ch = await loadChannel(db, app.secretBox, accountId);
  if (!ch) throw badRequest(WIZARD_MESSAGES.noChannel);
  const def = richMenuByFile(body.fileName);
  if (!def || def.kind !== ch.kind) throw badRequest(WIZARD_MESSAGES.unknownRichMenu, 'fileName');
  const [biz] = await db
    .select({
      fbUrl: businesses.fbUrl,
      googleReviewUrl: businesses.googleReviewUrl,
      isPickup: businesses.isPickup,
    })
    .from(businesses)
    .where(eq(businesses.id, accountId));
  // the chosen style as the pick-up switch shows it (docs/decisions/chat.md "Pick-up rich menu")
  const shown = richMenuInEffect(def, Boolean(biz?.isPickup));
  let id: string;
  try {
    id = await createDefaultRichMenu(app.line, ch.accessToken, shown, richMenuLinks({ ...ch, ...biz }, base));
  } catch (err) {
    throw lineFailure(err);
  }
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await updateChannel(tx, accountId, {
      richMenuFile: def.fileName,
      liveRichMenuFile: shown.fileName,
      richMenuId: id,
      closedRichMenuId: null,
      closedLabel: null,
      menuState: 'open',
      linkBase: base,
    });
    await writeAudit(tx, user, {
      accountId,
      resourceCode: 'accounts',
      action: 'update',
      displayName: '圖文選單',
      displayLog: `圖文選單：${ch.richMenuFile ?? '（空）'} → ${def.fileName}`,
      target: { table: 'line_channels', key: 'rich_menu_file', id: accountId },
      oldValue: ch.richMenuFile,
      newValue: def.fileName,
    });
  });
  await deleteRichMenus(app.line, ch.accessToken, [ch.richMenuId, ch.closedRichMenuId]).catch((err) =>
    app.log.warn({ err: (err as Error).message, accountId }, 'LINE: the old rich menu could not be deleted'),
  );
  return { data: { richMenuId: id } };
};
