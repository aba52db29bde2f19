import {
  BANNER_TYPES,
  integrationRuleError,
  LAFRESH_CLIENT_DEVICES,
  type TDvrSettings,
  type TIntegration,
  type TSaveIntegrationRequest,
  type TService,
  type TVendor,
} from '@shopdesk/contract';
import {
  Alert,
  Button,
  Checkbox,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Space,
  Switch,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiClientError } from '../../../lib/api';
import { errorText } from '../../../lib/error-text';
import { notify } from '../../../lib/notify';

type Saver<T> = (value: T) => Promise<unknown>;
const run = async (t: (k: 'saved') => string, fn: () => Promise<unknown>) => {
  try {
    await fn();
    notify.success(t('saved'));
    return true;
  } catch (err) {
    notify.error(err instanceof ApiClientError ? errorText(err) : String(err));
    return false;
  }
};

type FormValues = {
  vendorShopId?: string;
  authData?: string;
  useDefaultKey?: boolean;
  order_integration_enabled?: boolean;
  templateId?: string;
  eatInTemplateId?: string;
  togoTemplateId?: string;
  deliveryTemplateId?: string;
  chainCode?: string;
  chainVendorId?: string;
  qpPrinterOptionType?: 'straight' | 'row';
  clientDevice?: (typeof LAFRESH_CLIENT_DEVICES)[number];
  bannerType?: (typeof BANNER_TYPES)[number];
};

