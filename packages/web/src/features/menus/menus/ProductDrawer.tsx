import { createProductOp, type TMenu, type TUserType, updateProductOp } from '@shopdesk/contract';
import { Alert, Button, Divider, Drawer, Form, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { useOneAtATime } from '../../../lib/use-one-at-a-time';
import { formChangedNow, useFormChanged, useMenuCloseGuard } from './form-changed';
import { useMenuWrite } from './menu-queries';
import { OptionGroupsEditor } from './OptionGroupsEditor';
import { ProductForm, productBody, productValues, type TProductValues } from './ProductForm';

/** What the drawer shows: a new product of a class, or an existing product by id. */
export type TDrawerState = { mode: 'new'; classId: number } | { mode: 'edit'; productId: number } | null;

/**
 * The product drawer: the product's fields, then its option groups and options. A new product is saved
 * first; the drawer then stays open on it so its option groups can be added.
 */
export const ProductDrawer = ({
  type,
  accountId,
  menu,
  state,
  onState,
}: {
  type: TUserType;
  accountId: number;
  menu: TMenu;
  state: TDrawerState;
  onState: (next: TDrawerState) => void;
}) => {
  const { t } = useTranslation('menus');
  const [form] = Form.useForm<TProductValues>();
  const create = useMenuWrite(createProductOp, type, accountId);
  const update = useMenuWrite(updateProductOp, type, accountId);
  const product =
    state?.mode === 'edit' ? (menu.products.find((p) => p.id === state.productId) ?? null) : null;
  const open = state !== null;
  const key = state ? (state.mode === 'edit' ? `p${state.productId}` : `c${state.classId}`) : '';
  // A product just created is not in the cached menu until the refetch lands: fill the form then, once.
  const ready = state?.mode !== 'edit' || product !== null;

  // What the form was filled with; once saved, the product as stored (the form then holds the same values).
  const [filled, setFilled] = useState<TProductValues | null>(null);

  // Fill the form when the drawer opens on another product (not on every refetch of the same one).
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the product shown
  useEffect(() => {
    if (!state || !ready) return setFilled(null);
    const values = productValues(product, state.mode === 'new' ? state.classId : 0, menu.shop.mealTypes);
    form.resetFields();
    form.setFieldsValue(values);
    setFilled(values);
  }, [key, ready]);
  const saved = product && filled ? productValues(product, 0, menu.shop.mealTypes) : filled;
  // closing with unsaved edits asks first, as the settings page does (console.md "leaving unsaved work")
  const base = open ? saved : null;
  const { confirmClose, holder } = useMenuCloseGuard(useFormChanged(form, base), () =>
    formChangedNow(form, base),
  );
  const close = () => confirmClose(() => onState(null));

  // one click, one save: a double-clicked 儲存 on a new product created it twice
  const [save, saving] = useOneAtATime(async (v: TProductValues) => {
    if (!ready) return; // the product just created is still loading: a second click must not create it twice
    try {
      if (product) {
        await update.run({ params: { productId: product.id }, body: productBody(v, product) });
      } else {
        const res = await create.run({ body: productBody(v, null) });
        onState({ mode: 'edit', productId: res.product.id });
      }
      notify.success(t('saved'));
    } catch (err) {
      notify.apiError(err);
    }
  });

  return (
    <>
      {holder}
      <Drawer
        open={open}
        size={640}
        title={product ? t('editProduct') : t('addProduct')}
        onClose={close}
        destroyOnHidden
        extra={
          <Space>
            <Button onClick={close}>{t('cancel')}</Button>
            <Button
              type="primary"
              loading={saving || create.isPending || update.isPending}
              onClick={() => form.submit()}
            >
              {t('save')}
            </Button>
          </Space>
        }
      >
        {open && (
          <>
            <ProductForm
              form={form}
              type={type}
              accountId={accountId}
              menu={menu}
              editing={product !== null}
              onFinish={save}
            />
            <Divider />
            <Typography.Title level={5}>{t('optionGroups')}</Typography.Title>
            {product ? (
              <OptionGroupsEditor type={type} accountId={accountId} product={product} />
            ) : (
              <Alert type="info" showIcon title={t('optionGroupsAfterSave')} />
            )}
          </>
        )}
      </Drawer>
    </>
  );
};
