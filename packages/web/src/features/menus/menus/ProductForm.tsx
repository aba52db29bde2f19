import {
  MEAL_TYPES,
  type TMealType,
  type TMenu,
  type TMenuProduct,
  type TUserType,
  ZCalories,
  ZMealTypes,
  ZNames,
  ZPrice,
  ZStock,
} from '@shopdesk/contract';
import { Checkbox, Col, Form, type FormInstance, Input, InputNumber, Row, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../../lib/form-rules';
import { ImageField } from './ImageField';
import { useMealLabel, useNameOf } from './menu-text';

export type TProductValues = {
  classId: number;
  zh: string;
  en: string;
  descZh: string;
  descEn: string;
  price: number;
  calories: number | null;
  mealTypes: TMealType[];
  limited: boolean;
  dailyStock: number | null;
  stockLeft: number | null;
  soldOut: boolean;
  image: string | null;
};

export const productValues = (
  p: TMenuProduct | null,
  classId: number,
  shopMeals: TMealType[],
): TProductValues => ({
  classId: p?.classId ?? classId,
  zh: p?.names.zh ?? '',
  en: p?.names.en ?? '',
  descZh: p?.description.zh ?? '',
  descEn: p?.description.en ?? '',
  price: p?.price ?? (undefined as unknown as number),
  calories: p?.calories ?? null,
  // A new product is offered for every meal type the shop serves.
  mealTypes: p?.mealTypes ?? (shopMeals.length ? shopMeals : [...MEAL_TYPES]),
  limited: p ? p.dailyStock !== null : false,
  dailyStock: p?.dailyStock ?? null,
  stockLeft: p?.stockLeft ?? null,
  soldOut: p?.soldOut ?? false,
  image: p?.image ?? null,
});

/** The body of a create or update call; stockLeft only when the operator changed it. */
export const productBody = (v: TProductValues, before: TMenuProduct | null) => ({
  classId: v.classId,
  names: { zh: v.zh, en: v.en ?? '' },
  description: { zh: v.descZh ?? '', en: v.descEn ?? '' },
  price: v.price,
  image: v.image,
  calories: v.calories ?? null,
  mealTypes: v.mealTypes,
  dailyStock: v.limited ? (v.dailyStock ?? 0) : null,
  soldOut: v.soldOut,
  ...(before && v.limited && v.stockLeft !== null && v.stockLeft !== before.stockLeft
    ? { stockLeft: v.stockLeft }
    : {}),
});

/** The product's own fields (the option groups are edited below it, once it exists). */
export const ProductForm = ({
  form,
  type,
  accountId,
  menu,
  editing,
  onFinish,
}: {
  form: FormInstance<TProductValues>;
  type: TUserType;
  accountId: number;
  menu: TMenu;
  editing: boolean;
  onFinish: (v: TProductValues) => void;
}) => {
  const { t, i18n } = useTranslation('menus');
  const nameOf = useNameOf();
  const mealLabel = useMealLabel();
  const lang = i18n.language;
  const limited = Form.useWatch('limited', form);

  return (
    <Form form={form} name="menuProduct" layout="vertical" onFinish={onFinish}>
      <Form.Item name="image" label={t('image')}>
        <ImageField type={type} accountId={accountId} />
      </Form.Item>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item name="zh" label={t('nameZh')} required rules={[zodRule(ZNames.shape.zh, lang)]}>
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="en" label={t('nameEn')}>
            <Input maxLength={50} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item name="classId" label={t('classField')} required>
            <Select options={menu.classes.map((c) => ({ value: c.id, label: nameOf(c.names) }))} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="price" label={t('price')} required rules={[zodRule(ZPrice, lang)]}>
            <InputNumber style={{ width: '100%' }} prefix="NT$" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="descZh" label={t('descriptionZh')}>
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
      <Form.Item name="descEn" label={t('descriptionEn')}>
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
      {/* spec 001 §2.2 is_calorie: calories matter only when the shop shows them. */}
      {menu.shop.isCalorie && (
        <Form.Item
          name="calories"
          label={t('calories')}
          extra={t('caloriesHint')}
          rules={[zodRule(ZCalories.nullable(), lang)]}
        >
          <InputNumber style={{ width: 160 }} />
        </Form.Item>
      )}
      <Form.Item name="mealTypes" label={t('mealTypes')} required rules={[zodRule(ZMealTypes, lang)]}>
        <Checkbox.Group options={MEAL_TYPES.map((m) => ({ value: m, label: mealLabel(m) }))} />
      </Form.Item>
      <Row gutter={12} align="bottom">
        <Col span={8}>
          <Form.Item name="limited" label={t('limited')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        {limited && (
          <Col span={8}>
            <Form.Item name="dailyStock" label={t('dailyStock')} required rules={[zodRule(ZStock, lang)]}>
              <InputNumber style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        )}
        {limited && editing && (
          <Col span={8}>
            <Form.Item name="stockLeft" label={t('stockLeft')} rules={[zodRule(ZStock.nullable(), lang)]}>
              <InputNumber style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        )}
      </Row>
      <Form.Item name="soldOut" label={t('soldOutSwitch')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </Form>
  );
};
