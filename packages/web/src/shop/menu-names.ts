import type { TStorefrontMenu } from '@shopdesk/contract';
import type { TLang } from './i18n';

type TNamed = { name: string; nameEn?: string };
const named = <T extends TNamed>(x: T, lang: TLang): T =>
  lang === 'en' && x.nameEn ? { ...x, name: x.nameEn } : x;

/**
 * The menu in the chosen language: in English a class, product, option group or option shows its English
 * name, or its Chinese one when the shop gave none (docs/decisions/menus.md "Names").
 */
export const localMenu = (menu: TStorefrontMenu, lang: TLang): TStorefrontMenu =>
  lang === 'zh'
    ? menu
    : {
        ...menu,
        classes: menu.classes.map((c) => ({
          ...named(c, lang),
          products: c.products.map((p) => ({
            ...named(p, lang),
            description: (lang === 'en' && p.descriptionEn) || p.description,
            optionGroups: p.optionGroups.map((g) => ({
              ...named(g, lang),
              options: g.options.map((o) => named(o, lang)),
            })),
          })),
        })),
      };
