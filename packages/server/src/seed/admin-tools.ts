import { DEFAULT_TEMPLATE_MASTER, DEFAULT_TEMPLATE_OPTIONS } from '@shopdesk/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { businesses, printerTemplates, shopTagManagers } from '../db/schema';

/** A dine-in ticket with the table number big on top, for the kitchen runner (demo). */
const TABLE_FIRST = [
  '[center,big,bold]桌 {{table}}',
  '[center]{{shop}}',
  '[bold]{{reprint}}#{{serial}} {{mealType}} >> {{createdAt}}',
  '[bold]((備註 {{comment}}))',
  '---',
  '{{items}}',
  '---',
  '品項小計 >> {{subtotal}}',
  '((折扣 -{{discount}}))',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: NT$ then the {{total}} field, not a JS template
  '[bold]合計 >> NT${{total}}',
].join('\n');

/**
 * Demo admin tools: the default printer template and a table-first dine-in one, which the
 * second shop (it has a kitchen printer) uses for its eat-in tickets; a GTM container on the third shop.
 */
export const seedAdminTools = async (
  db: Db,
  templateShopId: number | undefined,
  gtmShopId: number | undefined,
) => {
  await db
    .insert(printerTemplates)
    .values({ master: DEFAULT_TEMPLATE_MASTER, options: DEFAULT_TEMPLATE_OPTIONS });
  const [custom] = await db
    .insert(printerTemplates)
    .values({
      master: TABLE_FIRST,
      options: JSON.stringify(
        { itemLine: '[bold]{{quantity}} × {{name}}', optionLine: '    {{name}}' },
        null,
        2,
      ),
    })
    .returning();
  if (templateShopId)
    await db
      .update(businesses)
      .set({ isPrinterTemplate: true, printerTemplates: { here: custom!.id, togo: null, deliver: null } })
      .where(eq(businesses.accountId, templateShopId));
  if (gtmShopId) await db.insert(shopTagManagers).values({ accountId: gtmShopId, gtmId: 'GTM-DEMO123' });
};
