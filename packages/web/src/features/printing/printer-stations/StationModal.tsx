import { STATION_LIMITS, type TStation } from '@shopdesk/contract';
import { Form, Input, InputNumber, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import type { TStationWrites } from './station-queries';

type TValues = { name: string; times: number };

/** The station popup (spec 002 §4 "Station modal"): name and print times (≥ 0, spec 002 §5). */
export const StationModal = ({
  station,
  writes,
  onClose,
}: {
  station: TStation;
  writes: TStationWrites;
  onClose: () => void;
}) => {
  const { t } = useTranslation('printerStations');
  const [form] = Form.useForm<TValues>();
  const [saving, setSaving] = useState(false);
  const save = async (v: TValues) => {
    setSaving(true);
    try {
      await writes.update(station.stationId, { name: v.name.trim(), times: v.times });
      notify.success(t('saved'));
      onClose();
    } catch (err) {
      notify.apiError(err);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      destroyOnHidden
      title={t('stationModalEdit')}
      okText={t('save')}
      cancelText={t('cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form<TValues>
        form={form}
        layout="vertical"
        initialValues={{ name: station.name, times: station.times }}
        onFinish={save}
      >
        <Form.Item
          name="name"
          label={t('name')}
          rules={[{ required: true, whitespace: true, message: t('nameRequired') }]}
        >
          <Input maxLength={STATION_LIMITS.name} />
        </Form.Item>
        <Form.Item name="times" label={t('times')} rules={[{ required: true, message: t('timesRule') }]}>
          <InputNumber min={STATION_LIMITS.minTimes} max={STATION_LIMITS.maxTimes} precision={0} />
        </Form.Item>
      </Form>
    </Modal>
  );
};
