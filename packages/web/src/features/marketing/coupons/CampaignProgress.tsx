import type { TCampaign } from '@shopdesk/contract';
import { Flex, Progress, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const STATUS_COLOR = { draft: 'default', sending: 'processing', sent: 'green' } as const;

export const CampaignStatus = ({ c }: { c: TCampaign }) => {
  const { t } = useTranslation('coupons');
  return <Tag color={STATUS_COLOR[c.status]}>{t(`statuses.${c.status}`)}</Tag>;
};

/** Sent / issued with the failures and uses beside it (the durable send's progress, refreshed while it runs). */
export const CampaignProgress = ({ c }: { c: TCampaign }) => {
  const { t } = useTranslation('coupons');
  const p = c.progress;
  if (c.status === 'draft') return <Typography.Text type="secondary">—</Typography.Text>;
  const done = p.issued ? Math.round(((p.sent + p.failed) / p.issued) * 100) : c.status === 'sent' ? 100 : 0;
  return (
    <Flex vertical gap={2} data-testid="campaign-progress">
      <Progress
        percent={done}
        success={{ percent: p.issued ? Math.round((p.sent / p.issued) * 100) : 0 }}
        size="small"
        showInfo={false}
      />
      <Typography.Text style={{ fontSize: 12 }}>
        {t('progressText', { sent: p.sent, issued: p.issued })}
        {p.failed ? (
          <Typography.Text type="danger" style={{ fontSize: 12 }}>
            {` · ${t('failedText', { failed: p.failed })}`}
          </Typography.Text>
        ) : null}
        {` · ${t('redeemedText', { redeemed: p.redeemed })}`}
      </Typography.Text>
    </Flex>
  );
};
