import {
  listMailTemplatesOp,
  MAIL_PLACEHOLDERS,
  MAIL_TEMPLATE_KINDS,
  MAIL_TEMPLATE_LIMITS,
  MAIL_TEMPLATE_MESSAGES,
  previewMailTemplateOp,
  resetMailTemplateOp,
  saveMailTemplateOp,
  type TMailTemplateKind,
  templateProblem,
  testMailTemplateOp,
  ZEmailAddress,
} from '@shopdesk/contract';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  Empty,
  Flex,
  Form,
  Input,
  Popconfirm,
  Row,
  Select,
  Space,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useApiMutation, useApiQuery } from '../../../lib/api-query';
import { useErrorText } from '../../../lib/error-text';
import { useMessageText } from '../../../lib/message-text';
import { notify } from '../../../lib/notify';
import { useSiOptions } from '../../chat/line/line-queries';
import { useSession } from '../session/session-context';

type TType = 'gaa' | 'si';
const KEY = ['si-mail-templates'];

/**
 * /si-email-template (gaa and si): an SI's mail templates. An si edits its own; gaa picks the SI
 * (kept in the URL). One tab per mail kind: subject and body with clickable placeholders, a preview with a
 * real shop of the SI (rendered by the server, so it is what gets sent), a test send through the outbox.
 */
