import { richMenuSettingsOp, type TRichMenuSettingRow } from '@shopdesk/contract';
import { Alert, Button, Flex, Input, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useApiQuery } from '../../../lib/api-query';
import { useErrorText } from '../../../lib/error-text';
import { notify } from '../../../lib/notify';
import type { TPageProps } from '../../../shell/lazy-page';

const PAGE_SIZES = [15, 25, 50]; // spec 000 §2 "Rich-menu settings table"

/** A link and its copy button: 已複製, or 錯誤 when the browser refuses (spec 000 §8 Account settings). */
const CopyLink = ({ url }: { url: string }) => {
  const { t } = useTranslation('line');
  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(url);
      notify.success(t('copied'));
    } catch {
      notify.warning(t('copyFailed'));
    }
  };
  return (
    <Flex gap={6} align="center" wrap={false}>
      <Typography.Link href={url} target="_blank" rel="noreferrer" ellipsis style={{ maxWidth: 260 }}>
        {url}
      </Typography.Link>
      <Button size="small" onClick={copy}>
        {t('copy')}
      </Button>
    </Flex>
  );
};

/**
 * /{type}/business/info/richmenu-settings?name={SI name} (spec 000 §2 "Rich-menu settings table", no
 * sign-in): the SI's shops with a LINE channel and the links their rich menus open. Only public links
 * (menu, order, shop info), never a secret. The search box filters on accountId and name in the browser.
 */
const RichMenuSettingsPage = (_props: TPageProps) => {
  const { t } = useTranslation('line');
  const errorText = useErrorText();
  const [params] = useSearchParams();
  const siName = params.get('name')?.trim() ?? '';
  const [q, setQ] = useState('');
  const [page, setPage] = useState({ current: 1, size: PAGE_SIZES[0]! });
  const table = useApiQuery(
    richMenuSettingsOp,
    { query: { siName } },
    { enabled: siName.length > 0, staleTime: 60_000 },
  );
  const rows = useMemo(() => {
    const needle = q.trim().toLowerCase();
    const all = table.data?.results ?? [];
    return needle
      ? all.filter((r) => String(r.accountId).includes(needle) || r.name.toLowerCase().includes(needle))
      : all;
  }, [table.data, q]);

  return (
    <div
      style={{ width: 'min(1400px, 100%)', margin: '0 auto', padding: '16px clamp(12px, 3vw, 32px) 24px' }}
    >
      <Flex vertical gap={16}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('rmTitle')}
          {siName ? `（${siName}）` : ''}
        </Typography.Title>
        {!siName && <Alert type="warning" showIcon title={t('rmNoName')} />}
        {table.isError && <Alert type="error" showIcon title={errorText(table.error)} />}
        {siName && (
          <>
            <Input.Search
              allowClear
              placeholder={t('rmSearch')}
              style={{ maxWidth: 360 }}
              onSearch={(v) => {
                setQ(v);
                setPage((p) => ({ ...p, current: 1 }));
              }}
              onChange={(e) => {
                setQ(e.target.value);
                setPage((p) => ({ ...p, current: 1 }));
              }}
            />
            <Table<TRichMenuSettingRow>
              rowKey="accountId"
              size="middle"
              loading={table.isFetching}
              dataSource={rows}
              locale={{ emptyText: t('rmEmpty') }}
              scroll={{ x: 1200 }}
              pagination={{
                current: page.current,
                pageSize: page.size,
                pageSizeOptions: PAGE_SIZES,
                showSizeChanger: true,
                showTotal: (total) => t('rmTotal', { total }),
                onChange: (current, size) => setPage({ current: size !== page.size ? 1 : current, size }),
              }}
              columns={[
                { title: 'accountId', dataIndex: 'accountId', width: 110 },
                { title: t('rmName'), dataIndex: 'name', width: 200 },
                { title: t('rmSiName'), dataIndex: 'siName', width: 120 },
                {
                  title: t('rmMenuUrl'),
                  dataIndex: 'menuUrl',
                  render: (u: string) => <CopyLink url={u} />,
                },
                {
                  title: t('rmOrderUrl'),
                  dataIndex: 'orderUrl',
                  render: (u: string) => <CopyLink url={u} />,
                },
                {
                  title: t('rmInfoUrl'),
                  dataIndex: 'infoUrl',
                  render: (u: string) => <CopyLink url={u} />,
                },
              ]}
            />
          </>
        )}
      </Flex>
    </div>
  );
};

export default RichMenuSettingsPage;
