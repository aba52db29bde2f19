import {
  TAPPAY_TYPE_OPTIONS,
  type TPaymentService,
  type TPaymentServiceView,
  ZPaymentServiceCreate,
  ZTapPayAppId,
  ZTapPayAppKey,
} from '@shopdesk/contract';
import { Alert, Button, Form, Input, Modal, Select, Space, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/error-text';
import { notify } from '../../../lib/notify';
import { useQrpayWrites } from './qrpay-queries';

const ZTapPayAppIdMessage = ZTapPayAppId.safeParse('x').error?.issues[0]?.message;
const ZTapPayAppKeyMessage = ZTapPayAppKey.safeParse('x').error?.issues[0]?.message;

const OPTION_LABEL = ['optDirect', 'optAppleGoogleDirect', 'optJko'] as const;

type TFields = Record<string, string | boolean | number | undefined> & { option?: number };

/** The fields of each service (spec 001 §3): the secret last; required in create mode, optional on update. */
const FIELDS: Record<TPaymentService, { text: string[]; secret: string }> = {
  tappay: {
    text: ['tappayMerchantId', 'contactName', 'contactPhone', 'contactAddress'],
    secret: 'partnerKey',
  },
  linepay: { text: ['name', 'channelId'], secret: 'channelSecret' },
  easywallet: { text: ['name', 'sellerMemberUid', 'contractNo', 'executorId'], secret: 'securityCode' },
};

/**
 * The add / update dialog of a payment service (spec 001 §4 "the payment dialog has create and update
 * modes"): TapPay with the §9 type options and 3DS off by default; "test connection" asks the service.
 */
export const ServiceDialog = ({
  shopId,
  service,
  current,
  onClose,
}: {
  shopId: number;
  service: TPaymentService;
  current: TPaymentServiceView | null;
  onClose: () => void;
}) => {
  const { t, i18n } = useTranslation('qrpay');
  const writes = useQrpayWrites(shopId);
  const [form] = Form.useForm<TFields>();
  const [answer, setAnswer] = useState<{ ok: boolean; answer: string } | null>(current?.lastTest ?? null);
  const f = FIELDS[service];
  const types = (current?.fields.types as string[] | undefined) ?? ['direct'];
  const initial: TFields = {
    ...(current?.fields as TFields | undefined),
    option: Math.max(
      0,
      TAPPAY_TYPE_OPTIONS.findIndex((o) => o.length === types.length && o.every((x) => types.includes(x))),
    ),
    useTds: (current?.fields.useTds as boolean | undefined) ?? false,
  };

  const save = async () => {
    const v = await form.validateFields();
    const { option, ...all } = v;
    // TapPay's card-form app id and key are optional: an empty one is left out (then TapPay is not offered)
    const rest = Object.fromEntries(
      Object.entries(all).filter(([k, x]) => !(k.startsWith('tappayApp') && (x === '' || x === undefined))),
    );
    const body = {
      ...rest,
      service,
      ...(service === 'tappay'
        ? { types: [...(TAPPAY_TYPE_OPTIONS[option ?? 0] ?? [])], useTds: !!v.useTds }
        : {}),
    };
    try {
      if (current) {
        await writes.updateService(current.id, body as never);
        notify.success(t('serviceUpdated'));
      } else {
        const parsed = ZPaymentServiceCreate.safeParse({ ...body, merchantId: shopId });
        if (!parsed.success) {
          notify.card('error', t('serviceAddFailed'), parsed.error.issues[0]?.message);
          return;
        }
        await writes.createService(parsed.data);
        notify.success(t('serviceAdded'));
      }
      onClose();
    } catch (err) {
      notify.card(
        'error',
        t(current ? 'serviceUpdateFailed' : 'serviceAddFailed'),
        errorText(err, i18n.language),
      );
    }
  };

  const test = async () => {
    if (!current) return;
    try {
      const res = await writes.test(current.id);
      setAnswer(res);
    } catch (err) {
      setAnswer({ ok: false, answer: errorText(err, i18n.language) });
    }
  };

  return (
    <Modal
      open
      title={`${t(service)} ${current ? t('edit') : t('configure')}`}
      onCancel={onClose}
      onOk={save}
      okText={t('save')}
      cancelText={t('cancel')}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={initial}>
        {f.text.map((name) => (
          <Form.Item
            key={name}
            name={name}
            label={t(name as 'name')}
            rules={[{ required: true, message: '必填' }]}
          >
            <Input aria-label={t(name as 'name')} maxLength={100} />
          </Form.Item>
        ))}
        <Form.Item
          name={f.secret}
          label={t(f.secret as 'partnerKey')}
          rules={current ? [] : [{ required: true, message: '必填' }]}
          extra={current ? t('keepSecret', { masked: current.maskedSecret }) : undefined}
        >
          <Input.Password
            aria-label={t(f.secret as 'partnerKey')}
            maxLength={200}
            autoComplete="new-password"
          />
        </Form.Item>
        {service === 'tappay' && (
          <>
            <Form.Item name="option" label={t('types')}>
              <Select
                aria-label={t('types')}
                options={TAPPAY_TYPE_OPTIONS.map((_, i) => ({ value: i, label: t(OPTION_LABEL[i]!) }))}
              />
            </Form.Item>
            <Form.Item name="useTds" label={t('useTds')} valuePropName="checked">
              <Switch aria-label={t('useTds')} />
            </Form.Item>
            <Form.Item
              name="tappayAppId"
              label={t('tappayAppId')}
              extra={t('tappayAppHint')}
              rules={[{ pattern: /^\d{1,10}$/, message: ZTapPayAppIdMessage }]}
            >
              <Input aria-label={t('tappayAppId')} maxLength={10} inputMode="numeric" />
            </Form.Item>
            <Form.Item
              name="tappayAppKey"
              label={t('tappayAppKey')}
              rules={[{ pattern: /^app_\w{8,}$/, message: ZTapPayAppKeyMessage }]}
            >
              <Input aria-label={t('tappayAppKey')} maxLength={200} />
            </Form.Item>
          </>
        )}
      </Form>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Button onClick={test} disabled={!current} loading={writes.testing}>
          {t('test')}
        </Button>
        {!current && <span>{t('testNeedsSave')}</span>}
        {answer && (
          <Alert
            type={answer.ok ? 'success' : 'warning'}
            showIcon
            title={answer.ok ? t('testOk') : t('testFailed')}
            description={<span data-testid="payment-test-answer">{answer.answer}</span>}
          />
        )}
      </Space>
    </Modal>
  );
};
