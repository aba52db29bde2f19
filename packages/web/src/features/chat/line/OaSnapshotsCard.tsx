import {
  formatTaipeiTime,
  listOaSnapshotsOp,
  restoreOaSnapshotOp,
  type TOaSnapshot,
} from '@shopdesk/contract';
import { Button, Card, Popconfirm, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useApiMutation, useApiQuery } from '../../../lib/api-query';
import { useErrorText } from '../../../lib/error-text';
import { notify } from '../../../lib/notify';

export const oaSnapshotsKey = (accountId: number) => ['oa-snapshots', accountId] as const;

/**
 * The saved settings of "save current settings" (gaa, docs/decisions/chat.md "OA settings snapshots"): when, who,
 * the account name and the style; restoring one runs update-oa with it (applied at LINE, all or nothing).
 */
export const OaSnapshotsCard = ({
  accountId,
  styleName,
  onRestored,
}: {
  accountId: number;
  styleName: (fileName: string | null) => string;
  onRestored: () => Promise<unknown>;
}) => {
  const { t } = useTranslation('line');
  const errorText = useErrorText();
  const list = useApiQuery(
    listOaSnapshotsOp,
    { params: { accountId } },
    { queryKey: oaSnapshotsKey(accountId), staleTime: 0 },
  );
  const restore = useApiMutation(restoreOaSnapshotOp);
  const onRestore = async (s: TOaSnapshot) => {
    try {
      await restore.mutateAsync({ params: { accountId, snapshotId: s.id } });
      notify.success(t('restored'));
      await onRestored();
    } catch (err) {
      notify.card('error', t('updateFailed'), errorText(err));
    }
  };
  return (
    <Card title={t('snapshotsTitle')} data-testid="oa-snapshots">
      <Table<TOaSnapshot>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.snapshots ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: list.isError ? errorText(list.error) : t('snapshotsEmpty') }}
        columns={[
          { title: t('snapshotSavedAt'), key: 'at', render: (_, s) => formatTaipeiTime(s.savedAt) },
          { title: t('snapshotSavedBy'), key: 'by', render: (_, s) => s.savedBy || '—' },
          { title: t('snapshotAccount'), key: 'name', render: (_, s) => s.settings.accountName },
          { title: t('snapshotStyle'), key: 'style', render: (_, s) => styleName(s.settings.fileName) },
          {
            title: '',
            key: 'restore',
            render: (_, s) => (
              <Popconfirm title={t('snapshotRestoreConfirm')} onConfirm={() => onRestore(s)}>
                <Button
                  size="small"
                  loading={restore.isPending && restore.variables?.params.snapshotId === s.id}
                >
                  {t('snapshotRestore')}
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
    </Card>
  );
};
