import { ArrowLeftOutlined, EditOutlined } from '@ant-design/icons';
import type { TAcl, TManager } from '@shopdesk/contract';
import { Alert, Button, Flex, Grid, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ApiClientError } from '../../../lib/api';
import { errorText } from '../../../lib/error-text';
import { notify } from '../../../lib/notify';
import { ForbiddenPage, NotFoundPage } from '../../../shell/StatusPages';
import { AclEditDialog } from './AclEditDialog';
import { useManagers, useSaveAcls } from './acl-queries';

const id = (raw: string | undefined) => (raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null);

/**
 * The eaa permission page (spec 002 §2 screen 9): /eaa/business/{id}/acls and its retail copy. The shop's
 * managers (name, phone, permissions) and the edit dialog; 編輯權限成功 on save (§8).
 */
const AclsPage = () => {
  const { t } = useTranslation('acls');
  const navigate = useNavigate();
  const accountId = id(useParams().id);
  const list = useManagers(accountId ?? 0);
  const writes = useSaveAcls(accountId ?? 0);
  const [editing, setEditing] = useState<TManager | null>(null);
  const narrow = !(Grid.useBreakpoint().md ?? true);

  const status = list.error instanceof ApiClientError ? list.error.status : null;
  if (accountId === null || status === 404) return <NotFoundPage />;
  if (status === 403) return <ForbiddenPage />;

  const aclTags = (acls: TAcl[]) =>
    acls.length ? (
      <Flex wrap gap={4}>
        {acls.map((a) => (
          <Tag key={a} color="blue">
            {t(`acl_${a}`)}
          </Tag>
        ))}
      </Flex>
    ) : (
      <Typography.Text type="secondary">{t('noAcls')}</Typography.Text>
    );
  const editButton = (m: TManager, iconOnly: boolean) => (
    <Button icon={<EditOutlined />} onClick={() => setEditing(m)} aria-label={`${t('edit')} ${m.name}`}>
      {iconOnly ? null : t('edit')}
    </Button>
  );

  const save = async (m: TManager, acls: TAcl[]) => {
    try {
      await writes.save({ userId: m.userId, accountId, acls });
      notify.success(t('saved'));
      return true;
    } catch (err) {
      notify.error(err instanceof ApiClientError ? `${t('saveFailed')}：${errorText(err)}` : t('saveFailed'));
      return false;
    }
  };

  return (
    <Flex vertical gap={16}>
      <Flex gap={8} align="center" wrap>
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)}>
          {t('back')}
        </Button>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('title')}（{accountId}）
        </Typography.Title>
      </Flex>
      <Alert type="info" showIcon message={t('hint')} />
      <Table<TManager>
        rowKey="userId"
        loading={list.isLoading}
        dataSource={list.data?.managers ?? []}
        pagination={false}
        locale={{ emptyText: t('empty') }}
        scroll={narrow ? undefined : { x: 'max-content' }}
        columns={
          narrow
            ? [
                // a phone (below 768 px): one column per manager, the edit button beside it, nothing off screen
                {
                  title: t('colName'),
                  key: 'who',
                  render: (_: unknown, m: TManager) => (
                    <Flex vertical gap={4}>
                      <Typography.Text strong>{m.name}</Typography.Text>
                      <Typography.Text type="secondary" style={{ fontSize: 12, wordBreak: 'break-all' }}>
                        {[m.phone, m.email].filter(Boolean).join(' · ')}
                      </Typography.Text>
                      {aclTags(m.acls)}
                    </Flex>
                  ),
                },
                {
                  title: '',
                  key: 'actions',
                  width: 56,
                  render: (_: unknown, m: TManager) => editButton(m, true),
                },
              ]
            : [
                { title: t('colName'), dataIndex: 'name' },
                { title: t('colPhone'), dataIndex: 'phone', render: (v: string | null) => v ?? '—' },
                { title: t('colEmail'), dataIndex: 'email' },
                { title: t('colAcls'), dataIndex: 'acls', render: aclTags },
                {
                  title: t('colActions'),
                  key: 'actions',
                  render: (_: unknown, m: TManager) => editButton(m, false),
                },
              ]
        }
      />
      {editing ? (
        <AclEditDialog
          manager={editing}
          saving={writes.saving}
          onSave={(acls) => save(editing, acls)}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Flex>
  );
};

export default AclsPage;
