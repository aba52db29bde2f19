import { disableOldOaOp, enableOldOaOp, type TGaaShopRow } from '@shopdesk/contract';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useApiMutation } from '../../../lib/api-query';
import { notify } from '../../../lib/notify';
import { useVariant } from '../../../shell/variant';
import type { TRowAction } from './ActionCell';
import { usePatchGaaRow } from './patch-cache';
import type { TShopDialog } from './shop-dialogs';
import { contractPage, gaaSettingsPage, newTabHref, shopPage, updateOaPage } from './shop-links';

/**
 * spec 002 §4 "Old-account stop": confirm, then 舊OA已轉換 / 轉換失敗, or 操作取消; and its undo (
 * ours): confirm, then 舊OA已恢復 / 恢復失敗, or 操作取消. The confirmations are rendered by `holder`, which
 * the page mounts (so they take the app's theme and language).
 */
const useStopOldOa = () => {
  const { t } = useTranslation('shopLists');
  const [modal, holder] = Modal.useModal();
  const patch = usePatchGaaRow();
  const stop = useApiMutation(disableOldOaOp);
  const resume = useApiMutation(enableOldOaOp);
  const confirm = (shop: TGaaShopRow) =>
    modal.confirm({
      title: t('oaConfirmTitle', { name: shop.name }),
      content: t('oaConfirmBody'),
      okText: t('oaConfirm'),
      okButtonProps: { danger: true },
      cancelText: t('oaCancel'),
      onOk: () =>
        stop
          .mutateAsync({ params: { accountId: shop.id } })
          .then(() => {
            patch(shop.id, { isOaDisabled: true });
            notify.success(t('oaConverted'));
          })
          .catch(() => notify.error(t('oaFailed'))),
      onCancel: () => notify.info(t('oaCancelled')),
    });
  const confirmResume = (shop: TGaaShopRow) =>
    modal.confirm({
      title: t('oaResumeTitle', { name: shop.name }),
      content: t('oaResumeBody'),
      okText: t('oaResumeConfirm'),
      cancelText: t('oaCancel'),
      onOk: () =>
        resume
          .mutateAsync({ params: { accountId: shop.id } })
          .then(() => {
            patch(shop.id, { isOaDisabled: false });
            notify.success(t('oaResumed'));
          })
          .catch(() => notify.error(t('oaResumeFailed'))),
      onCancel: () => notify.info(t('oaCancelled')),
    });
  return { confirm, confirmResume, holder };
};

/** The thirteen actions of a gaa row (spec 002 §2 screen 1), in the spec's order, plus the stop's undo
 * while the old account is stopped; mount `holder` once. */
export const useGaaActions = (openDialog: (d: TShopDialog) => void) => {
  const { t } = useTranslation('shopLists');
  const { variant, basename } = useVariant();
  const retail = variant === 'retail';
  const stopOldOa = useStopOldOa();

  const actionsOf = (shop: TGaaShopRow): TRowAction[] => {
    const ref = { id: shop.id, name: shop.name, siAccountId: shop.siAccountId };
    const actions: (TRowAction | false)[] = [
      { key: 'params', label: t('actParams'), to: gaaSettingsPage(ref) },
      { key: 'edit', label: t('actEdit'), to: shopPage('gaa', retail, shop.id, 'edit') },
      { key: 'qr', label: t('actQr'), to: shopPage('gaa', retail, shop.id, 'qr') },
      { key: 'notify', label: t('actNotifyGroup'), href: newTabHref(basename, '/line-notify-groups', ref) },
      { key: 'contract', label: t('actContract'), to: contractPage(ref) },
      { key: 'logistics', label: t('actLogistics'), href: newTabHref(basename, '/logistics', ref) },
      {
        key: 'pos-users',
        label: t('actPosUsers'),
        onClick: () => openDialog({ kind: 'pos-users', shopId: shop.id, shopName: shop.name }),
      },
      { key: 'posmws', label: t('actIntegrations'), href: newTabHref(basename, '/posmws', ref) },
      {
        key: 'weekly-report',
        label: t('actWeeklyReport'),
        onClick: () =>
          openDialog({
            kind: 'weekly-report',
            accountId: shop.id,
            shopName: shop.name,
            shopEmail: shop.email,
          }),
      },
      { key: 'info-email', label: t('actInfoEmail'), href: newTabHref(basename, '/account-email', ref) },
      // The retail tree has no update-OA or order-limit pages (spec 000 §2 "Retail tree").
      !retail && { key: 'update-oa', label: t('actUpdateOa'), to: updateOaPage('gaa', ref) },
      {
        key: 'stop-oa',
        label: shop.isOaDisabled ? t('oaDone') : t('actStopOa'),
        disabled: shop.isOaDisabled,
        danger: !shop.isOaDisabled,
        onClick: () => stopOldOa.confirm(shop),
      },
      // the undo sits next to the stop while the old account is stopped
      shop.isOaDisabled && {
        key: 'resume-oa',
        label: t('actResumeOa'),
        onClick: () => stopOldOa.confirmResume(shop),
      },
      !retail && {
        key: 'order-limits',
        label: t('actOrderLimits'),
        to: shopPage('gaa', false, shop.id, 'order-limits'),
      },
    ];
    return actions.filter((a): a is TRowAction => Boolean(a));
  };
  return { actionsOf, holder: stopOldOa.holder };
};
