import {
  changePasswordOp,
  endOtherSessionsOp,
  listMySessionsOp,
  PASSWORD_FLOW_MESSAGES,
  PASSWORD_MESSAGES,
  type TSessionRow,
  ZNewPassword,
} from '@shopdesk/contract';
import { Alert, Button, Card, Flex, Form, Input, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiMutation, useApiQuery } from '../../../lib/api-query';
import { deviceText } from '../../../lib/device-text';
import { useErrorText } from '../../../lib/error-text';
import { zodRule } from '../../../lib/form-rules';
import { FormError } from './FormError';
import { useSession } from './session-context';
import { TwoFactorCard } from './TwoFactorCard';

const pick = (m: { zh: string; en: string }, lang: string) => (lang === 'en' ? m.en : m.zh);

/**
 * one's own account (/eaa-account; /my-account for the other types): change the password, two-factor
 * sign-in, see and end the other sessions.
 */
const MyAccountPage = () => {
  const { t, i18n } = useTranslation('session');
  const { user } = useSession();
  const errorText = useErrorText();
  const [form] = Form.useForm();
  const [saved, setSaved] = useState(false);
  const sessions = useApiQuery(listMySessionsOp, {});
  const change = useApiMutation(changePasswordOp, {
    onSuccess: () => {
      setSaved(true);
      form.resetFields();
      void sessions.refetch();
    },
  });
  const endOthers = useApiMutation(endOtherSessionsOp, { onSuccess: () => void sessions.refetch() });
  return (
    <Flex vertical gap={16} style={{ maxWidth: 760 }}>
      <Card title={`${user?.name ?? ''} · ${user?.email ?? ''}`}>
        <Form
          form={form}
          layout="vertical"
          style={{ maxWidth: 420 }}
          onFinish={(v: { currentPassword: string; newPassword: string }) => {
            setSaved(false);
            change.mutate({ body: { currentPassword: v.currentPassword, newPassword: v.newPassword } });
          }}
        >
          {change.error ? <FormError text={errorText(change.error)} /> : null}
          {saved ? (
            <Alert
              type="success"
              showIcon
              role="status"
              title={pick(PASSWORD_FLOW_MESSAGES.passwordChanged, i18n.language)}
            />
          ) : null}
          <Form.Item
            name="currentPassword"
            label={t('currentPassword')}
            rules={[{ required: true, message: pick(PASSWORD_MESSAGES.required, i18n.language) }]}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item
            name="newPassword"
            label={t('newPassword')}
            rules={[zodRule(ZNewPassword, i18n.language)]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="confirm"
            label={t('confirmPassword')}
            dependencies={['newPassword']}
            rules={[
              ({ getFieldValue }) => ({
                validator: async (_r, value) => {
                  if (value !== getFieldValue('newPassword'))
                    throw new Error(pick(PASSWORD_MESSAGES.mismatch, i18n.language));
                },
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={change.isPending}>
            {t('changePassword')}
          </Button>
        </Form>
      </Card>
      <TwoFactorCard />
      <Card
        title={t('sessionsTitle')}
        extra={
          <Button onClick={() => endOthers.mutate({})} loading={endOthers.isPending}>
            {t('signOutOthers')}
          </Button>
        }
      >
        {endOthers.data ? (
          <Alert type="info" showIcon title={t('endedOthers', { n: endOthers.data.ended })} />
        ) : null}
        <Table<TSessionRow>
          rowKey="id"
          size="small"
          loading={sessions.isFetching}
          dataSource={sessions.data?.sessions ?? []}
          pagination={false}
          columns={[
            {
              key: 'ua',
              title: t('device'),
              render: (_, s) => (
                <>
                  <span title={s.userAgent ?? undefined} data-testid="session-device">
                    {deviceText(s.userAgent) ?? t('unknownDevice')}
                  </span>{' '}
                  {s.current ? <Tag color="green">{t('thisDevice')}</Tag> : null}
                </>
              ),
            },
            { key: 'ip', title: 'IP', dataIndex: 'ip', width: 140 },
            {
              key: 'seen',
              title: t('lastSeen'),
              width: 200,
              render: (_, s) => new Date(s.lastSeenAt).toLocaleString(i18n.language),
            },
          ]}
        />
      </Card>
    </Flex>
  );
};

export default MyAccountPage;
