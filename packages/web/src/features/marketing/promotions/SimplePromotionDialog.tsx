import {
  describePromotion,
  PROMOTION_MESSAGES as M,
  PROMOTION_LIMITS,
  type TPromotionInputRaw,
  toRule,
  ZSimplePromotion,
} from '@shopdesk/contract';
import { Alert, DatePicker, Form, Input, InputNumber, Modal, Radio } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { textOf } from '../../../lib/message-text';
import { useOneAtATime } from '../../../lib/use-one-at-a-time';
import { presets, ymd } from './period';

type TValues = {
  displayName?: string;
  type: 'percentage' | 'fixed';
  target: 'amount' | 'number';
  th?: number;
  value?: number;
  range?: [Dayjs, Dayjs];
  roundingType: 0 | 1;
};

export const toSimplePayload = (v: Partial<TValues>): TPromotionInputRaw => ({
  form: 'simple',
  displayName: v.displayName ?? '',
  roundingType: v.roundingType ?? 0,
  content: {
    type: v.type ?? 'percentage',
    target: v.target ?? 'amount',
    th: v.th as number,
    value: v.value as number,
    start: v.range ? ymd(v.range[0]) : '',
    end: v.range ? ymd(v.range[1]) : '',
  },
});

/**
 * The simple form (spec 002 §5 "Promotion (simple form)"): percent 1–99 (20 = 八折) or a fixed amount,
 * threshold by amount or item count, a date range, rounding half up (1) or down (0, default). The
 * description below is the engine's, as the list and the storefront will show it.
 */
export const SimplePromotionDialog = ({
  open,
  saving,
  onSubmit,
  onClose,
}: {
  open: boolean;
  saving: boolean;
  onSubmit: (p: TPromotionInputRaw) => Promise<boolean>;
  onClose: () => void;
}) => {
  const { t, i18n } = useTranslation('promotions');
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const text = (m: { zh: string; en: string }) => textOf(m, i18n.language);
  const [form] = Form.useForm<TValues>();
  const values = Form.useWatch([], form) as Partial<TValues> | undefined;
  const parsed = values ? ZSimplePromotion.safeParse(toSimplePayload(values)) : null;
  const preview = parsed?.success ? describePromotion(toRule(0, parsed.data), lang) : null;
  const percent = values?.type !== 'fixed';

  const submit = async () => {
    const v = await form.validateFields();
    if (await onSubmit(toSimplePayload(v))) {
      form.resetFields();
      onClose();
    }
  };
  const positive = { type: 'number' as const, min: 1, message: text(M.positive) };
  // one request per click, however fast the clicks (lib/use-one-at-a-time.ts)
  const [submitOnce, submitting] = useOneAtATime(submit);
  return (
    <Modal
      open={open}
      title={t('simpleTitle')}
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
        initialValues={{
          type: 'percentage',
          target: 'amount',
          roundingType: 0,
          displayName: M.defaultName.zh,
        }}
        data-testid="simple-promotion-form"
      >
        <Form.Item name="displayName" label={t('name')}>
          <Input maxLength={PROMOTION_LIMITS.nameMax} />
        </Form.Item>
        <Form.Item name="type" label={t('type')}>
          <Radio.Group
            options={[
              { value: 'percentage', label: t('percentage') },
              { value: 'fixed', label: t('fixed') },
            ]}
          />
        </Form.Item>
        <Form.Item name="target" label={t('target')}>
          <Radio.Group
            options={[
              { value: 'amount', label: t('byAmount') },
              { value: 'number', label: t('byNumber') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="th"
          label={t('threshold')}
          rules={[{ required: true, message: text(M.required) }, positive]}
        >
          <InputNumber
            precision={0}
            max={PROMOTION_LIMITS.valueMax}
            style={{ width: 200 }}
            data-testid="promo-th"
          />
        </Form.Item>
        <Form.Item
          name="value"
          label={t('value')}
          extra={percent ? t('percentHint') : undefined}
          rules={[
            { required: true, message: text(M.required) },
            percent
              ? { type: 'number', min: 1, max: PROMOTION_LIMITS.simplePercentMax, message: text(M.percent99) }
              : positive,
          ]}
        >
          <InputNumber
            precision={0}
            max={PROMOTION_LIMITS.valueMax}
            style={{ width: 200 }}
            addonAfter={percent ? '%' : 'NT$'}
            data-testid="promo-value"
          />
        </Form.Item>
        <Form.Item
          name="range"
          label={t('period')}
          rules={[
            { required: true, message: text(M.dateRequired) },
            {
              validator: async (_, r?: [Dayjs, Dayjs]) => {
                if (r && !r[0].isBefore(r[1], 'day')) throw new Error(text(M.startBeforeEnd));
              },
            },
          ]}
        >
          <DatePicker.RangePicker presets={presets(t)} data-testid="promo-range" />
        </Form.Item>
        <Form.Item name="roundingType" label={t('rounding')}>
          <Radio.Group
            options={[
              { value: 0, label: t('roundDown') },
              { value: 1, label: t('roundHalfUp') },
            ]}
          />
        </Form.Item>
        {preview ? (
          <Alert
            type="info"
            showIcon
            message={t('preview')}
            description={preview}
            data-testid="promo-preview"
          />
        ) : null}
      </Form>
    </Modal>
  );
};
