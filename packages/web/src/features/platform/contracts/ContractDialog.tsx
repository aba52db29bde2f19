import { CONTRACT_STATUSES, defaultSysEnd, type TCreateContractRequest } from '@shopdesk/contract';
import { DatePicker, Form, Modal, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { taipeiToday } from '../../../lib/taipei-date';
import { useOneAtATime } from '../../../lib/use-one-at-a-time';
import { usePlans, useRegistrationOrders } from './contract-queries';

type TValues = {
  plan?: number;
  period: [Dayjs, Dayjs];
  sysEnd: Dayjs;
  registrationOrderId?: number | null;
  status: (typeof CONTRACT_STATUSES)[number];
};

const ymd = (d: Dayjs) => d.format('YYYY-MM-DD');
/** spec 002 §9: today to one year ahead; system end = end + 7 days. */
const defaults = (): TValues => {
  const start = taipeiToday();
  const end = start.add(1, 'year');
  return {
    period: [start, end],
    sysEnd: dayjs(defaultSysEnd(ymd(end))),
    status: 'normal',
    registrationOrderId: null,
  };
};

/** The new-contract dialog (spec 002 §2 screen 6, §5): moving the end date moves the system end with it. */
export const ContractDialog = ({
  open,
  businessId,
  shopId,
  saving,
  onSubmit,
  onClose,
}: {
  open: boolean;
  businessId: number;
  shopId: string | null;
  saving: boolean;
  onSubmit: (body: TCreateContractRequest) => Promise<boolean>;
  onClose: () => void;
}) => {
  const { t } = useTranslation('contracts');
  const [form] = Form.useForm<TValues>();
  const plans = usePlans();
  const orders = useRegistrationOrders(businessId);
  const submit = async () => {
    const v = await form.validateFields();
    const ok = await onSubmit({
      shopId,
      businessId,
      start: ymd(v.period[0]),
      end: ymd(v.period[1]),
      sysEnd: ymd(v.sysEnd),
      plan: v.plan as number,
      registrationOrderId: v.registrationOrderId ?? null,
      status: v.status,
    });
    if (ok) onClose();
  };
  // one request per click, however fast the clicks (lib/use-one-at-a-time.ts)
  const [submitOnce, submitting] = useOneAtATime(submit);
  return (
    <Modal
      open={open}
      title={t('createTitle')}
      onOk={submitOnce}
      okText={t('save')}
      cancelText={t('cancel')}
      confirmLoading={submitting || saving}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<TValues>
        form={form}
        layout="vertical"
        initialValues={defaults()}
        preserve={false}
        data-testid="contract-form"
        onValuesChange={(changed: Partial<TValues>) => {
          if (changed.period?.[1]) form.setFieldValue('sysEnd', dayjs(defaultSysEnd(ymd(changed.period[1]))));
        }}
      >
        <Form.Item name="plan" label={t('plan')} rules={[{ required: true, message: t('plan') }]}>
          <Select
            loading={plans.isLoading}
            options={(plans.data?.plans ?? []).map((p) => ({ value: p.id, label: `${p.plan}（${p.code}）` }))}
            data-testid="contract-plan"
          />
        </Form.Item>
        <Form.Item name="period" label={t('period')} rules={[{ required: true }]}>
          <DatePicker.RangePicker allowClear={false} />
        </Form.Item>
        <Form.Item name="sysEnd" label={t('sysEnd')} extra={t('sysEndHint')} rules={[{ required: true }]}>
          <DatePicker allowClear={false} data-testid="contract-sys-end" />
        </Form.Item>
        <Form.Item name="registrationOrderId" label={t('registrationOrder')}>
          <Select
            allowClear
            placeholder={t('none')}
            options={(orders.data?.orders ?? []).map((o) => ({ value: o.id, label: o.orderId }))}
          />
        </Form.Item>
        <Form.Item name="status" label={t('status')}>
          <Select
            options={CONTRACT_STATUSES.map((s) => ({
              value: s,
              label: t(s === 'normal' ? 'statusNormal' : 'statusTerminated'),
            }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
};
