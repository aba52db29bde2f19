import { groupBindingUrl, type TShopPageType } from '@shopdesk/contract';
import { Alert, Card, Col, Descriptions, Flex, Grid, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/error-text';
import type { TPageProps } from '../../../shell/lazy-page';
import { NotFoundPage } from '../../../shell/StatusPages';
import { BackToList } from './BackToList';
import { BindingCode } from './BindingCode';
import { CopyableUrl } from './CopyableUrl';
import { GoLiveChecklist } from './GoLiveChecklist';
import { ShopImages } from './ShopImages';
import { ShopLoadState } from './ShopLoadState';
import { ShopSwitches } from './ShopSwitches';
import { useManagerInfo, useShop } from './shop-profile-queries';
import { useShopPage } from './use-shop-page';

/**
 * Shop info screen (spec 000 §2): /{type}/business/{id}/info?siAccountId=… for gaa, si and eaa, and
 * /line/business/{id}/info for a shop manager holding the `shop` acl (spec 002 §3): the same data, without
 * the owner's controls (switches, binding code and the group QR that carries it, back to the list). Contact
 * data, the online-ordering and manual-acceptance switches (spec 000 §4), the binding code with its renewal, the add-friend link and ID, the webhook and public URLs with copy
 * buttons, and the QR images; for the portals, until the shop is live, the go-live checklist (where the
 * wizard's Finish lands). The manager info call uses the shop's own SI (the server checks it), so a
 * link with a stale siAccountId still shows the right URLs.
 */
const ShopInfo = ({ type, id }: { type: TShopPageType; id: number }) => {
  const { t } = useTranslation('shopProfile');
  const text = useErrorText();
  const shop = useShop(type, id);
  const data = shop.data?.businessData;
  const manager = useManagerInfo(type, id, data?.siAccountId ?? null, shop.data?.kind);
  const portal = type === 'line' ? null : type;
  // a phone (below 768 px): the label above its value, so a URL gets the card's whole width
  const narrow = !(Grid.useBreakpoint().md ?? true);
  const descriptionLayout = narrow
    ? ({ layout: 'vertical', size: 'small' } as const)
    : { labelStyle: { width: 140 } };
  if (!shop.data || !data) return <ShopLoadState error={shop.error} retry={() => shop.refetch()} />;
  const urls = manager.data?.results[0];
  // the notification-group QR: a shop with a LINE account and a valid code, for those who see the code
  const expiry = shop.data.codeExpiredTime;
  const groupBindUrl =
    portal && data.code && data.lineAddFriendUrl && (!expiry || new Date(expiry).getTime() > Date.now())
      ? groupBindingUrl(data.code)
      : undefined;

  const contact = [
    { key: 'name', label: t('fields.businessName'), children: data.businessName },
    { key: 'phone', label: t('fields.businessPhone'), children: data.businessPhone },
    { key: 'email', label: t('fields.businessEmail'), children: data.businessEmail },
    { key: 'address', label: t('fields.businessAddress'), children: data.businessAddress },
    ...(portal
      ? [
          {
            key: 'code',
            label: t('bindingCode'),
            children: (
              <BindingCode type={portal} id={id} code={data.code} expiredTime={shop.data.codeExpiredTime} />
            ),
          },
        ]
      : []),
    ...(data.lineAddFriendUrl
      ? [{ key: 'friend', label: t('addFriendUrl'), children: <CopyableUrl url={data.lineAddFriendUrl} /> }]
      : []),
    ...(data.lineBasicId ? [{ key: 'basic', label: t('lineBasicId'), children: data.lineBasicId }] : []),
  ];
  const links = urls
    ? (
        [
          ['webhookUrl', urls.webhookUrl],
          ['menuUrl', urls.menuUrl],
          ['orderUrl', urls.orderUrl],
          ['infoUrl', urls.infoUrl],
          ['shoppingUrl', urls.shoppingUrl],
        ] as const
      ).map(([key, url]) => ({ key, label: t(key), children: <CopyableUrl url={url} testId={key} /> }))
    : [];

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {data.businessName}
        </Typography.Title>
        {portal && (
          <Flex gap={24} align="center" wrap>
            <ShopSwitches type={portal} id={id} isEnabled={data.isEnabled} isManual={data.isManual} />
            <BackToList type={portal} historyBack />
          </Flex>
        )}
      </Flex>
      {portal && <GoLiveChecklist type={portal} id={id} />}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Card title={t('contact')}>
            <Descriptions column={1} items={contact} {...descriptionLayout} />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card title={t('links')} loading={manager.isPending}>
            {manager.error ? (
              <Alert type="error" showIcon message={text(manager.error)} />
            ) : (
              <Descriptions column={1} items={links} {...descriptionLayout} />
            )}
          </Card>
        </Col>
      </Row>
      <ShopImages
        managerUrl={urls?.qrcodeUrl}
        channelImageUrl={data.lineChannelImageUrl}
        groupBindUrl={groupBindUrl}
      />
    </Flex>
  );
};

const ShopInfoPage = ({ route }: TPageProps) => {
  const { type, id } = useShopPage(route);
  // the route's own type: /line/business/{id}/info is a shop manager's
  const pageType: TShopPageType = route.path.startsWith('/line/') ? 'line' : type;
  return id === null ? <NotFoundPage /> : <ShopInfo type={pageType} id={id} />;
};

export default ShopInfoPage;
