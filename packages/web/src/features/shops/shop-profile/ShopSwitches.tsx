import type { TShopPortal } from '@shopdesk/contract';
import { Flex, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { useSetManualAccept, useSetOnlineOrdering } from './shop-profile-queries';

/**
 * Online ordering (isEnabled) and manual acceptance (isManual) as switches of their own (spec 000 §4): each
 * writes only its field (PUT /{type}/shops/{id}/status, POST /{type}/qcpos/shops/{id}/manual-accept/{on|off}),
 * so a shop whose other data fails an edit-form rule can still be switched off at once. Success shows
 * 線上接單狀態已更改 (spec 000 §8); a refusal shows the server's message.
 */
export const ShopSwitches = ({
  type,
  id,
  isEnabled,
  isManual,
}: {
  type: TShopPortal;
  id: number;
  isEnabled: boolean;
  isManual: boolean;
}) => {
  const { t } = useTranslation('shopProfile');
  const done = { onSuccess: () => notify.success(t('statusChanged')), onError: notify.apiError };
  const online = useSetOnlineOrdering(type, id);
  const manual = useSetManualAccept(type, id);
  const busy = online.isPending || manual.isPending;
  const item = (
    testId: string,
    label: string,
    checked: boolean,
    loading: boolean,
    change: (v: boolean) => void,
  ) => (
    <Flex align="center" gap={8}>
      <Typography.Text>{label}</Typography.Text>
      <Switch
        data-testid={testId}
        aria-label={label}
        checked={checked}
        loading={loading}
        disabled={busy && !loading}
        onChange={change}
      />
    </Flex>
  );
  return (
    <Flex gap={24} wrap align="center">
      {item('switch-online', t('fields.isEnabled'), isEnabled, online.isPending, (v) =>
        online.mutate({ params: { type, accountId: id }, body: { isEnabled: v } }, done),
      )}
      {item('switch-manual', t('fields.isManual'), isManual, manual.isPending, (v) =>
        manual.mutate({ params: { type, accountId: id, onOff: v ? 'on' : 'off' } }, done),
      )}
    </Flex>
  );
};