const SiEmailTemplatePage = () => {
  const { t } = useTranslation('mailTemplates');
  const say = useMessageText();
  const errorText = useErrorText();
  const qc = useQueryClient();
  const { user } = useSession();
  const type: TType = user?.type === 'si' ? 'si' : 'gaa';
  const [search, setSearch] = useSearchParams();
  const siParam = Number(search.get('si')) || undefined;
  const kind = (MAIL_TEMPLATE_KINDS as readonly string[]).includes(search.get('kind') ?? '')
    ? (search.get('kind') as TMailTemplateKind)
    : 'shopInfo';
  const sis = useSiOptions(type === 'gaa');
  const needSi = type === 'gaa' && siParam === undefined;
  const query = type === 'gaa' ? { siAccountId: siParam } : {};
  const list = useApiQuery(
    listMailTemplatesOp,
    { params: { type }, query },
    { queryKey: [...KEY, type, siParam], enabled: !needSi, staleTime: 0 },
  );
  const save = useApiMutation(saveMailTemplateOp);
  const reset = useApiMutation(resetMailTemplateOp);
  const preview = useApiMutation(previewMailTemplateOp);
  const test = useApiMutation(testMailTemplateOp);
  const [form] = Form.useForm<{ subject: string; body: string }>();
  const [shopId, setShopId] = useState<number>();
  const [recipient, setRecipient] = useState('');
  const template = list.data?.templates.find((x) => x.kind === kind);
  const siAccountId = list.data?.siAccountId;

  useEffect(() => {
    if (template) form.setFieldsValue({ subject: template.subject, body: template.body });
  }, [template, form]);
  useEffect(() => {
    if (list.data && !list.data.shops.some((s) => s.id === shopId)) setShopId(list.data.shops[0]?.id);
  }, [list.data, shopId]);

  const setParam = (k: string, v: string) =>
    setSearch((prev) => {
      const out = new URLSearchParams(prev);
      out.set(k, v);
      return out;
    });
  const refresh = () => qc.invalidateQueries({ queryKey: KEY });
  const text = () => form.getFieldsValue(true) as { subject: string; body: string };
  const body = () => ({ ...text(), ...(type === 'gaa' ? { siAccountId } : {}) });
  const check = () => {
    const problem = templateProblem(kind, text());
    if (problem) notify.error(say(problem));
    return !problem;
  };
  const run = async (fn: () => Promise<unknown>, done?: string) => {
    try {
      await fn();
      if (done) notify.success(done);
    } catch (err) {
      notify.error(errorText(err));
    }
  };
  const doPreview = () => {
    if (!shopId) return notify.error(t('noShop'));
    if (!check()) return;
    void run(() => preview.mutateAsync({ params: { type, kind }, body: { ...body(), shopId } }));
  };

  const insert = (name: string) => {
    const cur = form.getFieldValue('body') ?? '';
    form.setFieldsValue({ body: `${cur}{${name}}` });
  };

  return (
    <Flex vertical gap={16}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('intro')}
      </Typography.Paragraph>
      {type === 'gaa' ? (
        <Space>
          <span>{t('si')}</span>
          <Select
            style={{ minWidth: 220 }}
            placeholder={t('siPlaceholder')}
            value={siParam}
            loading={sis.isPending}
            onChange={(v) => setParam('si', String(v))}
            options={(sis.data?.siAccounts ?? []).map((s) => ({ value: s.id, label: s.displayName }))}
            data-testid="si-select"
          />
        </Space>
      ) : null}
      {needSi ? <Empty description={t('siPlaceholder')} /> : null}
      {list.isError ? <Alert type="error" showIcon role="alert" title={errorText(list.error)} /> : null}
      {list.data ? (
        <>
          <Tabs
            activeKey={kind}
            onChange={(k) => {
              preview.reset();
              setParam('kind', k);
            }}
            items={list.data.templates.map((x) => ({
              key: x.kind,
              label: (
                <Space size={4}>
                  {t(`kinds.${x.kind}`)}
                  {x.custom ? <Tag color="blue">{t('custom')}</Tag> : null}
                </Space>
              ),
            }))}
          />
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={12}>
              <Card
                title={`${list.data.siName} · ${t(`kinds.${kind}`)}`}
                extra={template?.custom ? <Tag color="blue">{t('custom')}</Tag> : <Tag>{t('default')}</Tag>}
              >
                <Form form={form} layout="vertical">
                  <Form.Item name="subject" label={t('subject')} rules={[{ required: true }]}>
                    <Input maxLength={MAIL_TEMPLATE_LIMITS.subject} />
                  </Form.Item>
                  <Form.Item name="body" label={t('body')} rules={[{ required: true }]}>
                    <Input.TextArea rows={8} maxLength={MAIL_TEMPLATE_LIMITS.body} />
                  </Form.Item>
                </Form>
                <Typography.Text type="secondary">{t('placeholders')}</Typography.Text>
                <Flex gap={4} wrap style={{ margin: '8px 0 16px' }}>
                  {MAIL_PLACEHOLDERS[kind].map((p) => (
                    <Tag key={p} style={{ cursor: 'pointer' }} onClick={() => insert(p)}>{`{${p}}`}</Tag>
                  ))}
                </Flex>
                <Space wrap>
                  <Button
                    type="primary"
                    loading={save.isPending}
                    onClick={() =>
                      check() &&
                      run(async () => {
                        await save.mutateAsync({ params: { type, kind }, body: body() });
                        await refresh();
                      }, say(MAIL_TEMPLATE_MESSAGES.saved))
                    }
                  >
                    {t('save')}
                  </Button>
                  <Popconfirm
                    title={t('resetConfirm')}
                    okText={t('yes')}
                    cancelText={t('no')}
                    disabled={!template?.custom}
                    onConfirm={() =>
                      run(async () => {
                        await reset.mutateAsync({ params: { type, kind }, query });
                        await refresh();
                      }, say(MAIL_TEMPLATE_MESSAGES.reset))
                    }
                  >
                    <Button disabled={!template?.custom}>{t('reset')}</Button>
                  </Popconfirm>
                </Space>
              </Card>
            </Col>
            <Col xs={24} xl={12}>
              <Card title={t('preview')}>
                <Space wrap style={{ marginBottom: 12 }}>
                  <Select
                    style={{ minWidth: 220 }}
                    placeholder={t('shopPlaceholder')}
                    value={shopId}
                    onChange={setShopId}
                    options={list.data.shops.map((s) => ({ value: s.id, label: `${s.id} - ${s.name}` }))}
                    data-testid="preview-shop"
                  />
                  <Button onClick={doPreview} loading={preview.isPending}>
                    {t('refresh')}
                  </Button>
                </Space>
                {preview.data ? (
                  <div data-testid="mail-preview">
                    <Typography.Paragraph strong>{preview.data.preview.subject}</Typography.Paragraph>
                    <iframe
                      title={t('preview')}
                      sandbox=""
                      srcDoc={preview.data.preview.html}
                      style={{ width: '100%', height: 360, border: '1px solid #f0f0f0', borderRadius: 6 }}
                    />
                  </div>
                ) : null}
                <Space.Compact style={{ width: '100%', marginTop: 12 }}>
                  <Input
                    placeholder={t('testTo')}
                    value={recipient}
                    onChange={(e) => setRecipient(e.target.value)}
                    status={recipient && !ZEmailAddress().safeParse(recipient).success ? 'error' : undefined}
                  />
                  <Button
                    loading={test.isPending}
                    disabled={!shopId || !ZEmailAddress().safeParse(recipient).success}
                    onClick={() =>
                      check() &&
                      run(
                        () =>
                          test.mutateAsync({
                            params: { type, kind },
                            body: { ...body(), shopId: shopId!, recipient },
                          }),
                        say(MAIL_TEMPLATE_MESSAGES.testQueued),
                      )
                    }
                  >
                    {t('testSend')}
                  </Button>
                </Space.Compact>
              </Card>
            </Col>
          </Row>
        </>
      ) : null}
    </Flex>
  );
};

export default SiEmailTemplatePage;
