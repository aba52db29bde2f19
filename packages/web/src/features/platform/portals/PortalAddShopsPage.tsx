import { PORTAL_LIMITS, PORTAL_MESSAGES } from '@shopdesk/contract';
import { Alert, Button, Flex, Input, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useErrorText } from '../../../lib/error-text';
import { useMessageText } from '../../../lib/message-text';
import { notify } from '../../../lib/notify';
import { useOneAtATime } from '../../../lib/use-one-at-a-time';
import { useReportList } from '../../reports/platform-reports/report-kit';
import { PortalHeader } from './PortalHeader';
import { PortalNotFound, portalMissing } from './PortalNotFound';
import { usePortal, usePortalCandidates, usePortalMutations } from './portal-queries';

/**
 * /portals/{portalKey}/add-shops (gaa): every shop, searched by name or id on the server and paged;
 * ticked shops (kept across pages) are added at the end of the portal's list.
 */
const PortalAddShopsPage = () => {
  const { t } = useTranslation('portals');
  const say = useMessageText();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const portalKey = useParams().portalKey!;
  const { list, draft, setDraft } = useReportList(['q'] as const);
  const query = { q: list.filters.q || undefined, offset: (list.page - 1) * list.size, limit: list.size };
  const portal = usePortal(portalKey);
  const candidates = usePortalCandidates(portalKey, query);
  const { addShops } = usePortalMutations();
  const [picked, setPicked] = useState<number[]>([]);

  const [add, adding] = useOneAtATime(async () => {
    try {
      const r = await addShops.mutateAsync({ params: { portalKey }, body: { shopIds: picked } });
      notify.success(say(PORTAL_MESSAGES.added(r.added)));
      setPicked([]);
      navigate(`/portals/${portalKey}/shops`);
    } catch (err) {
      notify.error(errorText(err));
    }
  });

  if (portalMissing(portal.error)) return <PortalNotFound portalKey={portalKey} />;
  return (
    <Flex vertical gap={16}>
      <PortalHeader portalKey={portalKey} />
      <Flex gap={8} wrap justify="space-between">
        <Input.Search
          allowClear
          style={{ maxWidth: 320 }}
          placeholder={t('searchShops')}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onSearch={(v) => list.update({ filters: { q: v } })}
          data-testid="candidate-search"
        />
        <Button
          type="primary"
          disabled={picked.length === 0 || picked.length > PORTAL_LIMITS.maxAddAtOnce}
          loading={adding || addShops.isPending}
          onClick={add}
        >
          {t('addSelected', { count: picked.length })}
        </Button>
      </Flex>
      {candidates.isError ? (
        <Alert type="error" showIcon role="alert" title={errorText(candidates.error)} />
      ) : null}
      <Table
        rowKey="shopId"
        data-testid="candidates"
        loading={candidates.isFetching}
        dataSource={candidates.data?.rows ?? []}
        scroll={{ x: 640 }}
        rowSelection={{
          selectedRowKeys: picked,
          preserveSelectedRowKeys: true,
          onChange: (keys) => setPicked(keys as number[]),
          getCheckboxProps: (r) => ({ disabled: r.inPortal, 'aria-label': r.name }),
        }}
        {...list.table(candidates.data?.total ?? 0, (total) => t('total', { total }))}
        columns={[
          { key: 'id', title: t('shopId'), dataIndex: 'shopId', width: 100 },
          { key: 'name', title: t('shopName'), dataIndex: 'name' },
          { key: 'si', title: t('si'), width: 140, render: (_, r) => r.siName ?? '—' },
          {
            key: 'state',
            title: t('state'),
            width: 200,
            render: (_, r) => (
              <>
                {r.inPortal ? <Tag color="blue">{t('inPortal')}</Tag> : null}
                {r.online ? null : <Tag>{t('closed')}</Tag>}
              </>
            ),
          },
        ]}
      />
    </Flex>
  );
};

export default PortalAddShopsPage;
