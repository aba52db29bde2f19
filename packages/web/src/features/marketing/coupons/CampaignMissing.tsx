import type { TCampaign } from '@shopdesk/contract';
import { Button, Flex, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { CampaignStatus } from './CampaignProgress';
import { useCampaigns } from './coupon-queries';

/** The list page's first page: the same query (and cache) as /send-coupons opened without a search. */
const FIRST_PAGE = { offset: 0, limit: 20 };

/**
 * A campaign or voucher link that names nothing of this SI's (a stale bookmark, a mistyped number, another
 * SI's campaign): what is missing, the way back, and the SI's own campaigns to pick from (docs/decisions/marketing.md
 * "Coupon campaigns and vouchers", not-found links).
 */
export const CampaignMissing = ({ id, campaign }: { id: string; campaign?: TCampaign }) => {
  const { t } = useTranslation('coupons');
  const navigate = useNavigate();
  const campaigns = useCampaigns(FIRST_PAGE);
  const rows = campaign ? [] : (campaigns.data?.rows ?? []);
  return (
    <Result
      status="404"
      data-testid="coupon-missing"
      title={campaign ? t('missing.voucher', { id }) : t('missing.campaign', { id })}
      subTitle={campaign ? t('missing.voucherHint', { name: campaign.name }) : t('missing.campaignHint')}
      extra={
        <Flex gap={8} justify="center" wrap>
          {campaign ? (
            <Button type="primary" onClick={() => navigate(`/send-coupons/${campaign.id}/edit`)}>
              {t('missing.toCampaign', { name: campaign.name })}
            </Button>
          ) : null}
          <Button type={campaign ? 'default' : 'primary'} onClick={() => navigate('/send-coupons')}>
            {t('missing.toList')}
          </Button>
        </Flex>
      }
    >
      {rows.length ? (
        <Flex vertical gap={4} data-testid="coupon-missing-campaigns">
          <Typography.Text strong>{t('missing.yours')}</Typography.Text>
          {rows.map((c) => (
            <Flex key={c.id} gap={8} align="center">
              <Link to={`/send-coupons/${c.id}/edit`}>{c.name}</Link>
              <CampaignStatus c={c} />
              <Typography.Text type="secondary">{`${c.start} ~ ${c.end}`}</Typography.Text>
            </Flex>
          ))}
        </Flex>
      ) : null}
    </Result>
  );
};
