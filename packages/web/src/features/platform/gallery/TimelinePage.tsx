import { AUDIT_RESOURCES, type TAuditResource } from '@shopdesk/contract';
import { Alert, Button, Card, Empty, Flex, Input, Tag, Timeline, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useErrorText } from '../../../lib/error-text';
import { textOf } from '../../../lib/message-text';
import type { TPageProps } from '../../../shell/lazy-page';
import { useRecords } from '../../shops/shop-settings/tabs/record/record-queries';
import { GalleryHeader } from './GalleryHeader';

const ACTION_COLORS = { create: 'green', update: 'blue', delete: 'red' } as const;
const at = (iso: string) => new Date(iso).toLocaleString('zh-TW', { hour12: false, timeZone: 'Asia/Taipei' });

/** /pages/timeline (gaa): a shop's audit records as a timeline, from the Record tab's API. */
const TimelinePage = (_props: TPageProps) => {
  const { t, i18n } = useTranslation('gallery');
  const errorText = useErrorText();
  const [params, setParams] = useSearchParams();
  const shop = params.get('shop') ?? '';
  const [draft, setDraft] = useState(shop);
  useEffect(() => setDraft(shop), [shop]);
  const accountId = /^\d{1,9}$/.test(shop) ? Number(shop) : 0;
  const records = useRecords(accountId, null, 1, 30);
  const rows = accountId ? (records.data?.records ?? []) : [];
  const category = (code: string) =>
    code in AUDIT_RESOURCES ? textOf(AUDIT_RESOURCES[code as TAuditResource], i18n.language) : code;
  return (
    <Flex vertical gap={16}>
      <GalleryHeader
        usage={t('timelineUsage')}
        source="features/shops/shop-settings/tabs/record/record-queries.ts · GET /console/{id}/record"
      />
      <Flex gap={8}>
        <Input
          style={{ width: 160 }}
          placeholder={t('shopId')}
          value={draft}
          maxLength={9}
          onChange={(e) => setDraft(e.target.value.trim())}
          onPressEnter={() => setParams({ shop: draft })}
          data-testid="timeline-shop"
        />
        <Button type="primary" onClick={() => setParams({ shop: draft })}>
          {t('show')}
        </Button>
        {accountId ? <Link to={`/gaa/settings?accountId=${accountId}`}>{t('recordTab')}</Link> : null}
      </Flex>
      {records.isError && accountId ? (
        <Alert type="error" showIcon role="alert" title={errorText(records.error)} />
      ) : null}
      <Card size="small" loading={Boolean(accountId) && records.isPending} data-testid="timeline">
        {!accountId ? (
          <Typography.Text type="secondary">{t('timelineHint')}</Typography.Text>
        ) : rows.length === 0 ? (
          <Empty description={t('noRecords')} />
        ) : (
          <Timeline
            items={rows.map((r) => ({
              color: ACTION_COLORS[r.action],
              content: (
                <Flex vertical gap={2}>
                  <Typography.Text type="secondary">{`${at(r.createdAt)} · ${r.userName}`}</Typography.Text>
                  <span>
                    <Tag>{category(r.resourceCode)}</Tag>
                    {r.displayLog}
                  </span>
                </Flex>
              ),
            }))}
          />
        )}
        {accountId && records.data && records.data.total > rows.length ? (
          <Typography.Text type="secondary">
            {t('moreRecords', { total: records.data.total })}
          </Typography.Text>
        ) : null}
      </Card>
    </Flex>
  );
};

export default TimelinePage;
