import type { TShopKind, TSiAccountRow } from '@shopdesk/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useShopKind } from '../../../shell/variant';

const TREE_BASE: Record<TShopKind, string> = { catering: '/console', retail: '/retail' };

/**
 * An SI's shop counts, each linking to the gaa shop list that shows exactly those shops: the catering list
 * (/gaa/business?si=…) and, when the SI has any, the retail tree's (docs/decisions/platform.md). One total
 * linked to the catering list showed more shops than the list did.
 */
export const SiShopCounts = ({ si }: { si: TSiAccountRow }) => {
  const { t } = useTranslation('adminUsers');
  const here = useShopKind();
  const query = `/gaa/business?si=${encodeURIComponent(si.displayName)}`;
  const link = (kind: TShopKind, count: number) => {
    const text = t(kind === 'catering' ? 'cateringShops' : 'retailShops', { count });
    // the other tree is another app (its own basename): a plain link
    return kind === here ? (
      <Link to={query} data-testid={`si-shops-${kind}`}>
        {text}
      </Link>
    ) : (
      <a href={`${TREE_BASE[kind]}${query}`} data-testid={`si-shops-${kind}`}>
        {text}
      </a>
    );
  };
  return (
    <span style={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-end' }}>
      {link('catering', si.cateringShopCount)}
      {si.retailShopCount > 0 ? link('retail', si.retailShopCount) : null}
    </span>
  );
};
