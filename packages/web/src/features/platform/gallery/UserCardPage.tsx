import { UserOutlined } from '@ant-design/icons';
import { listMySessionsOp } from '@shopdesk/contract';
import { Alert, Avatar, Card, Descriptions, Flex, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../../lib/api-query';
import { deviceText } from '../../../lib/device-text';
import { useErrorText } from '../../../lib/error-text';
import type { TPageProps } from '../../../shell/lazy-page';
import { useSession } from '../session/session-context';
import { GalleryHeader } from './GalleryHeader';

const at = (iso: string) => new Date(iso).toLocaleString('zh-TW', { hour12: false, timeZone: 'Asia/Taipei' });

/** /pages/user (gaa): the signed-in user's card: name, role, e-mail and where they are signed in. */
const UserCardPage = (_props: TPageProps) => {
  const { t } = useTranslation('gallery');
  const errorText = useErrorText();
  const { user } = useSession();
  const sessions = useApiQuery(listMySessionsOp, {}, { queryKey: ['gallery', 'sessions'] });
  const rows = sessions.data?.sessions ?? [];
  return (
    <Flex vertical gap={16}>
      <GalleryHeader
        usage={t('userUsage')}
        source="features/platform/session/session-context.tsx · GET /me/sessions"
      />
      <Card data-testid="user-card" style={{ maxWidth: 720 }}>
        <Flex gap={16} align="center" style={{ marginBottom: 16 }}>
          <Avatar size={56} icon={<UserOutlined />} style={{ background: '#1677ff' }} />
          <div>
            <Typography.Title level={4} style={{ margin: 0 }} data-testid="card-user-name">
              {user?.name}
            </Typography.Title>
            <Typography.Text type="secondary">{user?.email}</Typography.Text>
          </div>
        </Flex>
        <Descriptions size="small" column={1} bordered>
          <Descriptions.Item label={t('role')}>
            <Tag color="blue" data-testid="user-role">
              {user ? t(`role_${user.type}`) : ''}
            </Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('sessionCount')}>
            <span data-testid="user-session-count">{sessions.data ? rows.length : '—'}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('userId')}>{user?.id}</Descriptions.Item>
        </Descriptions>
      </Card>
      {sessions.isError ? (
        <Alert type="error" showIcon role="alert" title={errorText(sessions.error)} />
      ) : null}
      <Table
        data-testid="user-sessions"
        rowKey="id"
        size="small"
        pagination={false}
        loading={sessions.isPending}
        dataSource={rows}
        style={{ maxWidth: 960 }}
        columns={[
          {
            key: 'device',
            title: t('device'),
            render: (_, s) => (
              <>
                {s.current ? <Tag color="green">{t('thisDevice')}</Tag> : null}
                <Typography.Text type="secondary">{deviceText(s.userAgent) ?? '—'}</Typography.Text>
              </>
            ),
          },
          { key: 'ip', title: 'IP', render: (_, s) => s.ip ?? '—' },
          { key: 'created', title: t('signedInAt'), render: (_, s) => at(s.createdAt) },
          { key: 'seen', title: t('lastSeen'), render: (_, s) => at(s.lastSeenAt) },
        ]}
      />
    </Flex>
  );
};

export default UserCardPage;
