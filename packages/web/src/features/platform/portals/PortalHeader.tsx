import { ExportOutlined } from '@ant-design/icons';
import { Button, Flex, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { publicPortalUrl, usePortal } from './portal-queries';

/** The portal a sub-page works on: its name, its public URL and the page's own buttons. */
export const PortalHeader = ({ portalKey, extra }: { portalKey: string; extra?: ReactNode }) => {
  const { t } = useTranslation('portals');
  const portal = usePortal(portalKey).data?.portal;
  // a route may name the portal by its number: the public address is always by its key
  const publicUrl = publicPortalUrl(portal?.key ?? portalKey);
  return (
    <Flex justify="space-between" align="center" wrap gap={8}>
      <Space direction="vertical" size={0}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          <Link to="/portals">{t('back')}</Link> / {portal?.name ?? portalKey}
        </Typography.Title>
        <Typography.Text type="secondary">
          {t('publicUrl')}:{' '}
          <Typography.Link href={publicUrl} target="_blank" data-testid="public-url">
            {publicUrl} <ExportOutlined />
          </Typography.Link>
        </Typography.Text>
      </Space>
      <Space>
        {extra}
        <Button href={publicUrl} target="_blank" icon={<ExportOutlined />}>
          {t('openPage')}
        </Button>
      </Space>
    </Flex>
  );
};
