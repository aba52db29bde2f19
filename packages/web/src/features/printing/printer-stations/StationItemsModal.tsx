import type { TStation } from '@shopdesk/contract';
import { Checkbox, Collapse, Empty, Flex, Modal, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { type TStationWrites, useClassProducts, useStationClasses } from './station-queries';

type TUnchecked = Record<string, number[]>;

/** One class's products as checkboxes; the station's negative products start unchecked. */
const ClassProducts = ({
  accountId,
  sku,
  stationId,
  unchecked,
  onChange,
}: {
  accountId: number;
  sku: string;
  stationId: number;
  unchecked: number[] | undefined;
  onChange: (ids: number[]) => void;
}) => {
  const { t } = useTranslation('printerStations');
  const { products, negatives } = useClassProducts(accountId, sku, stationId, true);
  const loaded = negatives.data?.negativeCartProducts;
  useEffect(() => {
    if (loaded && unchecked === undefined) onChange(loaded.map((n) => n.productId));
  }, [loaded, unchecked, onChange]);
  if (!products.data || unchecked === undefined) return <Spin size="small" />;
  if (products.data.products.length === 0)
    return <Typography.Text type="secondary">{t('noProducts')}</Typography.Text>;
  const all = products.data.products.map((p) => p.productId);
  return (
    <Checkbox.Group
      value={all.filter((id) => !unchecked.includes(id))}
      onChange={(checked) => onChange(all.filter((id) => !(checked as number[]).includes(id)))}
      options={products.data.products.map((p) => ({ value: p.productId, label: p.names.zh }))}
    />
  );
};

/**
 * The print popup (spec 002 §2.11): the classes the station prints, and per class the products; an
 * unchecked product is stored as the station's negative product. Closing it drops what was not saved
 * (the modal is destroyed, so the cart-product data starts over next time).
 */
export const StationItemsModal = ({
  accountId,
  station,
  writes,
  onClose,
}: {
  accountId: number;
  station: TStation;
  writes: TStationWrites;
  onClose: () => void;
}) => {
  const { t } = useTranslation('printerStations');
  const classes = useStationClasses(accountId);
  const [checked, setChecked] = useState<string[] | null>(null);
  const [unchecked, setUnchecked] = useState<TUnchecked>({});
  const [saving, setSaving] = useState(false);
  const list = classes.data?.classes ?? [];
  const picked = checked ?? station.stationHasClass;
  const save = async () => {
    setSaving(true);
    try {
      await writes.setClasses(station.stationId, picked);
      const loaded = Object.keys(unchecked).filter((sku) => picked.includes(sku));
      if (loaded.length)
        await writes.setNegatives(
          station.stationId,
          loaded.flatMap((sku) => unchecked[sku]!.map((productId) => ({ productId, classSku: sku }))),
          loaded,
        );
      notify.success(t('saved'));
      onClose();
    } catch (err) {
      notify.apiError(err);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      destroyOnHidden
      width={640}
      title={t('printModal', { name: station.name })}
      okText={t('save')}
      cancelText={t('cancel')}
      confirmLoading={saving}
      onOk={save}
      onCancel={onClose}
    >
      <Typography.Paragraph type="secondary">{t('printHelp')}</Typography.Paragraph>
      {classes.isLoading && <Spin />}
      {classes.data && list.length === 0 && <Empty description={t('noClasses')} />}
      <Flex vertical data-testid="station-items">
        <Collapse
          size="small"
          items={list.map((c) => ({
            key: c.sku,
            label: (
              <span onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
                <Checkbox
                  checked={picked.includes(c.sku)}
                  onChange={(e) =>
                    setChecked(e.target.checked ? [...picked, c.sku] : picked.filter((s) => s !== c.sku))
                  }
                >
                  {c.names.zh}（{c.sku}）
                </Checkbox>
              </span>
            ),
            children: (
              <ClassProducts
                accountId={accountId}
                sku={c.sku}
                stationId={station.stationId}
                unchecked={unchecked[c.sku]}
                onChange={(ids) => setUnchecked((u) => ({ ...u, [c.sku]: ids }))}
              />
            ),
          }))}
        />
      </Flex>
    </Modal>
  );
};
