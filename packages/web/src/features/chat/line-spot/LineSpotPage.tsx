import { LINE_SPOT_DEFAULT_SI, type TLineSpotEntry, ZLineSpotSi } from '@shopdesk/contract';
import {
  Button,
  Card,
  Empty,
  Input,
  InputNumber,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LineSpotEditor } from './LineSpotEditor';
import { useDirectorySearch } from './line-spot-queries';

/** The SIs an entry is uploaded under, each a green tag; none: 未上傳 (spec 000 §4). */
export const UploadState = ({ sis }: { sis: readonly string[] }) => {
  const { t } = useTranslation('lineSpot');
  if (sis.length === 0) return <Tag data-testid="state-not-uploaded">{t('notUploaded')}</Tag>;
  return (
    <Space size={4} wrap>
      {sis.map((si) => (
        <Tag key={si} color="green" data-testid="state-uploaded">
          {t('uploaded')}（{si}）
        </Tag>
      ))}
    </Space>
  );
};

/**
 * /other/line-spot and /gaa/business/line-spot (spec 000 §2 "Store directory upload tool", labelled QC only):
 * search shops, choose one (or look one up by its number), edit and upload it to LINE SPOT under an SI,
 * remove it. The chosen shop and SI live in the URL (`?id=&si=`), so a reload shows the same shop.
 */
const LineSpotPage = () => {
  const { t } = useTranslation('lineSpot');
  const [params, setParams] = useSearchParams();
  const [keyword, setKeyword] = useState(params.get('q') ?? '');
  const [lookupId, setLookupId] = useState<number | null>(null);
  const idParam = Number(params.get('id'));
  const id = Number.isInteger(idParam) && idParam > 0 ? idParam : null;
  const siParsed = ZLineSpotSi.safeParse(params.get('si'));
  const si = siParsed.success ? siParsed.data : LINE_SPOT_DEFAULT_SI;
  const search = useDirectorySearch(params.get('q') ?? '');

  const update = (next: Record<string, string | null>) =>
    setParams((prev) => {
      const p = new URLSearchParams(prev);
      for (const [k, v] of Object.entries(next)) v === null || v === '' ? p.delete(k) : p.set(k, v);
      return p;
    });

  const columns: TableColumnsType<TLineSpotEntry> = [
    { key: 'id', title: t('colId'), dataIndex: 'id', width: 110 },
    { key: 'name', title: t('colName'), dataIndex: 'name', ellipsis: true },
    { key: 'phone', title: t('colPhone'), dataIndex: 'phone', width: 140, responsive: ['lg'] },
    { key: 'address', title: t('colAddress'), dataIndex: 'address', ellipsis: true, responsive: ['md'] },
    {
      key: 'state',
      title: t('colState'),
      width: 220,
      render: (_, row) => <UploadState sis={row.uploadedSis} />,
    },
    {
      key: 'choose',
      width: 90,
      render: (_, row) => (
        <Button
          size="small"
          type={row.id === id ? 'primary' : 'default'}
          onClick={() => update({ id: String(row.id) })}
        >
          {t('choose')}
        </Button>
      ),
    },
  ];

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        title={t('searchTitle')}
        extra={<Tag color="orange">{t('qcOnly')}</Tag>}
        styles={{ body: { paddingTop: 12 } }}
      >
        <Space wrap style={{ marginBottom: 12 }}>
          <Input.Search
            aria-label={t('searchPlaceholder')}
            placeholder={t('searchPlaceholder')}
            allowClear
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            onSearch={(v) => update({ q: v.trim() })}
            style={{ width: 280 }}
            maxLength={100}
          />
          <Space.Compact>
            <InputNumber
              aria-label={t('lookupId')}
              placeholder={t('lookupId')}
              min={1}
              max={2_147_483_647}
              precision={0}
              value={lookupId}
              onChange={(v) => setLookupId(typeof v === 'number' ? v : null)}
              style={{ width: 160 }}
            />
            <Button disabled={!lookupId} onClick={() => lookupId && update({ id: String(lookupId) })}>
              {t('lookup')}
            </Button>
          </Space.Compact>
        </Space>
        {!params.get('q') && (
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            {t('searchHint')}
          </Typography.Paragraph>
        )}
        <Table<TLineSpotEntry>
          data-testid="line-spot-results"
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={search.data?.data ?? []}
          loading={search.isFetching}
          pagination={false}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noResult')} /> }}
          rowClassName={(row) => (row.id === id ? 'ant-table-row-selected' : '')}
        />
      </Card>
      {id === null ? (
        <Card>
          <Typography.Text type="secondary">{t('pickFirst')}</Typography.Text>
        </Card>
      ) : (
        <LineSpotEditor key={id} id={id} si={si} onSi={(next) => update({ si: next })} />
      )}
    </Space>
  );
};

export default LineSpotPage;
