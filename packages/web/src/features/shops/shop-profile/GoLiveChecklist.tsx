import { CheckCircleFilled, ClockCircleOutlined } from '@ant-design/icons';
import type { TShopPortal } from '@shopdesk/contract';
import { Alert, Button, Card, Flex, Grid, List, Progress, Tag, Typography, theme } from 'antd';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useHref, useNavigate } from 'react-router';
import { useErrorText } from '../../../lib/error-text';
import { useShopKind } from '../../../shell/variant';
import { goLiveLink } from './go-live-links';
import { useGoLiveChecklist } from './shop-profile-queries';

/** A link styled as a button: a real href (middle-click opens a tab), a plain click stays in the app. */
const GoButton = ({ to, label, testId }: { to: string; label: string; testId: string }) => {
  const href = useHref(to);
  const navigate = useNavigate();
  const onClick = (e: MouseEvent) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigate(to);
  };
  return (
    <Button size="small" href={href} onClick={onClick} data-testid={testId}>
      {label}
    </Button>
  );
};

/**
 * What is left before the shop goes live (docs/decisions/shops.md "Go-live checklist"),
 * shown on the info page, where the wizard's Finish lands, until the shop is live. The server ticks each
 * item from the shop's data; each links to the page where it is done, for the caller's type.
 */
export const GoLiveChecklist = ({ type, id }: { type: TShopPortal; id: number }) => {
  const { t } = useTranslation('goLive');
  const { token } = theme.useToken();
  const errorText = useErrorText();
  const retail = useShopKind() === 'retail';
  // a phone: the status and the link go under the item, not beside it in a narrow column
  const wide = Grid.useBreakpoint().md !== false;
  const list = useGoLiveChecklist(type, id, true);
  if (list.error)
    return <Alert type="warning" showIcon message={t('loadFailed')} description={errorText(list.error)} />;
  if (!list.data || list.data.live) return null;
  const items = list.data.items;
  const done = items.filter((i) => i.done).length;
  return (
    <Card
      data-testid="go-live-checklist"
      title={t('title')}
      extra={
        <Flex align="center" gap={8} style={{ minWidth: 160 }}>
          <Progress percent={Math.round((done / items.length) * 100)} size="small" showInfo={false} />
          <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
            {t('progress', { done, total: items.length })}
          </Typography.Text>
        </Flex>
      }
    >
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      <List
        itemLayout={wide ? 'horizontal' : 'vertical'}
        dataSource={items}
        renderItem={(item) => {
          const to = goLiveLink(item.key, type, retail, id);
          const status =
            item.key === 'live' ? (
              <Tag color={item.done ? 'green' : 'orange'}>{item.done ? t('isLive') : t('notLive')}</Tag>
            ) : (
              <Tag color={item.done ? 'green' : 'default'}>{item.done ? t('done') : t('todo')}</Tag>
            );
          return (
            <List.Item
              data-testid={`go-live-${item.key}`}
              data-done={String(item.done)}
              actions={[
                status,
                to ? (
                  <GoButton key="go" to={to} label={t('go')} testId={`go-live-link-${item.key}`} />
                ) : (
                  <Typography.Text key="none" type="secondary">
                    {item.done ? '' : t('noLink')}
                  </Typography.Text>
                ),
              ]}
            >
              <List.Item.Meta
                avatar={
                  item.done ? (
                    <CheckCircleFilled
                      style={{ color: token.colorSuccess, fontSize: 20 }}
                      aria-label={t('done')}
                    />
                  ) : (
                    <ClockCircleOutlined
                      style={{ color: token.colorTextTertiary, fontSize: 20 }}
                      aria-label={t('todo')}
                    />
                  )
                }
                title={t(`items.${item.key}`)}
                description={t(`hints.${item.key}`)}
              />
            </List.Item>
          );
        }}
      />
    </Card>
  );
};
