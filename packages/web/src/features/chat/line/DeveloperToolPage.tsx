import {
  accountToggleOp,
  businessToggleOp,
  developerToolAccountOp,
  developerToolBusinessOp,
  type TFlag,
} from '@shopdesk/contract';
import { Button, Card, Col, Flex, Form, InputNumber, List, Row, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiMutation, useApiQuery } from '../../../lib/api-query';
import { notify } from '../../../lib/notify';

const FlagList = ({
  title,
  flags,
  onToggle,
}: {
  title: string;
  flags: TFlag[];
  onToggle: (f: TFlag, v: boolean) => void;
}) => (
  <Card size="small" title={title}>
    <List
      size="small"
      dataSource={flags}
      renderItem={(f) => (
        <List.Item
          extra={
            // sys_closed is shown inverted (spec 001 §3): the switch reads "system service on"
            <Switch
              data-testid={`flag-${f.key}`}
              checked={f.inverted ? !f.value : f.value}
              onChange={(on) => onToggle(f, f.inverted ? !on : on)}
            />
          }
        >
          <Flex vertical>
            <span>{f.label}</span>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {f.key}
            </Typography.Text>
          </Flex>
        </List.Item>
      )}
    />
  </Card>
);

/**
 * /other/developer-tool (spec 000 §5 "Account ID是必填項目", 001 §3 flag keys, 002 §12): a shop's account
 * and business flags as switches; each change goes through the settings toggles, audited in its Record tab.
 */
const DeveloperToolPage = () => {
  const { t } = useTranslation('line');
  const [id, setId] = useState<number | null>(null);
  const opts = { enabled: id !== null, staleTime: 0 };
  const account = useApiQuery(developerToolAccountOp, { params: { id: id ?? 1 } }, opts);
  const business = useApiQuery(developerToolBusinessOp, { params: { id: id ?? 1 } }, opts);
  const accToggle = useApiMutation(accountToggleOp);
  const bizToggle = useApiMutation(businessToggleOp);

  const toggle = async (kind: 'account' | 'business', f: TFlag, value: boolean) => {
    if (!id) return;
    try {
      if (kind === 'account')
        await accToggle.mutateAsync({ params: { id }, body: { key: f.key, value, label: f.label } });
      else await bizToggle.mutateAsync({ params: { id }, body: { key: f.key, value } });
      notify.success(t('flagChanged'));
    } catch (err) {
      notify.apiError(err);
    }
    await Promise.all([account.refetch(), business.refetch()]);
  };

  return (
    <Flex vertical gap={16}>
      <Card>
        <Form layout="inline" onFinish={(v: { accountId: number }) => setId(v.accountId)}>
          <Form.Item
            name="accountId"
            label={t('accountId')}
            rules={[{ required: true, message: t('accountIdRequired') }]}
          >
            <InputNumber id="accountId" min={1} max={2_147_483_647} precision={0} style={{ width: 180 }} />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit">
              {t('search')}
            </Button>
          </Form.Item>
          {account.data && <Typography.Text strong>{account.data.name}</Typography.Text>}
        </Form>
        {account.isError && <Typography.Text type="danger">{account.error.message}</Typography.Text>}
      </Card>
      {account.data && business.data && (
        <Row gutter={16}>
          <Col xs={24} lg={10}>
            <FlagList
              title={t('accountFlags')}
              flags={account.data.results}
              onToggle={(f, v) => toggle('account', f, v)}
            />
          </Col>
          <Col xs={24} lg={14}>
            <FlagList
              title={t('businessFlags')}
              flags={business.data.results}
              onToggle={(f, v) => toggle('business', f, v)}
            />
          </Col>
        </Row>
      )}
    </Flex>
  );
};

export default DeveloperToolPage;
