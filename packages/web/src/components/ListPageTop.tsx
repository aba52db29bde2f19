import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Input, Space, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { useErrorText } from '../lib/error-text';

/**
 * The top of a list page that names things an SI makes (campaigns, portals): the page's intro, a link to the
 * shops it covers and the 新增 button, the search box (kept in the URL by the page's list state) and the
 * load error, if any.
 */
export const ListPageTop = ({
  intro,
  shops,
  create,
  search,
  error,
}: {
  intro: string;
  shops: { to: string; label: string };
  create: { to: string; label: string };
  search: {
    placeholder: string;
    draft: string;
    setDraft: (v: string) => void;
    onSearch: (v: string) => void;
  };
  /** the list query's error, when it failed */
  error: unknown;
}) => {
  const navigate = useNavigate();
  const errorText = useErrorText();
  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Paragraph type="secondary" style={{ margin: 0, maxWidth: 760 }}>
          {intro}
        </Typography.Paragraph>
        <Space>
          <Link to={shops.to}>{shops.label}</Link>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(create.to)}>
            {create.label}
          </Button>
        </Space>
      </Flex>
      <Input.Search
        allowClear
        style={{ maxWidth: 320 }}
        placeholder={search.placeholder}
        value={search.draft}
        onChange={(e) => search.setDraft(e.target.value)}
        onSearch={search.onSearch}
      />
      {error ? <Alert type="error" showIcon role="alert" title={errorText(error)} /> : null}
    </>
  );
};
