import {
  checkOrderQueryDates,
  localToday,
  MEAL_TYPE_LABELS,
  ORDER_STATUS_LABELS,
  ORDER_STATUS_VALUES,
  type TUserType,
} from '@shopdesk/contract';
import { Button, DatePicker, Form, Input, InputNumber, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ShopSelect } from '../../../components/ShopSelect';
import { numberRule } from '../../../lib/form-rules';
import { useMessageText } from '../../../lib/message-text';

/** The filters as the URL holds them (strings; empty = not set). */
export type TOrderFilterValues = {
  from: string;
  to: string;
  status: string;
  mealType: string;
  phone: string;
  serial: string;
  shopId: string;
};

type TFormValues = {
  range: [Dayjs, Dayjs];
  status?: string;
  mealType?: string;
  phone?: string;
  serial?: number | null;
  shopId?: number;
};

const DAY = 'YYYY-MM-DD';

/**
 * The order query's filters. The date rules of spec 000 §5 are checked here with the same contract
 * function as the server's (checkOrderQueryDates) before the URL changes.
 */
export const OrderFilters = ({
  type,
  showShop,
  shopLabel,
  values,
  onSearch,
}: {
  type: TUserType;
  showShop: boolean;
  shopLabel?: string;
  values: TOrderFilterValues;
  onSearch: (next: TOrderFilterValues) => void;
}) => {
  const { t, i18n } = useTranslation('orderSummary');
  const text = useMessageText();
  const [form] = Form.useForm<TFormValues>();
  const shopId = Form.useWatch('shopId', form);

  const shown = JSON.stringify(values);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the URL's filters change
  useEffect(() => {
    const today = localToday();
    form.setFieldsValue({
      range: [dayjs(values.from || today), dayjs(values.to || today)],
      status: values.status || undefined,
      mealType: values.mealType || undefined,
      phone: values.phone,
      serial: values.serial ? Number(values.serial) : null,
      shopId: values.shopId ? Number(values.shopId) : undefined,
    });
  }, [form, shown]);

  const submit = (v: TFormValues) => {
    const from = v.range[0].format(DAY);
    const to = v.range[1].format(DAY);
    const refusal = checkOrderQueryDates({ from, to, phone: v.phone }, localToday());
    if (refusal) {
      form.setFields([{ name: 'range', errors: [text(refusal.message)] }]);
      return;
    }
    onSearch({
      from,
      to,
      status: v.status ?? '',
      mealType: v.mealType ?? '',
      phone: v.phone?.trim() ?? '',
      serial: v.serial ? String(v.serial) : '',
      shopId: v.shopId ? String(v.shopId) : '',
    });
  };

  return (
    <Form form={form} layout="inline" onFinish={submit} style={{ rowGap: 12, marginBottom: 16 }}>
      <Form.Item name="range" label={t('dates')} rules={[{ required: true }]}>
        <DatePicker.RangePicker allowClear={false} data-testid="order-dates" style={{ width: 250 }} />
      </Form.Item>
      {showShop ? (
        <Form.Item name="shopId" label={t('shop')}>
          <ShopSelect
            type={type}
            value={shopId}
            valueLabel={shopLabel}
            onChange={(v) => form.setFieldValue('shopId', v)}
          />
        </Form.Item>
      ) : null}
      <Form.Item name="status" label={t('status')}>
        <Select
          allowClear
          placeholder={t('allStatuses')}
          style={{ width: 130 }}
          options={ORDER_STATUS_VALUES.map((s) => ({ value: s, label: text(ORDER_STATUS_LABELS[s]) }))}
        />
      </Form.Item>
      <Form.Item name="mealType" label={t('mealType')}>
        <Select
          allowClear
          placeholder={t('allMealTypes')}
          style={{ width: 120 }}
          options={Object.entries(MEAL_TYPE_LABELS).map(([k, m]) => ({ value: k, label: text(m) }))}
        />
      </Form.Item>
      <Form.Item name="phone" label={t('phone')}>
        <Input allowClear style={{ width: 150 }} maxLength={30} />
      </Form.Item>
      <Form.Item
        name="serial"
        label={t('serial')}
        rules={[numberRule({ min: 1, integer: true }, i18n.language)]}
      >
        <InputNumber controls={false} style={{ width: 110 }} />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit">
          {t('search')}
        </Button>
      </Form.Item>
    </Form>
  );
};
