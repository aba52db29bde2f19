import {
  myTotpConfirmOp,
  myTotpDisableOp,
  myTotpOp,
  myTotpStartOp,
  PASSWORD_MESSAGES,
  ZOtpCodeBody,
} from '@shopdesk/contract';
import { Alert, Button, Card, Flex, Form, Input, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiMutation, useApiQuery } from '../../../lib/api-query';
import { useErrorText } from '../../../lib/error-text';
import { zodRule } from '../../../lib/form-rules';
import { FormError } from './FormError';
import { EnrolForm, RecoveryCodes } from './TwoFactorPanels';

const pick = (m: { zh: string; en: string }, lang: string) => (lang === 'en' ? m.en : m.zh);

/** two-factor sign-in on one's own account page: turn on (scan, confirm, recovery codes), off. */
export const TwoFactorCard = () => {
  const { t, i18n } = useTranslation('session');
  const errorText = useErrorText();
  const status = useApiQuery(myTotpOp, {});
  const [codes, setCodes] = useState<string[] | null>(null);
  const [disabling, setDisabling] = useState(false);
  const start = useApiMutation(myTotpStartOp);
  const confirm = useApiMutation(myTotpConfirmOp, {
    onSuccess: (r) => {
      setCodes(r.recoveryCodes);
      start.reset();
      void status.refetch();
    },
  });
  const disable = useApiMutation(myTotpDisableOp, {
    onSuccess: () => {
      setDisabling(false);
      void status.refetch();
    },
  });
  const s = status.data;
  const on = s?.enabled === true;
  return (
    <Card
      title={t('tfTitle')}
      loading={status.isLoading}
      extra={on ? <Tag color="green">ON</Tag> : s ? <Tag>OFF</Tag> : null}
      data-testid="two-factor"
    >
      {status.error ? <FormError text={errorText(status.error)} /> : null}
      {s?.exempt ? (
        <Alert
          type="warning"
          showIcon
          title={t('tfExemptTitle')}
          description={t('tfExemptNote')}
          style={{ marginBottom: 12 }}
          data-testid="two-factor-exempt"
        />
      ) : null}
      {codes ? (
        <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
      ) : start.data ? (
        <EnrolForm
          setup={start.data}
          pending={confirm.isPending}
          error={confirm.error}
          onConfirm={(code) => confirm.mutate({ body: { code } })}
          extra={<Button onClick={() => start.reset()}>{t('tfCancel')}</Button>}
        />
      ) : on && s ? (
        <Flex vertical gap={12}>
          <Typography.Text>
            {t('tfStatusOn', {
              date: new Date(s.enabledAt ?? '').toLocaleDateString(i18n.language),
              n: s.recoveryCodesLeft,
            })}
          </Typography.Text>
          {s.required ? (
            <Alert type="info" showIcon title={t('tfRequiredNote')} />
          ) : disabling ? (
            <Form
              layout="vertical"
              style={{ maxWidth: 420 }}
              disabled={disable.isPending}
              onFinish={(v: { password: string; code: string }) =>
                disable.mutate({ body: { password: v.password, code: v.code.trim() } })
              }
            >
              <Typography.Paragraph type="secondary">{t('tfDisableHint')}</Typography.Paragraph>
              {disable.error ? <FormError text={errorText(disable.error)} /> : null}
              <Form.Item
                name="password"
                label={t('password')}
                rules={[{ required: true, message: pick(PASSWORD_MESSAGES.required, i18n.language) }]}
              >
                <Input.Password autoComplete="current-password" />
              </Form.Item>
              <Form.Item
                name="code"
                label={t('tfCode')}
                rules={[zodRule(ZOtpCodeBody.shape.code, i18n.language)]}
              >
                <Input autoComplete="one-time-code" placeholder={t('tfCodePlaceholder')} />
              </Form.Item>
              <Flex gap={8}>
                <Button danger htmlType="submit" loading={disable.isPending}>
                  {t('tfDisable')}
                </Button>
                <Button onClick={() => setDisabling(false)}>{t('tfCancel')}</Button>
              </Flex>
            </Form>
          ) : (
            <Button danger style={{ alignSelf: 'flex-start' }} onClick={() => setDisabling(true)}>
              {t('tfDisable')}
            </Button>
          )}
        </Flex>
      ) : (
        <Flex vertical gap={12}>
          <Typography.Text>{t('tfStatusOff')}</Typography.Text>
          {start.error ? <FormError text={errorText(start.error)} /> : null}
          <Button
            type="primary"
            style={{ alignSelf: 'flex-start' }}
            loading={start.isPending}
            onClick={() => start.mutate({})}
          >
            {t('tfEnable')}
          </Button>
        </Flex>
      )}
    </Card>
  );
};
