import { GROUP_CART, type TMealType, type TStorefrontShop } from '@shopdesk/contract';
import { useState } from 'react';
import type { ShopApiError } from '../api';
import { groupApi } from '../group-api';
import { useGT } from '../group-i18n';
import { newGroupKey, saveGroupMe } from '../group-store';
import { pick, useLang } from '../i18n';
import { getLineProfile } from '../liff';
import { navigate } from '../router';

/**
 * 開團 on the menu (is_groupbuy): the opener's name, then a shared cart of this meal type; the group page
 * gives the link to share (docs/decisions/customer-app.md "Group orders").
 */
export const GroupStart = ({
  shop,
  mealType,
  defaultName,
}: {
  shop: TStorefrontShop;
  mealType: TMealType;
  defaultName: string;
}) => {
  const gt = useGT();
  const lang = useLang();
  const [shown, setShown] = useState(false);
  const [name, setName] = useState(defaultName);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ShopApiError | null>(null);
  if (!shown)
    return (
      <button type="button" className="btn small" data-testid="group-start" onClick={() => setShown(true)}>
        👥 {gt('start')}
      </button>
    );
  const start = async () => {
    if (!name.trim() || busy) return;
    setBusy(true);
    setError(null);
    const key = newGroupKey();
    try {
      // inside LINE, the opener's LINE user is kept with the group cart
      const line = await getLineProfile(shop.liff.menu);
      const { cart } = await groupApi.open(shop.id, key, {
        mealType,
        name: name.trim(),
        ...(line ? { lineUserId: line.userId } : {}),
      });
      saveGroupMe(cart.token, { key, name: name.trim() });
      navigate(`/shop/${shop.id}/group/${encodeURIComponent(cart.token)}`);
    } catch (e) {
      setError(e as ShopApiError);
      setBusy(false);
    }
  };
  return (
    <form
      className="card form"
      data-testid="group-start-form"
      onSubmit={(e) => {
        e.preventDefault();
        void start();
      }}
    >
      <p className="muted small">{gt('startHint')}</p>
      <label className="fld">
        <span>{gt('yourName')}</span>
        <input
          value={name}
          maxLength={GROUP_CART.nameMax}
          autoComplete="name"
          onChange={(e) => setName(e.target.value)}
          data-testid="group-name"
        />
      </label>
      {error && (
        <p className="alert" role="alert">
          {pick(error, lang)}
        </p>
      )}
      <button type="submit" className="btn primary" disabled={busy || !name.trim()} data-testid="group-open">
        {gt('start')}
      </button>
    </form>
  );
};
