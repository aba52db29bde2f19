import {
  BUSINESS_FIELD_LABELS,
  BUSINESS_LIMITS,
  businessViolations,
  getShopOp,
  queryShopsOp,
  type TBusinessData,
} from '@shopdesk/contract';
import { Alert, Card, Col, Form, Input, Row, Table, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useApiQuery } from '../../../lib/api-query';
import { useErrorText } from '../../../lib/error-text';
import { textOf } from '../../../lib/message-text';
import type { TPageProps } from '../../../shell/lazy-page';
import { GalleryHeader } from './GalleryHeader';

/** The shop form's text fields, their limits from the contract (spec 000 §9). */
const FIELDS = [
  'businessName',
  'businessEmail',
  'businessPhone',
  'businessAddress',
  'invoice',
  'storeInfo',
] as const;
type TField = (typeof FIELDS)[number];
const REQUIRED: readonly TField[] = ['businessName', 'businessEmail', 'businessPhone', 'businessAddress'];

/**
 * /forms (gaa): the shop form's rules as the contract states them, on a real shop's data, checked as
 * you type with the messages the server would answer (businessViolations). Nothing is saved here.
 */
const FormsPage = (_props: TPageProps) => {
  const { t, i18n } = useTranslation('gallery');
  const errorText = useErrorText();
  const [params] = useSearchParams();
  const first = useApiQuery(
    queryShopsOp,
    { query: { offset: 0, limit: 1 } },
    { queryKey: ['gallery', 'first-shop'] },
  );
  const id = Number(params.get('shop')) || first.data?.data.shops[0]?.accountId || 0;
  const shop = useApiQuery(getShopOp, { params: { type: 'gaa', id } }, { enabled: id > 0 });
  const [form] = Form.useForm<Partial<TBusinessData>>();
  const data = shop.data?.businessData;
  useEffect(() => {
    if (!data) return;
    form.setFieldsValue(Object.fromEntries(FIELDS.map((f) => [f, data[f] ?? ''])));
  }, [data, form]);
  const ruleOf = (field: TField) => ({
    validator: async () => {
      if (!data) return;
      const v = businessViolations({ ...data, ...form.getFieldsValue() } as TBusinessData).find(
        (x) => x.field === field,
      );
      if (v) throw new Error(textOf(v.message, i18n.language));
    },
  });
  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>
        <GalleryHeader
          usage={t('formUsage')}
          source="contract shop-profile/validate-business.ts (BUSINESS_LIMITS, businessViolations)"
        />
      </Col>
      <Col xs={24} xl={14}>
        <Card
          size="small"
          title={data ? `${data.businessName}（${id}）` : t('loading')}
          extra={id ? <Link to={`/gaa/business/${id}/edit`}>{t('realEdit')}</Link> : null}
        >
          {shop.isError ? <Alert type="error" showIcon role="alert" title={errorText(shop.error)} /> : null}
          <Form form={form} layout="vertical" data-testid="gallery-form">
            {FIELDS.map((f) => (
              <Form.Item
                key={f}
                name={f}
                label={textOf(BUSINESS_FIELD_LABELS[f], i18n.language)}
                required={REQUIRED.includes(f)}
                rules={[ruleOf(f)]}
                validateTrigger="onChange"
              >
                {f === 'storeInfo' ? (
                  <Input.TextArea
                    rows={3}
                    count={{ show: true, max: BUSINESS_LIMITS[f] }}
                    data-testid={`form-${f}`}
                  />
                ) : (
                  <Input count={{ show: true, max: BUSINESS_LIMITS[f] }} data-testid={`form-${f}`} />
                )}
              </Form.Item>
            ))}
          </Form>
        </Card>
      </Col>
      <Col xs={24} xl={10}>
        <Card size="small" title={t('rulesTitle')}>
          <Table
            rowKey="field"
            size="small"
            pagination={false}
            dataSource={FIELDS.map((f) => ({ field: f }))}
            columns={[
              {
                key: 'label',
                title: t('field'),
                render: (_, r) => textOf(BUSINESS_FIELD_LABELS[r.field], i18n.language),
              },
              {
                key: 'max',
                title: t('maxLength'),
                align: 'right',
                render: (_, r) => BUSINESS_LIMITS[r.field],
              },
              {
                key: 'req',
                title: t('requiredField'),
                render: (_, r) => (REQUIRED.includes(r.field) ? <Tag color="red">{t('yes')}</Tag> : null),
              },
            ]}
          />
          <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
            {t('rulesNote')}
          </Typography.Paragraph>
        </Card>
      </Col>
    </Row>
  );
};

export default FormsPage;
