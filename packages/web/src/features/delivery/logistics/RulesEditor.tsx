import { DeleteOutlined, EditOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import type { TDeliveryRule, TRuleDraft, TShopPortal } from '@shopdesk/contract';
import { readMapFile } from '@shopdesk/contract/map-file';
import { Alert, Button, Card, Flex, Popconfirm, Table, Tag, Upload } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/error-text';
import { textOf } from '../../../lib/message-text';
import { notify } from '../../../lib/notify';
import { useLogisticRules, useSaveLogisticRules } from './logistics-queries';
import { RuleModal } from './RuleModal';
import { ZoneMap } from './ZoneMap';

type Props = {
  type: TShopPortal;
  accountId: number;
  version: 'v1' | 'v2';
  shopPoint: { lat: number; lng: number } | null;
  setPending: (pending: boolean) => void;
};

const strip = ({ id: _id, minDistance: _a, maxDistance: _b, ...r }: TDeliveryRule & { id?: number }) => r;

/**
 * The custom delivery rules (spec 001 §2.4): a table and a map of the map rules; add, edit and delete are
 * local until "save" (§4), then the whole list is PUT. KML / KMZ upload adds one map rule per Polygon.
 */
export const RulesEditor = ({ type, accountId, version, shopPoint, setPending }: Props) => {
  const { t, i18n } = useTranslation('logistics');
  const saved = useLogisticRules(type, accountId);
  const saver = useSaveLogisticRules(type, accountId);
  const [rules, setRules] = useState<TDeliveryRule[] | null>(null);
  const [editing, setEditing] = useState<{ index: number | null; rule: TRuleDraft | null } | null>(null);

  const base = useMemo(() => saved.data?.rules.map(strip) ?? [], [saved.data]);
  const list = rules ?? base;
  const dirty = rules !== null && JSON.stringify(rules) !== JSON.stringify(base);
  useEffect(() => setPending(dirty), [dirty, setPending]);

  const zones = useMemo(
    () => list.filter((r) => r.type === 'map').map((r) => ({ name: r.name, polygons: r.polygons })),
    [list],
  );

  const upload = async (file: File) => {
    const res = await readMapFile(file.name, await file.arrayBuffer(), (text) =>
      new DOMParser().parseFromString(text, 'text/xml'),
    );
    if (!res.ok) notify.error(textOf(res.message, i18n.language));
    else {
      setRules([...list, ...res.rules]);
      notify.success(t('uploaded', { count: res.rules.length }));
    }
    return false;
  };
  const save = async () => {
    try {
      await saver.save(list);
      setRules(null);
      notify.success(t('rulesSaved'));
    } catch (err) {
      notify.error(`${t('rulesFailed')}：${errorText(err, i18n.language)}`);
    }
  };

  return (
    <Card
      title={t('rules')}
      size="small"
      loading={saved.isLoading}
      extra={
        <Flex gap={8} wrap>
          <Button icon={<PlusOutlined />} onClick={() => setEditing({ index: null, rule: null })}>
            {t('addRule')}
          </Button>
          <Upload accept=".kml,.kmz" showUploadList={false} beforeUpload={(f) => upload(f)}>
            <Button icon={<UploadOutlined />} data-testid="upload-map">
              {t('uploadMap')}
            </Button>
          </Upload>
          <Button
            type="primary"
            onClick={save}
            loading={saver.isPending}
            disabled={!dirty}
            data-testid="save-rules"
          >
            {t('saveRules')}
          </Button>
        </Flex>
      }
    >
      {dirty && <Alert type="warning" showIcon message={t('rulesPending')} style={{ marginBottom: 12 }} />}
      <Flex gap={16} wrap>
        <div style={{ flex: '1 1 420px', minWidth: 0 }}>
          <Table
            size="small"
            rowKey={(_, i) => String(i)}
            dataSource={list}
            pagination={false}
            locale={{ emptyText: t('noRules') }}
            data-testid="rules-table"
            columns={[
              {
                title: t('type'),
                render: (_, r) => (
                  <Tag color={r.type === 'map' ? 'blue' : 'green'}>
                    {r.type === 'map' ? t('typeMap') : t('typeDistance')}
                  </Tag>
                ),
              },
              { title: t('name'), dataIndex: 'name' },
              {
                title: t('distance'),
                render: (_, r) =>
                  r.type === 'distance'
                    ? `${r.minDistanceInMeter}–${r.maxDistanceInMeter}`
                    : t('polygons', { count: r.polygons.length }),
              },
              { title: t('deliveryCharge'), dataIndex: 'deliveryCharge' },
              { title: t('additionalDeliveryTime'), dataIndex: 'additionalDeliveryTime' },
              {
                title: t('actions'),
                render: (_, r, i) => (
                  <Flex gap={4}>
                    <Button
                      size="small"
                      icon={<EditOutlined />}
                      aria-label={t('edit')}
                      onClick={() => setEditing({ index: i, rule: r as TRuleDraft })}
                    />
                    <Popconfirm
                      title={t('deleteConfirm')}
                      onConfirm={() => setRules(list.filter((_, j) => j !== i))}
                    >
                      <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('delete')} />
                    </Popconfirm>
                  </Flex>
                ),
              },
            ]}
          />
        </div>
        <div style={{ flex: '1 1 380px' }}>
          <ZoneMap zones={zones} center={shopPoint} height={320} testId="rules-map" />
        </div>
      </Flex>
      {editing && (
        <RuleModal
          open
          initial={editing.rule}
          version={version}
          shopPoint={shopPoint}
          onCancel={() => setEditing(null)}
          onOk={(rule) => {
            setRules(
              editing.index === null ? [...list, rule] : list.map((r, j) => (j === editing.index ? rule : r)),
            );
            setEditing(null);
          }}
        />
      )}
    </Card>
  );
};
