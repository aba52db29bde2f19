import {
  REGISTRATION_FIELD_LABELS,
  REGISTRATION_MESSAGES,
  registrationPlansOp,
  submitRegistrationOp,
  TEXT_LIMITS,
  TEXT_MAX,
  type TRegistrationInput,
  ZRegistrationInput,
} from '@shopdesk/contract';
import { Alert, Button, Card, Form, Input, Result, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useApiMutation, useApiQuery } from '../../../lib/api-query';
import { useErrorText } from '../../../lib/error-text';
import { zodRule } from '../../../lib/form-rules';
import { useMessageText } from '../../../lib/message-text';
import { useOneAtATime } from '../../../lib/use-one-at-a-time';

type TForm = Omit<TRegistrationInput, 'si'>;
const shape = ZRegistrationInput.shape;

/**
 * /pub/apply (public): the store-opening application form. `?si=<name>` is an SI's own link: the
 * application (and its mails, in that SI's wording) belong to that SI. Checked by the contract's schema here
 * and again on the server (統一編號 checksum, Taiwan phone, e-mail).
 */
const ApplyPage = () => {
  const { t, i18n } = useTranslation('registrations');
  const say = useMessageText();
  const errorText = useErrorText();
  const [search] = useSearchParams();
  const si = search.get('si')?.trim() ?? '';
  const plans = useApiQuery(
    registrationPlansOp,
    { query: si ? { si } : {} },
    { queryKey: ['apply-plans', si] },
  );
  const submit = useApiMutation(submitRegistrationOp);
  const [done, setDone] = useState(false);
  // one click, one registration (the mutation's isPending reaches the button a render late)
  const [apply, applying] = useOneAtATime(async (v: TForm) => {
    await submit.mutateAsync({ body: { ...v, si } });
    setDone(true);
  });
  const [form] = Form.useForm<TForm>();
  const lang = i18n.language;
  const L = REGISTRATION_FIELD_LABELS;
  const rule = (name: keyof typeof shape) => [zodRule(shape[name], lang)];

  if (done)
    return (
      <Card style={{ maxWidth: 640, margin: '0 auto', width: '100%' }}>
        <Result
          status="success"
          title={t('sent')}
          subTitle={say(REGISTRATION_MESSAGES.received)}
          extra={
            <Button
              onClick={() => {
                form.resetFields();
                setDone(false);
              }}
            >
              {t('another')}
            </Button>
          }
        />
      </Card>
    );

  return (
    <Card style={{ maxWidth: 640, margin: '0 auto', width: '100%' }}>
      <Typography.Title level={3}>{t('applyTitle')}</Typography.Title>
      <Typography.Paragraph type="secondary">
        {t('applyIntro')}
        {plans.data?.siName ? ` ${t('applyVia', { si: plans.data.siName })}` : ''}
      </Typography.Paragraph>
      {submit.isError ? <Alert type="error" showIcon role="alert" title={errorText(submit.error)} /> : null}
      <Form<TForm> form={form} layout="vertical" style={{ marginTop: 16 }} onFinish={apply}>
        <Form.Item name="shopName" label={say(L.shopName)} rules={rule('shopName')} required>
          <Input maxLength={TEXT_LIMITS.businessName} showCount />
        </Form.Item>
        <Form.Item name="contactName" label={say(L.contactName)} rules={rule('contactName')} required>
          <Input maxLength={TEXT_LIMITS.accountName} />
        </Form.Item>
        <Form.Item name="email" label={say(L.email)} rules={rule('email')} required>
          <Input type="email" maxLength={TEXT_LIMITS.email} />
        </Form.Item>
        <Form.Item name="phone" label={say(L.phone)} rules={rule('phone')} required>
          <Input maxLength={TEXT_LIMITS.phone} placeholder="0912-345-678" />
        </Form.Item>
        <Form.Item name="taxId" label={say(L.taxId)} rules={rule('taxId')} required>
          <Input maxLength={TEXT_LIMITS.invoice} inputMode="numeric" placeholder="12345675" />
        </Form.Item>
        <Form.Item name="address" label={say(L.address)} rules={rule('address')} required>
          <Input maxLength={TEXT_LIMITS.address} />
        </Form.Item>
        <Form.Item
          name="planId"
          label={say(L.planId)}
          rules={[{ required: true, message: say(REGISTRATION_MESSAGES.unknownPlan) }]}
        >
          <Select
            loading={plans.isPending}
            options={(plans.data?.plans ?? []).map((p) => ({ value: p.id, label: p.plan }))}
          />
        </Form.Item>
        <Form.Item name="message" label={say(L.message)}>
          <Input.TextArea rows={3} maxLength={TEXT_MAX.note} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={applying || submit.isPending} block>
          {t('submit')}
        </Button>
      </Form>
    </Card>
  );
};

export default ApplyPage;
