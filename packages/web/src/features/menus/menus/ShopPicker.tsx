import type { TShopKind, TUserType } from '@shopdesk/contract';
import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebounced } from '../../../lib/use-debounced';
import { useMenuShops } from './menu-queries';

/**
 * A search select over the caller's shops (gaa any, si its SI account's, eaa its own, line its one):
 * the server answers the first 20 that match the typed name or number.
 */
export const ShopPicker = ({
  type,
  kind,
  value,
  valueLabel,
  exclude,
  onChange,
  width = 320,
}: {
  type: TUserType;
  kind: TShopKind;
  value: number | null;
  /** The chosen shop's label while the search results do not hold it. */
  valueLabel?: string;
  exclude?: number;
  onChange: (accountId: number) => void;
  width?: number;
}) => {
  const { t } = useTranslation('menus');
  const [text, setText] = useState('');
  const q = useDebounced(text.trim());
  const shops = useMenuShops(type, q, kind);
  const rows = (shops.data?.rows ?? []).filter((s) => s.accountId !== exclude);
  const options = rows.map((s) => ({ value: s.accountId, label: `${s.name}（#${s.accountId}）` }));
  if (value !== null && valueLabel && !options.some((o) => o.value === value))
    options.unshift({ value, label: valueLabel });

  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setText }}
      aria-label={t('shop')}
      placeholder={t('shopPlaceholder')}
      style={{ width }}
      value={value}
      options={options}
      loading={shops.isFetching}
      notFoundContent={shops.isFetching ? undefined : t('noShops')}
      onChange={(v: number) => {
        setText('');
        onChange(v);
      }}
    />
  );
};
