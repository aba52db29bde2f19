import type { TLogisticDefaults, TLogisticSettingsResponse, TShopPortal } from '@shopdesk/contract';
import { Alert, Button, Card, Flex, Form, InputNumber, Modal, Radio } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { useSaveLogisticSettings } from './logistics-queries';

type Props = {
  type: TShopPortal;
  accountId: number;
  data: TLogisticSettingsResponse;
  setPending: (p: boolean) => void;
};

const LOCATION_TEXT = {
  placed: 'locationPlaced',
  locating: 'locationLocating',
  notFound: 'locationNotFound',
  failed: 'locationFailed',
  noAddress: 'locationNoAddress',
  unknown: 'locationUnknown',
} as const;

/** Where distances are measured from; without a point the distance limits refuse deliveries (say why). */
const ShopLocation = ({ location }: { location: TLogisticSettingsResponse['shopLocation'] }) => {
  const { t } = useTranslation('logistics');
  const text = t(LOCATION_TEXT[location.state], { address: location.address });
  return (
    <Alert
      data-testid="shop-location"
      type={location.state === 'placed' ? 'info' : 'warning'}
      showIcon
      message={text}
      style={{ marginBottom: 12 }}
    />
  );
};

/**
 * The defaults box (spec 001 §2.4, §3 "Logistic defaults"): distance type and the amount, quantity and
 * distance (km) thresholds; a 0 threshold asks confirmation (§5); 儲存設定成功 / 儲存失敗!! (§8).
 */
export const DefaultsBox = ({ type, accountId, data, setPending }: Props) => {
  const { t } = useTranslation('logistics');
  const saver = useSaveLogisticSettings(type, accountId);
  const [d, setD] = useState<TLogisticDefaults>(data.default);
  const dirty = JSON.stringify(d) !== JSON.stringify(data.default);
  useEffect(() => setPending(dirty), [dirty, setPending]);
  const num = (v: number | string | null) => (v === null || v === '' ? 0 : Number(v));

  const send = async () => {
    try {
      await saver.save({ configurations: { businessId: data.configurations.businessId }, default: d });
      notify.success(t('defaultsSaved'));
    } catch {
      notify.error(t('defaultsFailed'));
    }
  };
  const save = () => {
    if (d.deliveryAmtTh === 0 || d.deliveryQtyTh === 0)
      Modal.confirm({ title: t('zeroThreshold'), okText: t('save'), cancelText: t('cancel'), onOk: send });
    else void send();
  };

  return (
    <Card
      title={t('defaultsBox')}
      size="small"
      data-testid="defaults-box"
      extra={
        <Button type="primary" onClick={save} loading={saver.isPending} disabled={!dirty}>
          {t('saveDefaults')}
        </Button>
      }
    >
      <ShopLocation location={data.shopLocation} />
      <Form layout="vertical">
        <Flex gap={16} wrap>
          <Form.Item label={t('distanceType')}>
            <Radio.Group
              value={d.logisticDistanceType}
              onChange={(e) => setD({ ...d, logisticDistanceType: e.target.value })}
              options={[
                { value: 'linear', label: t('linear') },
                { value: 'route', label: t('route') },
              ]}
            />
          </Form.Item>
          <Form.Item label={t('deliveryAmtTh')}>
            <InputNumber
              min={0}
              precision={0}
              value={d.deliveryAmtTh}
              onChange={(v) => setD({ ...d, deliveryAmtTh: num(v) })}
              aria-label={t('deliveryAmtTh')}
            />
          </Form.Item>
          <Form.Item label={t('deliveryQtyTh')}>
            <InputNumber
              min={0}
              precision={0}
              value={d.deliveryQtyTh}
              onChange={(v) => setD({ ...d, deliveryQtyTh: num(v) })}
              aria-label={t('deliveryQtyTh')}
            />
          </Form.Item>
          <Form.Item label={t('deliveryDistanceTh')}>
            <InputNumber
              min={0}
              max={100}
              step={0.5}
              value={d.deliveryDistanceTh}
              onChange={(v) => setD({ ...d, deliveryDistanceTh: num(v) })}
              aria-label={t('deliveryDistanceTh')}
            />
          </Form.Item>
        </Flex>
      </Form>
    </Card>
  );
};
