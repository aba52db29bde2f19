import { Select, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebounced } from '../../../lib/use-debounced';
import { type TAdminType, useAssignableShops } from './admin-queries';

type TShop = { id: number; name: string; ownerName: string | null };

/**
 * Several shops out of those the caller may hand to an owner, searched on the server by name or number
 * (assignable-shops); each option says who owns the shop now, since choosing it moves it.
 */
export const ShopPicker = ({
  type,
  value,
  onChange,
  exclude = [],
  id,
}: {
  type: TAdminType;
  value?: number[];
  onChange?: (v: number[]) => void;
  exclude?: number[];
  id?: string;
}) => {
  const { t } = useTranslation('adminUsers');
  const [q, setQ] = useState('');
  const shops = useAssignableShops(type, useDebounced(q.trim()));
  // labels of chosen shops survive a new search
  const seen = useRef(new Map<number, TShop>());
  for (const s of shops.data?.rows ?? []) seen.current.set(s.id, s);
  const rows = (shops.data?.rows ?? []).filter((s) => !exclude.includes(s.id));
  const chosen = (value ?? []).filter((v) => !rows.some((r) => r.id === v));
  const option = (s: TShop) => ({
    value: s.id,
    label: `${s.id} ${s.name}`,
    owner: s.ownerName,
  });
  return (
    <Select<number[]>
      id={id}
      mode="multiple"
      style={{ width: '100%' }}
      showSearch={{ filterOption: false, onSearch: setQ }}
      placeholder={t('shopPicker')}
      value={value}
      onChange={(v) => onChange?.(v)}
      loading={shops.isFetching}
      options={[
        ...chosen.map((v) => option(seen.current.get(v) ?? { id: v, name: '', ownerName: null })),
        ...rows.map(option),
      ]}
      optionRender={(o) => (
        <span>
          {o.label}{' '}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {o.data.owner ? t('currentOwner', { name: o.data.owner }) : t('noOwner')}
          </Typography.Text>
        </span>
      )}
      data-testid="shop-picker"
    />
  );
};
