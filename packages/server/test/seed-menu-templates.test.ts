import { describe, expect, it } from 'vitest';
import { SHOP_KINDS } from '../src/seed/demo-data';
import { templateFor } from '../src/seed/menu-kinds';

// Demo menus a customer can order from as labelled (docs/decisions/menus.md "Demo menus and photos"): a group
// that says "at most N" has N options to choose, and a required group can be filled.
describe('demo menu templates', () => {
  it('every option group of every shop kind has a reachable max (max ≤ its options) and min ≤ max', () => {
    const bad: string[] = [];
    for (const kind of SHOP_KINDS)
      for (const c of templateFor(kind))
        for (const p of c.products)
          for (const g of p.groups ?? [])
            if (g.max > g.options.length || g.min > g.max)
              bad.push(`${kind} ${p.zh} ${g.zh}: min ${g.min} max ${g.max}, ${g.options.length} options`);
    expect(bad).toEqual([]);
  });
});
