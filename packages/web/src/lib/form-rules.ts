import type { FormRule } from 'antd';
import type { z } from 'zod';

type TSchemaSource = z.ZodType | (() => Promise<z.ZodType>);

/**
 * An antd Form rule that validates with the contract's zod schema, so the form and the server check the
 * same shape (STYLE.md "one shape, one place"). Contract messages are zh-TW; en comes from englishFor.
 * The schema may be given as a loader, for forms that keep zod out of their first load (login).
 */
export const zodRule = (source: TSchemaSource, lang: string): FormRule => ({
  validator: async (_rule, value: unknown) => {
    const [schema, { englishFor }] = await Promise.all([
      typeof source === 'function' ? source() : source,
      import('./english-for'),
    ]);
    const result = schema.safeParse(value);
    if (result.success) return;
    const zh = result.error.issues[0]?.message ?? '';
    throw new Error(lang === 'en' ? (englishFor(zh) ?? zh) : zh);
  },
});
