import type { TOpeningList, TOpeningPeriod, TShopPortal } from '@shopdesk/contract';
import { Alert, Card, Flex, Modal, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/error-text';
import { notify } from '../../../lib/notify';
import { PeriodTable } from './PeriodTable';
import { useOpeningHours, useSaveOpeningHours } from './shop-time-queries';

type TProps = { type: TShopPortal; accountId: number };

/**
 * Service periods (spec 001 §2.3): the default table, then self-pickup and delivery, each 'same as
 * default' (an empty list) or 'custom'. Every save sends the three lists (spec 001 §7 PUT opening-hours).
 */
export const OpeningHoursCard = ({ type, accountId }: TProps) => {
  const { t } = useTranslation('shopTime');
  const hours = useOpeningHours(type, accountId);
  const saver = useSaveOpeningHours(type, accountId);
  // 'custom' chosen but nothing saved yet: the list stays empty (same as default) until a period is saved
  const [modal, modalHolder] = Modal.useModal();
  const [customOpen, setCustomOpen] = useState<Record<'togo' | 'delivery', boolean>>({
    togo: false,
    delivery: false,
  });

  if (hours.isError) return <Alert type="error" showIcon message={errorText(hours.error)} />;
  const data = hours.data;

  const saveList = async (key: TOpeningList, list: TOpeningPeriod[]) => {
    if (!data) return false;
    try {
      await saver.save({ general: data.general, togo: data.togo, delivery: data.delivery, [key]: list });
      notify.success(t('periodsSaved'));
      return true;
    } catch (err) {
      notify.card('error', t('periodsFailed', { id: accountId }), errorText(err));
      return false;
    }
  };

  const sub = (key: 'togo' | 'delivery', title: string) => {
    const list = data?.[key] ?? [];
    const custom = list.length > 0 || customOpen[key];
    const choose = (next: string) => {
      if (next === 'custom') return setCustomOpen((o) => ({ ...o, [key]: true }));
      if (list.length === 0) return setCustomOpen((o) => ({ ...o, [key]: false }));
      modal.confirm({
        title: t('toSameConfirm'),
        okText: t('yes'),
        cancelText: t('no'),
        onOk: async () => {
          if (await saveList(key, [])) setCustomOpen((o) => ({ ...o, [key]: false }));
        },
      });
    };
    return (
      <section aria-label={title}>
        <Typography.Title level={5}>{title}</Typography.Title>
        <Tabs
          activeKey={custom ? 'custom' : 'same'}
          onChange={choose}
          items={[
            {
              key: 'same',
              label: t('sameAsDefault'),
              children: <Typography.Text type="secondary">{t('sameAsDefaultNote')}</Typography.Text>,
            },
            {
              key: 'custom',
              label: t('custom'),
              children: <PeriodTable label={title} periods={list} onSave={(next) => saveList(key, next)} />,
            },
          ]}
        />
      </section>
    );
  };

  return (
    <Card title={t('periodsTitle')} size="small" loading={hours.isLoading}>
      {modalHolder}
      <Flex vertical gap={20}>
        <section aria-label={t('generalTable')}>
          <Typography.Title level={5}>{t('generalTable')}</Typography.Title>
          <PeriodTable
            label={t('generalTable')}
            periods={data?.general ?? []}
            onSave={(next) => saveList('general', next)}
          />
        </section>
        {sub('togo', t('togoTable'))}
        {sub('delivery', t('deliveryTable'))}
      </Flex>
    </Card>
  );
};
