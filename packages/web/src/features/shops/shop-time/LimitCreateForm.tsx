import { TIME_TAB_ORDER_LIMIT_DEFAULTS, type TShopPortal } from '@shopdesk/contract';
import { Button, Card, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/error-text';
import { notify } from '../../../lib/notify';
import { useOneAtATime } from '../../../lib/use-one-at-a-time';
import { useDirtyReport } from '../shop-settings/dirty/dirty-scope';
import { OrderLimitForm } from './OrderLimitFields';
import { checkDraft, draftOf, sameDraft, type TLimitErrors } from './order-limit-form';
import { useOrderLimits, useOrderLimitWrites } from './order-limit-queries';

const DEFAULTS = draftOf(TIME_TAB_ORDER_LIMIT_DEFAULTS);

/**
 * The Time tab's creation form (spec 001 §3, §4): starts from eat_in, all days, 00:00–23:59, 15 minutes,
 * 5 orders; hiding it or adding a limit resets it. Pending while it differs from the defaults.
 */
export const LimitCreateForm = ({
  type,
  accountId,
  onClose,
}: {
  type: TShopPortal;
  accountId: number;
  onClose: () => void;
}) => {
  const { t, i18n } = useTranslation('shopTime');
  const writes = useOrderLimitWrites(type, accountId);
  const list = useOrderLimits(type, accountId);
  const [draft, setDraft] = useState(DEFAULTS);
  const [errors, setErrors] = useState<TLimitErrors>({});
  useDirtyReport(!sameDraft(draft, DEFAULTS));

  const [add, adding] = useOneAtATime(async () => {
    const checked = checkDraft(draft, i18n.language, { limits: list.data?.orderLimits ?? [] });
    if (!checked.ok) return setErrors(checked.errors);
    try {
      await writes.create(checked.data);
      notify.success(t('limitCreated'));
      setDraft(DEFAULTS);
      setErrors({});
    } catch (err) {
      // spec 001 §8 Order limit: add fail 'error adding, retry', with the server's reason under it
      notify.card('error', t('limitCreateFailed'), errorText(err));
    }
  });

  return (
    <Card size="small" type="inner" title={t('addLimit')}>
      <OrderLimitForm
        draft={draft}
        errors={errors}
        onChange={(next) => {
          setDraft(next);
          setErrors({});
        }}
      />
      <Space>
        <Button type="primary" onClick={add} loading={adding || writes.saving}>
          {t('add')}
        </Button>
        <Button onClick={onClose}>{t('hideForm')}</Button>
      </Space>
    </Card>
  );
};
