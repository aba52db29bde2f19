import { listPosProductsOp, setPosSoldOutOp, type TBoardProduct } from '@shopdesk/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Drawer, Empty, Spin, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../lib/api';
import { useApiQuery } from '../../../lib/api-query';
import { notify } from '../../../lib/notify';
import { nameIn } from './board-text';

export const PRODUCTS_KEY = ['pos-board', 'products'] as const;

/** Sold-out panel: the shop's products by class, one big switch each (on = available). */
export const SoldOutPanel = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { t, i18n } = useTranslation('posBoard');
  const qc = useQueryClient();
  const query = useApiQuery(listPosProductsOp, {}, { queryKey: PRODUCTS_KEY, enabled: open });
  const toggle = async (p: TBoardProduct, soldOut: boolean) => {
    try {
      const { product } = await callApi(setPosSoldOutOp, {
        params: { productId: p.id, onOff: soldOut ? 'on' : 'off' },
      });
      qc.setQueryData<{ products: TBoardProduct[] }>(PRODUCTS_KEY, (old) =>
        old ? { products: old.products.map((x) => (x.id === product.id ? product : x)) } : old,
      );
    } catch (err) {
      notify.apiError(err);
    }
  };
  const products = query.data?.products ?? [];
  let lastClass = '';
  return (
    <Drawer title={t('soldOutTitle')} open={open} onClose={onClose} width={420}>
      {query.isLoading ? <Spin /> : products.length === 0 ? <Empty /> : null}
      {products.map((p) => {
        const heading = p.className !== lastClass ? p.className : null;
        lastClass = p.className;
        return (
          <div key={p.id}>
            {heading ? <h4 style={{ margin: '16px 0 4px' }}>{heading}</h4> : null}
            <div
              style={{
                display: 'flex',
                alignItems: 'center',
                gap: 12,
                padding: '10px 0',
                fontSize: 16,
                borderBottom: '1px solid #f0f0f0',
              }}
            >
              <span style={{ flex: 1, textDecoration: p.soldOut ? 'line-through' : undefined }}>
                {nameIn(p.names, i18n.language)}
              </span>
              <span style={{ color: p.soldOut ? '#cf1322' : '#389e0d', minWidth: 56 }}>
                {p.soldOut ? t('soldOutTag') : t('available')}
              </span>
              <Switch
                aria-label={`${t('soldOutTag')} ${nameIn(p.names, i18n.language)}`}
                checked={p.soldOut}
                onChange={(v) => void toggle(p, v)}
              />
            </div>
          </div>
        );
      })}
    </Drawer>
  );
};
