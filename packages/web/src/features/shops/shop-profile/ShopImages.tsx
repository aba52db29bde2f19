import { Card, Empty, Flex, Image, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QrImage } from '../table-qr/QrImage';

const Figure = ({ caption, note, children }: { caption: string; note?: string; children: ReactNode }) => (
  <Flex vertical align="center" gap={8} className="shop-figure">
    {children}
    <Typography.Text type="secondary">{caption}</Typography.Text>
    {note && (
      <Typography.Text type="secondary" style={{ maxWidth: 220, fontSize: 12, textAlign: 'center' }}>
        {note}
      </Typography.Text>
    )}
  </Flex>
);

type Props = { managerUrl?: string; channelImageUrl: string | null; groupBindUrl?: string };

/**
 * The info page's images (spec 000 §2): the manager QR code (drawn in the browser from the manager URL),
 * the official account's channel image when the shop has one, and the notification-group QR when the shop
 * has a LINE account and a valid binding code: LINE's share link with the binding message, which binds the
 * group it is sent in (contract groupBindingUrl; docs/decisions/shops.md "Notification-group QR").
 */
export const ShopImages = ({ managerUrl, channelImageUrl, groupBindUrl }: Props) => {
  const { t } = useTranslation('shopProfile');
  const empty = !managerUrl && !channelImageUrl && !groupBindUrl;
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
          {groupBindUrl && (
            <Figure caption={t('notifyGroupQr')} note={t('notifyGroupQrHint')}>
              <QrImage link={groupBindUrl} alt={t('notifyGroupQr')} display={160} />
            </Figure>
          )}
        </Flex>
      )}
    </Card>
  );
};
