import { ToolOutlined } from '@ant-design/icons';
import { Result, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TPageProps } from './lazy-page';

/**
 * The one notice for every route whose page is not registered in pages.ts yet. It names the route and
 * says so plainly; it never shows placeholder data that could pass for real figures.
 */
export const NotBuiltPage = ({ route }: TPageProps) => {
  const { t } = useTranslation(['common', 'routes']);
  const { token } = theme.useToken();
  const title = t(`routes:${route.id}`);
  return (
    <Result
      icon={<ToolOutlined style={{ color: token.colorTextTertiary }} />}
      title={title}
      subTitle={
        <>
          <Typography.Paragraph style={{ marginBottom: 4 }}>{t('notBuilt', { title })}</Typography.Paragraph>
          <Typography.Text type="secondary">{t('notBuiltHint')}</Typography.Text>
        </>
      }
      data-testid="not-built"
    />
  );
};
