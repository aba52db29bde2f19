import {
  createPrinterTemplateOp,
  formatTaipeiTime,
  getPrinterTemplateOp,
  ITEM_FIELDS,
  renderTemplateLines,
  SAMPLE_TICKET,
  TICKET_FIELDS,
  type TPrinterTemplate,
  type TTicketLine,
  updatePrinterTemplateOp,
} from '@shopdesk/contract';
import { Button, Card, Col, Flex, Form, Input, InputNumber, Row, Space, Tag, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { callApi } from '../../../lib/api';

import { notify } from '../../../lib/notify';

/** The ticket as the 58 mm printer would print it (32 columns), for the editor's preview. */
const Preview = ({ lines }: { lines: TTicketLine[] }) => (
  <pre
    data-testid="template-preview"
    style={{ background: '#fafafa', border: '1px dashed #d9d9d9', padding: 12, width: '34ch', margin: 0 }}
  >
    {lines.map((l, i) => {
      const key = `${i}`;
      if ('rule' in l) return <div key={key}>{'-'.repeat(32)}</div>;
      return (
        <div
          key={key}
          style={{
            fontWeight: l.bold ? 700 : 400,
            fontSize: l.big ? '1.4em' : undefined,
            textAlign: l.center ? 'center' : undefined,
            display: 'flex',
            justifyContent: 'space-between',
            whiteSpace: 'pre-wrap',
          }}
        >
          <span>{l.text}</span>
          {l.right && <span>{l.right}</span>}
        </div>
      );
    })}
  </pre>
);

/**
 * spec 002 §2 screen 12 printer template editor: template id, master and options, updated time, a create
 * button (a default template); §4: after saving 已更新 is shown and cleared on a further edit. The id is
 * kept in the address (?template=), so a reload shows the same template.
 */
export const PrinterTemplateTool = () => {
  const { t } = useTranslation('adminTools');
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('template')) || null;
  const [idInput, setIdInput] = useState<number | null>(id);
  const [tpl, setTpl] = useState<TPrinterTemplate | null>(null);
  const [master, setMaster] = useState('');
  const [options, setOptions] = useState('');
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // the template on screen: opening its own id (after create) must not reload it over the user's first edits
  const shown = useRef<number | null>(null);
  const show = useCallback((x: TPrinterTemplate) => {
    shown.current = x.id;
    setTpl(x);
    setMaster(x.master);
    setOptions(x.options);
    setIdInput(x.id);
    setError(null);
  }, []);
  const open = (next: number) =>
    setParams((p) => {
      p.set('template', String(next));
      return p;
    });

  useEffect(() => {
    if (!id || shown.current === id) return;
    let live = true;
    setSaved(false);
    callApi(getPrinterTemplateOp, { params: { id } }).then(
      (x) => live && show(x),
      (err) => {
        if (!live) return;
        setTpl(null);
        notify.apiError(err);
      },
    );
    return () => {
      live = false;
    };
  }, [id, show]);

  const create = async () => {
    setBusy(true);
    try {
      const x = await callApi(createPrinterTemplateOp, { body: {} });
      notify.success(t('created'));
      show(x);
      open(x.id);
    } catch (err) {
      notify.apiError(err);
    } finally {
      setBusy(false);
    }
  };
  const save = async () => {
    if (!tpl) return;
    setBusy(true);
    try {
      show(await callApi(updatePrinterTemplateOp, { params: { id: tpl.id }, body: { master, options } }));
      setSaved(true);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      notify.apiError(err);
    } finally {
      setBusy(false);
    }
  };
  const edit = (set: (v: string) => void) => (e: { target: { value: string } }) => {
    set(e.target.value);
    setSaved(false);
    setError(null);
  };

  return (
    <Flex vertical gap={16}>
      <Card>
        <Form
          layout="inline"
          onFinish={() => {
            if (!idInput) return notify.warning(t('idRequired'));
            if (idInput === id && tpl) return;
            open(idInput);
          }}
        >
          <Form.Item label={t('templateId')}>
            <InputNumber
              id="templateId"
              min={1}
              max={2_147_483_647}
              precision={0}
              value={idInput}
              onChange={(v) => setIdInput(v)}
              style={{ width: 140 }}
            />
          </Form.Item>
          <Form.Item>
            <Space>
              <Button htmlType="submit">{t('load')}</Button>
              <Button type="primary" onClick={create} loading={busy && !tpl}>
                {t('createTemplate')}
              </Button>
            </Space>
          </Form.Item>
        </Form>
      </Card>
      {tpl && (
        <Row gutter={16}>
          <Col xs={24} xl={14}>
            <Card
              title={`${t('templateId')} ${tpl.id}`}
              extra={
                <Typography.Text type="secondary" data-testid="template-updated-at">
                  {t('updatedAt')}：{formatTaipeiTime(tpl.updated_at)}
                </Typography.Text>
              }
            >
              <Form layout="vertical">
                <Form.Item label={t('master')} extra={t('syntax')}>
                  <Input.TextArea
                    id="templateMaster"
                    value={master}
                    onChange={edit(setMaster)}
                    autoSize={{ minRows: 10, maxRows: 24 }}
                    style={{ fontFamily: 'monospace' }}
                    spellCheck={false}
                  />
                </Form.Item>
                <Form.Item label={t('options')}>
                  <Input.TextArea
                    id="templateOptions"
                    value={options}
                    onChange={edit(setOptions)}
                    autoSize={{ minRows: 4, maxRows: 12 }}
                    style={{ fontFamily: 'monospace' }}
                    spellCheck={false}
                  />
                </Form.Item>
                {error && (
                  <Typography.Paragraph type="danger" style={{ whiteSpace: 'pre-line' }}>
                    {error}
                  </Typography.Paragraph>
                )}
                <Space>
                  <Button type="primary" onClick={save} loading={busy}>
                    {t('save')}
                  </Button>
                  {saved && (
                    <Typography.Text type="success" data-testid="template-saved">
                      {t('updated')}
                    </Typography.Text>
                  )}
                </Space>
              </Form>
            </Card>
          </Col>
          <Col xs={24} xl={10}>
            <Card title={t('preview')}>
              <Preview lines={renderTemplateLines({ master, options }, SAMPLE_TICKET)} />
              <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
                {t('fields')}：
              </Typography.Paragraph>
              <Flex wrap gap={4}>
                {TICKET_FIELDS.map((f) => (
                  <Tag key={f}>{`{{${f}}}`}</Tag>
                ))}
                {ITEM_FIELDS.map((f) => (
                  <Tag key={`item-${f}`} color="blue">{`itemLine: {{${f}}}`}</Tag>
                ))}
              </Flex>
            </Card>
          </Col>
        </Row>
      )}
    </Flex>
  );
};
