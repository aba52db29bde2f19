import { FORMULA_LIMITS } from '@shopdesk/contract';
import { Form, InputNumber, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { numberRule } from '../../../lib/form-rules';

/** The per-unit prices of platform usage (NT$, cents allowed like the other money inputs). */
export const PerUnitFields = () => {
  const { t, i18n } = useTranslation('formulas');
  const rules = [
    { required: true, message: t('required') },
    numberRule({ min: 0, max: FORMULA_LIMITS.perUnitMax / 100 }, i18n.language),
  ];
  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('platformUsage')}
      </Typography.Title>
      <Space align="baseline" wrap>
        <Form.Item name="perEinvoice" label={t('perEinvoiceNtd')} rules={rules}>
          <InputNumber style={{ width: 160 }} data-testid="formula-per-einvoice" />
        </Form.Item>
        <Form.Item name="perDelivery" label={t('perDeliveryNtd')} rules={rules}>
          <InputNumber style={{ width: 160 }} data-testid="formula-per-delivery" />
        </Form.Item>
      </Space>
    </>
  );
};
