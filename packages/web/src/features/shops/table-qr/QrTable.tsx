import { CopyOutlined, DeleteOutlined, DownloadOutlined, PictureOutlined } from '@ant-design/icons';
import { type TTableQr, WEB_VERSION_LABELS } from '@shopdesk/contract';
import { Button, Popconfirm, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { QrImage } from './QrImage';

export type TQrActions = {
  remove: (row: TTableQr) => Promise<void>;
  downloadImage: (row: TTableQr) => void;
  downloadQr: (row: TTableQr) => void;
  copy: (row: TTableQr) => void;
};

/** One mode's codes (spec 000 §2): image, table number and link, with delete, downloads and copy. */
export const QrTable = ({
  rows,
  loading,
  actions,
  showVersion,
}: {
  rows: TTableQr[];
  loading: boolean;
  actions: TQrActions;
  showVersion: boolean;
}) => {
  const { t } = useTranslation('tableQr');
  return (
    <Table<TTableQr>
      rowKey="id"
      dataSource={rows}
      loading={loading}
      pagination={rows.length > 15 ? { pageSize: 15, showSizeChanger: false } : false}
      locale={{ emptyText: t('empty') }}
      scroll={{ x: 880 }}
      columns={[
        {
          title: t('colQr'),
          key: 'qr',
          width: 120,
          render: (_, row) => <QrImage link={row.link} alt={t('qrAlt', { table: row.tableNumber })} />,
        },
        { title: t('colTable'), dataIndex: 'tableNumber', key: 'table', width: 100 },
        ...(showVersion
          ? [
              {
                title: t('colVersion'),
                key: 'version',
                width: 110,
                render: (_: unknown, row: TTableQr) => WEB_VERSION_LABELS[row.webVersion],
              },
            ]
          : []),
        {
          title: t('colLink'),
          dataIndex: 'link',
          key: 'link',
          render: (link: string) => (
            <Typography.Link href={link} target="_blank" rel="noreferrer" style={{ wordBreak: 'break-all' }}>
              {link}
            </Typography.Link>
          ),
        },
        {
          title: t('colActions'),
          key: 'actions',
          width: 300,
          render: (_, row) => (
            <Space wrap size={[4, 4]}>
              <Button size="small" icon={<CopyOutlined />} onClick={() => actions.copy(row)}>
                {t('copyLink')}
              </Button>
              <Button size="small" icon={<PictureOutlined />} onClick={() => actions.downloadImage(row)}>
                {t('downloadImage')}
              </Button>
              <Button size="small" icon={<DownloadOutlined />} onClick={() => actions.downloadQr(row)}>
                {t('downloadQr')}
              </Button>
              <Popconfirm
                title={t('deleteConfirm', { table: row.tableNumber })}
                okText={t('deleteOk')}
                cancelText={t('deleteCancel')}
                okButtonProps={{ danger: true }}
                onConfirm={() => actions.remove(row)}
              >
                <Button size="small" danger icon={<DeleteOutlined />}>
                  {t('delete')}
                </Button>
              </Popconfirm>
            </Space>
          ),
        },
      ]}
    />
  );
};
