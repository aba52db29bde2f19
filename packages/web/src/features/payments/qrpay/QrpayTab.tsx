import {
  PAYMENT_SERVICES,
  paymentToggleRefusal,
  TAPPAY_TYPES,
  type TPaymentConfig,
  type TPaymentService,
  type TQrMerchantInput,
  ZQrMerchantInput,
} from '@shopdesk/contract';
import { Alert, Button, Card, Descriptions, Flex, Form, Input, Modal, Space, Switch, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/error-text';
import { zodRule } from '../../../lib/form-rules';
import { notify } from '../../../lib/notify';
import type { SettingsTabProps } from '../../shops/shop-settings/tab-types';
import { useMerchant, usePaymentConfigs, useQrpayWrites } from './qrpay-queries';
import { ServiceDialog } from './ServiceDialog';

const S = ZQrMerchantInput.shape;

/** The merchant popup (spec 001 §7 POST /gaa/qrpm/merchants: name, email, phone, address, merchantId). */
const MerchantDialog = ({ shopId, onClose }: { shopId: number; onClose: () => void }) => {
  const { t, i18n } = useTranslation('qrpay');
  const [form] = Form.useForm<TQrMerchantInput>();
  const writes = useQrpayWrites(shopId);
  const rule = (schema: Parameters<typeof zodRule>[0]) => [zodRule(schema, i18n.language)];
  const save = async () => {
    const v = await form.validateFields();
    try {
      await writes.createMerchant({ ...v, merchantId: shopId });
      notify.success(t('merchantCreated'));
      onClose();
    } catch (err) {
      notify.card('error', t('merchantFailed'), errorText(err, i18n.language));
    }
  };
  return (
    <Modal
      open
      title={t('openMerchant')}
      onOk={save}
      onCancel={onClose}
      okText={t('save')}
      cancelText={t('cancel')}
    >
      <Form form={form} layout="vertical">
        <Form.Item label={t('merchantId')}>
          <Input value={shopId} disabled />
        </Form.Item>
        <Form.Item name="name" label={t('name')} rules={rule(S.name)}>
          <Input aria-label={t('name')} />
        </Form.Item>
        <Form.Item name="email" label={t('email')} rules={rule(S.email)}>
          <Input aria-label={t('email')} />
        </Form.Item>
        <Form.Item name="phone" label={t('phone')} rules={rule(S.phone)}>
          <Input aria-label={t('phone')} />
        </Form.Item>
        <Form.Item name="address" label={t('address')} rules={rule(S.address)}>
          <Input aria-label={t('address')} />
        </Form.Item>
      </Form>
    </Modal>
  );
};

/** The switches a service shows: its configured types, or every type it may have while unconfigured. */
const switchTypes = (service: TPaymentService, configs: TPaymentConfig[]) => {
  const rows = configs.filter((c) => c.service === service);
  if (rows.length) return rows.map((r) => r.type);
  return service === 'tappay' ? [...TAPPAY_TYPES] : [service];
};

/**
 * The Qrpay tab (spec 001 §2.6): the merchant prompt, then TapPay, LINE Pay and easy-wallet, each with its
 * enable switches and a configure / edit dialog. A switch turned on for an unconfigured service is refused
 * (此支付服務尚未設定…) and reverts; a failed toggle reverts (spec 001 §4 "Payment toggles").
 */
const QrpayTab = ({ accountId }: SettingsTabProps) => {
  const { t, i18n } = useTranslation('qrpay');
  const merchant = useMerchant(accountId);
  const hasMerchant = !!merchant.data?.merchant;
  const configs = usePaymentConfigs(accountId, hasMerchant);
  const writes = useQrpayWrites(accountId);
  const [opening, setOpening] = useState(false);
  const [dialog, setDialog] = useState<TPaymentService | null>(null);
  const [pending, setPending] = useState<Record<string, boolean>>({});

  if (merchant.isLoading) return <Card loading />;
  if (merchant.isError && merchant.error.code !== 'QRPAY_NO_MERCHANT')
    return <Alert type="error" showIcon title={errorText(merchant.error, i18n.language)} />;
  if (!hasMerchant)
    return (
      <Card size="small" title={t('merchant')}>
        {opening && <MerchantDialog shopId={accountId} onClose={() => setOpening(false)} />}
        <Flex gap={12} align="center">
          <Alert type="info" showIcon title={t('noMerchant')} />
          <Button type="primary" onClick={() => setOpening(true)}>
            {t('openMerchant')}
          </Button>
        </Flex>
      </Card>
    );
  const m = merchant.data!.merchant;
  const list = configs.data?.configs ?? [];
  const services = configs.data?.services ?? [];

  const toggle = async (service: TPaymentService, type: TPaymentConfig['type'], enable: boolean) => {
    const k = `${service}/${type}`;
    // the same rule the server applies: refuse at once, the switch stays as it was
    const refusal = paymentToggleRefusal(list, { service, type, enable });
    if (refusal) {
      notify.card('error', t('toggleFailed'), i18n.language === 'en' ? refusal.en : refusal.zh);
      return;
    }
    setPending((p) => ({ ...p, [k]: true }));
    try {
      await writes.toggle(service, type, enable);
      notify.success(t(enable ? 'turnedOn' : 'turnedOff'));
    } catch (err) {
      notify.card('error', t('toggleFailed'), errorText(err, i18n.language));
    } finally {
      setPending((p) => ({ ...p, [k]: false }));
    }
  };

  return (
    <Flex vertical gap={16}>
      <Card size="small" title={t('merchant')}>
        <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered>
          <Descriptions.Item label={t('merchantId')}>{m.merchantId}</Descriptions.Item>
          <Descriptions.Item label={t('name')}>{m.name}</Descriptions.Item>
          <Descriptions.Item label={t('email')}>{m.email}</Descriptions.Item>
          <Descriptions.Item label={t('phone')}>{m.phone}</Descriptions.Item>
          <Descriptions.Item label={t('address')} span={2}>
            {m.address}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      {configs.isError && <Alert type="error" showIcon title={errorText(configs.error, i18n.language)} />}
      {PAYMENT_SERVICES.map((service) => {
        const view = services.find((s) => s.service === service) ?? null;
        return (
          <Card
            key={service}
            size="small"
            loading={configs.isLoading}
            title={
              <Space>
                <span>{t(service)}</span>
                {view ? <Tag color="green">{t('configuredTag')}</Tag> : <Tag>{t('notConfiguredTag')}</Tag>}
              </Space>
            }
            extra={
              <Button
                size="small"
                onClick={() => setDialog(service)}
                data-testid={`qrpay-${service}-configure`}
              >
                {view ? t('edit') : t('configure')}
              </Button>
            }
          >
            <Space wrap size="large">
              {switchTypes(service, list).map((type) => {
                const row = list.find((c) => c.service === service && c.type === type);
                const label =
                  service === 'tappay' ? t(type as 'apple') : t(`type.${service}` as 'type.linepay');
                return (
                  <Space key={type}>
                    <span>{label}</span>
                    <Switch
                      aria-label={`${t(service)} ${label}`}
                      checked={!!row?.is_enabled}
                      loading={!!pending[`${service}/${type}`]}
                      onChange={(on) => toggle(service, type, on)}
                    />
                  </Space>
                );
              })}
              {view?.lastTest && (
                <span>
                  {t('lastTest')}：{view.lastTest.answer}
                </span>
              )}
            </Space>
          </Card>
        );
      })}
      {dialog && (
        <ServiceDialog
          shopId={accountId}
          service={dialog}
          current={services.find((s) => s.service === dialog) ?? null}
          onClose={() => setDialog(null)}
        />
      )}
    </Flex>
  );
};
export default QrpayTab;
