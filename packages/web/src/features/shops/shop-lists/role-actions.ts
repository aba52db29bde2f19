import { useTranslation } from 'react-i18next';
import { useVariant } from '../../../shell/variant';
import type { TRowAction } from './ActionCell';
import type { TShopDialog } from './shop-dialogs';
import { infoPage, newTabHref, shopPage, type TShopRef, updateOaPage } from './shop-links';

/** The si row's actions (spec 002 §2 screen 2), in the spec's order. */
export const useSiActions = () => {
  const { t } = useTranslation('shopLists');
  const { variant, basename } = useVariant();
  const retail = variant === 'retail';
  return (shop: TShopRef): TRowAction[] => {
    const actions: (TRowAction | false)[] = [
      // spec 002 §2 screen 2: si's "shop parameters" opens the info page (si has no settings page, 000 §2), so
      // the button carries that page's name: one name per page across roles
      { key: 'params', label: t('actInfo'), to: infoPage('si', retail, shop) },
      { key: 'edit', label: t('actEdit'), to: shopPage('si', retail, shop.id, 'edit') },
      { key: 'qr', label: t('actQr'), to: shopPage('si', retail, shop.id, 'qr') },
      { key: 'opening', label: t('actOpening'), href: newTabHref(basename, '/opening', shop) },
      { key: 'posmws', label: t('actIntegrations'), href: newTabHref(basename, '/posmws', shop) },
      { key: 'logistics', label: t('actLogistics'), href: newTabHref(basename, '/logistics', shop) },
      { key: 'info-email', label: t('actInfoEmail'), href: newTabHref(basename, '/account-email', shop) },
      // The retail tree has no update-OA or order-limit pages (spec 000 §2 "Retail tree").
      !retail && { key: 'update-oa', label: t('actUpdateOa'), to: updateOaPage('si', shop) },
      !retail && {
        key: 'order-limits',
        label: t('actOrderLimits'),
        to: shopPage('si', false, shop.id, 'order-limits'),
      },
    ];
    return actions.filter((a): a is TRowAction => Boolean(a));
  };
};

/** The eaa row's actions (spec 002 §2 screen 3), in the spec's order. */
export const useEaaActions = (openDialog: (d: TShopDialog) => void) => {
  const { t } = useTranslation('shopLists');
  const { variant, basename } = useVariant();
  const retail = variant === 'retail';
  return (shop: TShopRef): TRowAction[] => {
    const actions: (TRowAction | false)[] = [
      { key: 'params', label: t('actParams'), to: `/eaa/business/${shop.id}/settings` },
      { key: 'acls', label: t('actAcls'), to: `/eaa/business/${shop.id}/acls` },
      { key: 'qr', label: t('actQrGenerate'), to: shopPage('eaa', retail, shop.id, 'qr') },
      { key: 'notify', label: t('actPushGroup'), href: newTabHref(basename, '/line-notify-groups', shop) },
      { key: 'opening', label: t('actClosedDays'), href: newTabHref(basename, '/opening', shop) },
      { key: 'logistics', label: t('actLogistics'), href: newTabHref(basename, '/logistics', shop) },
      {
        key: 'pos-users',
        label: t('actPosUsers'),
        onClick: () => openDialog({ kind: 'pos-users', shopId: shop.id, shopName: shop.name }),
      },
      !retail && {
        key: 'order-limits',
        label: t('actOrderLimits'),
        to: shopPage('eaa', false, shop.id, 'order-limits'),
      },
    ];
    return actions.filter((a): a is TRowAction => Boolean(a));
  };
};
