import {
  ApiOutlined,
  CalendarOutlined,
  DashboardOutlined,
  EditOutlined,
  ExportOutlined,
  MailOutlined,
  MessageOutlined,
  NotificationOutlined,
  PrinterOutlined,
  ProfileOutlined,
  QrcodeOutlined,
  SafetyOutlined,
  TabletOutlined,
} from '@ant-design/icons';
import { Button, Card, Col, Empty, Flex, Row, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredSpin } from '../../../../components/CenteredSpin';
import { useVariant } from '../../../../shell/variant';
import { RouteButton } from '../../shop-lists/RouteButton';
import { ShopDialogs } from '../../shop-lists/shop-dialogs';
import { otherLinks, type TOtherLink } from '../other/other-links';
import { useSettingsInfo } from '../settings-queries';
import type { SettingsTabProps } from '../tab-types';

const ICONS: Record<string, ReactNode> = {
  edit: <EditOutlined />,
  qr: <QrcodeOutlined />,
  'order-limits': <DashboardOutlined />,
  acls: <SafetyOutlined />,
  'update-oa': <MessageOutlined />,
  'printer-stations': <PrinterOutlined />,
  'pos-users': <TabletOutlined />,
  orders: <ProfileOutlined />,
  notify: <NotificationOutlined />,
  opening: <CalendarOutlined />,
  posmws: <ApiOutlined />,
  'account-email': <MailOutlined />,
};

/**
 * The Other tab (spec 001 §1 names it; its content is ours, docs/decisions/shops.md "Settings page: Contract,
 * Promotion and Other tabs"): the shop's other pages as cards (title, one line, open), only those the
 * route table has in this tree and lets the user's type open.
 */
const OtherTab = ({ accountId, userType }: SettingsTabProps) => {
  const { t } = useTranslation('shopSettings');
  const { variant, basename, routes } = useVariant();
  const info = useSettingsInfo(accountId);
  const [posUsers, setPosUsers] = useState(false);
  const shop = { id: accountId, name: info.data?.name ?? '' };
  const mayOpen = (link: TOtherLink) => {
    if (link.kind === 'dialog') return link.who.includes(userType);
    const who = routes.find((r) => r.id === link.routeId)?.who;
    return Array.isArray(who) && who.includes(userType);
  };
  const links = otherLinks({ type: userType, retail: variant === 'retail', shop }).filter(mayOpen);

  const action = (link: TOtherLink) => {
    const label = t(`other.${link.key}.title` as 'other.edit.title');
    if (link.kind === 'dialog')
      return (
        <Button onClick={() => setPosUsers(true)} aria-label={`${t('otherManage')}：${label}`}>
          {t('otherManage')}
        </Button>
      );
    if (link.kind === 'new-tab')
      return (
        <Button
          icon={<ExportOutlined />}
          iconPosition="end"
          href={`${basename}${link.path}`}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`${label}（${t('otherNewTab')}）`}
        >
          {t('otherNewTab')}
        </Button>
      );
    return (
      <RouteButton to={link.path} aria-label={`${t('otherOpen')}：${label}`}>
        {t('otherOpen')}
      </RouteButton>
    );
  };

  if (info.isLoading) return <CenteredSpin />;
  if (!links.length) return <Empty description={t('otherNone')} />;
  return (
    <>
      <Typography.Paragraph type="secondary">{t('otherIntro')}</Typography.Paragraph>
      <Row gutter={[16, 16]} data-testid="other-links">
        {links.map((link) => (
          <Col key={link.key} xs={24} md={12} xl={8}>
            <Card
              size="small"
              style={{ height: '100%' }}
              styles={{ body: { height: '100%' } }}
              data-testid={`other-${link.key}`}
            >
              <Flex vertical gap={8} style={{ height: '100%' }}>
                <Typography.Text strong>
                  <span style={{ marginInlineEnd: 8 }}>{ICONS[link.key]}</span>
                  {t(`other.${link.key}.title` as 'other.edit.title')}
                </Typography.Text>
                <Typography.Text type="secondary">
                  {t(`other.${link.key}.desc` as 'other.edit.desc')}
                </Typography.Text>
                <div style={{ marginTop: 'auto' }}>{action(link)}</div>
              </Flex>
            </Card>
          </Col>
        ))}
      </Row>
      <ShopDialogs
        dialog={posUsers ? { kind: 'pos-users', shopId: accountId, shopName: shop.name } : null}
        userType={userType}
        onClose={() => setPosUsers(false)}
      />
    </>
  );
};

export default OtherTab;
