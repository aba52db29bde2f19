import type { TNotifyGroup } from '@shopdesk/contract';
import { Card, Empty, Flex, Image, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QrImage } from '../table-qr/QrImage';

const Figure = ({ caption, children }: { caption: string; children: ReactNode }) => (
  <Flex vertical align="center" gap={8} className="shop-figure">
    {children}
    <Typography.Text type="secondary">{caption}</Typography.Text>
  </Flex>
);

type Props = { managerUrl?: string; channelImageUrl: string | null; groups: TNotifyGroup[] };

/**
 * The info page's images (spec 000 §2): the manager QR code (drawn in the browser from the manager URL),
 * the official account's channel image when the shop has one, and a QR per notification group when present.
 */
export const ShopImages = ({ managerUrl, channelImageUrl, groups }: Props) => {
  const { t } = useTranslation('shopProfile');
  const empty = !managerUrl && !channelImageUrl && groups.length === 0;
  return (
    <Card title={t('images')}>
      {empty ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <Flex wrap gap={32}>
          {managerUrl && (
            <Figure caption={t('managerQr')}>
              <QrImage link={managerUrl} alt={t('managerQr')} display={160} />
            </Figure>
          )}
          {channelImageUrl && (
            <Figure caption={t('channelImage')}>
              <Image src={channelImageUrl} alt={t('channelImage')} width={160} />
            </Figure>
          )}
          {groups.map((g) => (
            <Figure
              key={g.subscriberAttributes.lineUrl}
              caption={`${t('notifyGroupQr')}：${g.subscriberAttributes.name}`}
            >
              <QrImage
                link={g.subscriberAttributes.lineUrl}
                alt={g.subscriberAttributes.name}
                display={160}
              />
            </Figure>
          ))}
        </Flex>
      )}
    </Card>
  );
};