/** The generic field form (spec 002 §2 screen 10) with the §5 creation rules of the contract. */
export const FieldFormDialog = ({
  vendor,
  record,
  onSave,
  onClose,
}: {
  vendor: TVendor;
  record: TIntegration | undefined;
  onSave: Saver<TSaveIntegrationRequest>;
  onClose: () => void;
}) => {
  const { t } = useTranslation('integrations');
  const [form] = Form.useForm<FormValues>();
  const [error, setError] = useState<string | null>(null);
  const useDefault = Form.useWatch('useDefaultKey', form);
  const lafresh = vendor.code === 'lafresh';
  const submit = async () => {
    const v = form.getFieldsValue();
    const body = {
      vendorCode: vendor.code,
      vendorShopId: v.vendorShopId ?? '',
      authData: v.useDefaultKey ? null : (v.authData ?? null),
      useDefaultKey: Boolean(v.useDefaultKey),
      order_integration_enabled: Boolean(v.order_integration_enabled),
      // every stored option first: a field this dialog does not show (one a later version or the API set)
      // is kept, never dropped by a save
      options: {
        ...record?.options,
        templateId: v.templateId,
        eatInTemplateId: v.eatInTemplateId,
        togoTemplateId: v.togoTemplateId,
        deliveryTemplateId: v.deliveryTemplateId,
        chainCode: v.chainCode || undefined,
        chainVendorId: v.chainVendorId || undefined,
        qpPrinterOptionType: v.qpPrinterOptionType,
        clientDevice: v.clientDevice,
        bannerType: v.bannerType,
      },
    } as TSaveIntegrationRequest;
    // spec 002 §5, the same rule the server runs
    const rule = integrationRuleError(
      {
        ...body,
        vendorShopId: body.vendorShopId ?? null,
        useDefaultKey: body.useDefaultKey ?? false,
      } as never,
      Boolean(record?.authData),
    );
    if (rule) return setError(t(rule.code === 'SHOP_ID_IS_REQUIRED' ? 'shopIdRequired' : 'authKeyRequired'));
    setError(null);
    if (await run(t, () => onSave(body))) onClose();
  };
  const o = record?.options;
  return (
    <Modal
      open
      title={vendor.name}
      okText={t('save')}
      cancelText={t('cancel')}
      onOk={submit}
      onCancel={onClose}
    >
      <Form
        form={form}
        layout="vertical"
        data-testid="integration-form"
        initialValues={{
          vendorShopId: record?.vendorShopId ?? '',
          authData: record?.authData ?? '',
          useDefaultKey: record ? record.authData === null : false,
          order_integration_enabled: record?.order_integration_enabled ?? false,
          templateId: o?.templateId === undefined ? '' : String(o.templateId),
          eatInTemplateId: o?.eatInTemplateId === undefined ? '' : String(o.eatInTemplateId),
          togoTemplateId: o?.togoTemplateId === undefined ? '' : String(o.togoTemplateId),
          deliveryTemplateId: o?.deliveryTemplateId === undefined ? '' : String(o.deliveryTemplateId),
          chainCode: o?.chainCode ?? (vendor.code === 'foodpanda' ? 'FP-DEFAULT' : ''),
          chainVendorId: o?.chainVendorId ?? '',
          qpPrinterOptionType: o?.qpPrinterOptionType,
          clientDevice: o?.clientDevice,
          bannerType: o?.bannerType,
        }}
      >
        {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} /> : null}
        <Form.Item name="vendorShopId" label={t('vendorShopId')}>
          <Input />
        </Form.Item>
        <Form.Item name="useDefaultKey" valuePropName="checked">
          <Checkbox>{t('useDefaultKey')}</Checkbox>
        </Form.Item>
        {useDefault ? null : (
          <Form.Item name="authData" label={t('authData')}>
            <Input.Password visibilityToggle={false} autoComplete="off" />
          </Form.Item>
        )}
        <Form.Item name="templateId" label={t('templateId')}>
          <Input inputMode="numeric" />
        </Form.Item>
        <Space wrap>
          {(['eatInTemplateId', 'togoTemplateId', 'deliveryTemplateId'] as const).map((key) => (
            <Form.Item key={key} name={key} label={t(key)}>
              <Input inputMode="numeric" style={{ width: 140 }} />
            </Form.Item>
          ))}
        </Space>
        <Space wrap>
          <Form.Item name="chainCode" label={t('chainCode')}>
            <Input />
          </Form.Item>
          <Form.Item name="chainVendorId" label={t('chainVendorId')}>
            <Input />
          </Form.Item>
        </Space>
        <Form.Item name="qpPrinterOptionType" label={t('qpPrinterOptionType')}>
          <Select
            allowClear
            options={[
              { value: 'straight', label: t('straight') },
              { value: 'row', label: t('row') },
            ]}
          />
        </Form.Item>
        {lafresh ? (
          <Space wrap>
            <Form.Item name="clientDevice" label={t('clientDevice')}>
              <Select
                style={{ minWidth: 180 }}
                options={LAFRESH_CLIENT_DEVICES.map((v) => ({ value: v, label: v }))}
              />
            </Form.Item>
            <Form.Item name="bannerType" label={t('bannerType')}>
              <Select style={{ minWidth: 180 }} options={BANNER_TYPES.map((v) => ({ value: v, label: v }))} />
            </Form.Item>
          </Space>
        ) : null}
        <Form.Item name="order_integration_enabled" label={t('orderEnabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
};

/** A copyable URL (ttpush, bonus points, app) with its on/off switch. */
export const UrlDialog = ({
  vendor,
  service,
  url,
  onToggle,
  onClose,
}: {
  vendor: TVendor;
  service: TService | undefined;
  url: string | undefined;
  onToggle: (on: boolean) => Promise<unknown>;
  onClose: () => void;
}) => {
  const { t } = useTranslation('integrations');
  return (
    <Modal
      open
      title={vendor.name}
      footer={<Button onClick={onClose}>{t('close')}</Button>}
      onCancel={onClose}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space>
          {t('enabled')}
          <Switch checked={service?.enabled ?? false} onChange={(on) => run(t, () => onToggle(on))} />
        </Space>
        {url ? (
          <Space.Compact style={{ width: '100%' }}>
            <Input readOnly value={url} data-testid="service-url" />
            <Button
              onClick={async () => {
                await navigator.clipboard?.writeText(url).catch(() => undefined);
                notify.success(t('copied'));
              }}
            >
              {t('copy')}
            </Button>
          </Space.Compact>
        ) : (
          <Typography.Text type="secondary">{t('urlOff')}</Typography.Text>
        )}
      </Space>
    </Modal>
  );
};

/** The cup-coupon dialog (life17) with its LIFF id. */
export const CupCouponDialog = ({
  vendor,
  service,
  onSave,
  onClose,
}: {
  vendor: TVendor;
  service: TService | undefined;
  onSave: (on: boolean, liffId: string) => Promise<unknown>;
  onClose: () => void;
}) => {
  const { t } = useTranslation('integrations');
  const [liffId, setLiffId] = useState(service?.liffId ?? '');
  const [on, setOn] = useState(service?.enabled ?? false);
  return (
    <Modal
      open
      title={vendor.name}
      okText={t('save')}
      cancelText={t('cancel')}
      onCancel={onClose}
      onOk={async () => {
        if (await run(t, () => onSave(on, liffId))) onClose();
      }}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Input addonBefore={t('liffId')} value={liffId} onChange={(e) => setLiffId(e.target.value)} />
        <Space>
          {t('enabled')}
          <Switch checked={on} onChange={setOn} />
        </Space>
      </Space>
    </Modal>
  );
};

/** POS DVR settings: ip, channel, account, password (masked; left as its mask it is kept). */
export const DvrDialog = ({
  dvr,
  onSave,
  onClose,
}: {
  dvr: TDvrSettings | null | undefined;
  onSave: Saver<TDvrSettings>;
  onClose: () => void;
}) => {
  const { t } = useTranslation('integrations');
  const [form] = Form.useForm<TDvrSettings>();
  return (
    <Modal
      open
      title="POS DVR"
      okText={t('save')}
      cancelText={t('cancel')}
      onCancel={onClose}
      onOk={async () => {
        const v = await form.validateFields();
        if (await run(t, () => onSave(v))) onClose();
      }}
    >
      <Form form={form} layout="vertical" initialValues={dvr ?? { channel: 1 }}>
        <Form.Item name="ip" label={t('dvrIp')} rules={[{ required: true }]}>
          <Input />
        </Form.Item>
        <Form.Item name="channel" label={t('dvrChannel')} rules={[{ required: true }]}>
          <InputNumber min={1} max={256} />
        </Form.Item>
        <Form.Item name="account" label={t('dvrAccount')} rules={[{ required: true }]}>
          <Input />
        </Form.Item>
        <Form.Item name="password" label={t('dvrPassword')} rules={[{ required: true }]}>
          <Input.Password visibilityToggle={false} autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
};
