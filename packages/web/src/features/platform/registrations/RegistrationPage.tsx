import { ShopOutlined } from '@ant-design/icons';
import {
  REGISTRATION_FIELD_LABELS,
  REGISTRATION_MESSAGES,
  REGISTRATION_MOVES,
  REGISTRATION_OPENABLE,
  REGISTRATION_STATUS_LABELS,
  REPORT_TIME_ZONE,
  TEXT_MAX,
  type TRegistrationMove,
} from '@shopdesk/contract';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Flex,
  Form,
  Input,
  Radio,
  Row,
  Skeleton,
  Timeline,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useErrorText } from '../../../lib/error-text';
import { useMessageText } from '../../../lib/message-text';
import { notify } from '../../../lib/notify';
import { useMoveRegistration, useRegistration } from './registration-queries';
import { StatusTag } from './StatusTag';

const when = (iso: string) => dayjs(iso).tz(REPORT_TIME_ZONE).format('YYYY-MM-DD HH:mm');

/**
 * /registrations/{id} (gaa): the application, its history, a status change with a note (mailed to
 * the applicant), and "open shop" for an approved one: the wizard, pre-filled, which marks it opened.
 */
const RegistrationPage = () => {
  const { t } = useTranslation('registrations');
  const say = useMessageText();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const reg = useRegistration(id, Number.isInteger(id) && id > 0);
  const move = useMoveRegistration();
  const [form] = Form.useForm<TRegistrationMove>();

  if (reg.isError) return <Alert type="error" showIcon role="alert" title={errorText(reg.error)} />;
  if (!reg.data) return <Skeleton active />;
  const { registration: r, history } = reg.data;
  const moves = REGISTRATION_MOVES[r.status].filter((s) => s !== 'opened' && s !== 'new');
  const L = REGISTRATION_FIELD_LABELS;

  const submit = async (body: TRegistrationMove) => {
    try {
      await move.mutateAsync({ params: { id }, body });
      notify.success(say(REGISTRATION_MESSAGES.statusSaved));
      form.resetFields();
    } catch (err) {
      notify.error(errorText(err));
    }
  };

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={14}>
        <Card
          title={
            <Flex gap={8} align="center">
              <span>
                #{r.id} {r.shopName}
              </span>
              <StatusTag status={r.status} />
            </Flex>
          }
          extra={<Link to="/registrations">{t('filterAll')}</Link>}
        >
          <Descriptions column={1} size="small" bordered data-testid="registration-details">
            <Descriptions.Item label={say(L.shopName)}>{r.shopName}</Descriptions.Item>
            <Descriptions.Item label={say(L.contactName)}>{r.contactName}</Descriptions.Item>
            <Descriptions.Item label={say(L.email)}>{r.email}</Descriptions.Item>
            <Descriptions.Item label={say(L.phone)}>{r.phone}</Descriptions.Item>
            <Descriptions.Item label={say(L.taxId)}>{r.taxId}</Descriptions.Item>
            <Descriptions.Item label={say(L.address)}>{r.address}</Descriptions.Item>
            <Descriptions.Item label={say(L.planId)}>{r.planName}</Descriptions.Item>
            <Descriptions.Item label={t('si')}>{r.siName ?? t('none')}</Descriptions.Item>
            <Descriptions.Item label={say(L.message)}>
              <span style={{ whiteSpace: 'pre-wrap' }}>{r.message || t('none')}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('createdAt')}>{when(r.createdAt)}</Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
      <Col xs={24} lg={10}>
        <Flex vertical gap={16}>
          {r.status === REGISTRATION_OPENABLE ? (
            <Card>
              <Typography.Paragraph type="secondary">{t('openShopHelp')}</Typography.Paragraph>
              <Button
                type="primary"
                icon={<ShopOutlined />}
                onClick={() => navigate(`/gaa/business/wizard?registrationId=${r.id}`)}
              >
                {t('openShop')}
              </Button>
            </Card>
          ) : null}
          {r.shopId ? (
            <Alert
              type="success"
              showIcon
              title={t('openedShop', { id: r.shopId })}
              action={<Link to={`/gaa/business/${r.shopId}/info`}>{t('goShop')}</Link>}
            />
          ) : null}
          <Card title={t('moveTo')}>
            {moves.length === 0 ? (
              <Typography.Text type="secondary">{t('noMoves')}</Typography.Text>
            ) : (
              <Form form={form} layout="vertical" onFinish={submit} initialValues={{ note: '' }}>
                <Form.Item name="status" rules={[{ required: true, message: t('moveTo') }]}>
                  <Radio.Group
                    optionType="button"
                    options={moves.map((s) => ({ value: s, label: say(REGISTRATION_STATUS_LABELS[s]) }))}
                  />
                </Form.Item>
                <Form.Item name="note" label={t('note')}>
                  <Input.TextArea rows={3} maxLength={TEXT_MAX.note} placeholder={t('notePlaceholder')} />
                </Form.Item>
                <Button htmlType="submit" type="primary" loading={move.isPending}>
                  {t('apply')}
                </Button>
              </Form>
            )}
          </Card>
          <Card title={t('history')}>
            <Timeline
              data-testid="registration-history"
              items={history.map((h) => ({
                children: (
                  <>
                    <StatusTag status={h.status} /> {when(h.at)}
                    {h.byName ? ` · ${h.byName}` : ''}
                    {h.note ? <div style={{ whiteSpace: 'pre-wrap' }}>{h.note}</div> : null}
                  </>
                ),
              }))}
            />
          </Card>
        </Flex>
      </Col>
    </Row>
  );
};

export default RegistrationPage;
