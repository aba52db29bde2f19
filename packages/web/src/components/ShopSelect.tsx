import type { TMenuShopOption, TUserType } from '@shopdesk/contract';
import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebounced } from '../lib/use-debounced';
import { useShopOptions } from './shop-options';

const labelOf = (s: TMenuShopOption) => `${s.name}（#${s.accountId}）`;

/**
 * The one shop picker of the report pages: a search select over the caller's shops (gaa any, si its SI
 * account's, eaa its own) of the tree's kind (retail in /retail/, catering in /console/; shop-options.ts).
 * The server answers the first 20 that match the typed name or number. A line user
 * has one shop and gets no select (the caller should not render it; this renders nothing for line).
 */
export const ShopSelect = ({
  type,
  value,
  valueLabel,
  onChange,
  allowClear = true,
  width = 260,
  placeholder,
}: {
  type: TUserType;
  value: number | undefined;
  /** The chosen shop's name (e.g. shop_name of the URL) while the search results do not hold it. */
  valueLabel?: string;
  /** The chosen shop (account id and plain name), or undefined when cleared. */
  onChange: (accountId: number | undefined, shop?: TMenuShopOption) => void;
  allowClear?: boolean;
  width?: number;
  placeholder?: string;
}) => {
  const { t } = useTranslation('common');
  const [text, setText] = useState('');
  const q = useDebounced(text.trim());
  const enabled = type !== 'line';
  const shops = useShopOptions(type, q, enabled);
  if (!enabled) return null;
  const rows = shops.data?.rows ?? [];
  const options = rows.map((s) => ({ value: s.accountId, label: labelOf(s) }));
  if (value !== undefined && !options.some((o) => o.value === value))
    options.unshift({
      value,
      label: valueLabel ? labelOf({ accountId: value, name: valueLabel }) : `#${value}`,
    });

  return (
    <Select<number>
      showSearch={{ filterOption: false, onSearch: setText }}
      aria-label={t('shop')}
      placeholder={placeholder ?? (allowClear ? t('allShops') : t('chooseShop'))}
      style={{ width }}
      value={value}
      allowClear={allowClear}
      options={options}
      loading={shops.isFetching}
      notFoundContent={shops.isFetching ? undefined : t('noShops')}
      onChange={(v) => {
        setText('');
        const picked =
          rows.find((s) => s.accountId === v) ??
          (v !== undefined && v === value && valueLabel ? { accountId: v, name: valueLabel } : undefined);
        onChange(v ?? undefined, picked);
      }}
    />
  );
};
