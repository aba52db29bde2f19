import {
  englishFor,
  landingMealType,
  MEAL_TYPES,
  NOTICE_KEYS,
  NOTICE_ROWS,
  noticeFromStored,
  noticeToStored,
  RESET_TIME_OPTIONS,
  type TRichText,
  type TSettingField,
  type TSettingValue,
} from '@shopdesk/contract';
import { AutoComplete, Input, InputNumber, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RichTextEditor } from '../../shop-profile/RichTextEditor';
import { EditableField, type TFieldControl, useDirtyField } from '../dirty';
import type { TSettingsValues } from '../settings-queries';
import { useFieldLabel } from '../use-field-save';
import { mayEdit, settingField, useSettingsForm } from './settings-form';

const isNotice = (field: TSettingField) => (NOTICE_KEYS as readonly string[]).includes(field.key);
const sameJson = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The box's value as shown, and back (notices keep line breaks as <br> when stored, spec 001 §2.2). */
const toShown = (field: TSettingField, saved: TSettingValue): unknown =>
  isNotice(field) ? noticeFromStored(String(saved ?? '')) : saved;
const toStored = (field: TSettingField, shown: unknown): TSettingValue =>
  isNotice(field) ? noticeToStored(String(shown ?? '')) : (shown as TSettingValue);

const Control = ({ field, c }: { field: TSettingField; c: TFieldControl<unknown> }) => {
  const { t } = useTranslation('shopSettings');
  const common = { id: c.id, status: c.status, disabled: c.disabled };
  switch (field.kind) {
    case 'textarea':
      return (
        <Input.TextArea
          {...common}
          value={String(c.value ?? '')}
          onChange={(e) => c.onChange(e.target.value)}
          rows={isNotice(field) ? NOTICE_ROWS : 3}
          showCount={!isNotice(field)}
        />
      );
    case 'number':
      return (
        <InputNumber
          {...common}
          value={c.value as number | null}
          onChange={(v) => c.onChange(v)}
          onPressEnter={c.onPressEnter}
          style={{ width: '100%' }}
        />
      );
    case 'select':
      return (
        <Select
          {...common}
          value={c.value as string}
          onChange={(v) => c.onChange(v)}
          options={(field.options ?? []).map((o) => ({
            value: o,
            label: t(`mealType.${o}` as 'mealType.none'),
          }))}
        />
      );
    case 'time':
      // spec 001 §9 reset-time options hourly 00:00 to 23:00; typing is allowed and checked (§5).
      return (
        <AutoComplete
          {...common}
          value={String(c.value ?? '')}
          onChange={(v) => c.onChange(v)}
          options={RESET_TIME_OPTIONS.map((v) => ({ value: v }))}
          placeholder="HH:mm"
          allowClear
        />
      );
    case 'richtext':
      return (
        <RichTextEditor
          id={c.id}
          value={c.value as TRichText | null}
          onChange={(v) => c.onChange(v)}
          disabled={c.disabled}
        />
      );
    default:
      return (
        <Input
          {...common}
          value={String(c.value ?? '')}
          onChange={(e) => c.onChange(e.target.value)}
          onPressEnter={c.onPressEnter}
        />
      );
  }
};

/**
 * A default meal type the shop has switched off is kept (the switches are set elsewhere, one at a time) but
 * said: customers land on the first offered one instead (landingMealType, as the customer app does;
 * docs/decisions/shops.md "Default meal type on a switched-off mode").
 */
const DefaultMealWarning = ({ values, chosen }: { values: TSettingsValues; chosen: unknown }) => {
  const { t } = useTranslation('shopSettings');
  const offered = MEAL_TYPES.filter((m) => Boolean(values.business?.[`is_${m}`]));
  if (typeof chosen !== 'string' || !(MEAL_TYPES as readonly string[]).includes(chosen)) return null;
  if (offered.includes(chosen as (typeof MEAL_TYPES)[number])) return null;
  const landing = landingMealType(offered, chosen);
  return (
    <Typography.Text type="warning" data-testid="default-meal-warning">
      {landing
        ? t('defaultMealOff', {
            meal: t(`mealType.${chosen}` as 'mealType.none'),
            landing: t(`mealType.${landing}`),
          })
        : t('defaultMealNoneOffered', { meal: t(`mealType.${chosen}` as 'mealType.none') })}
    </Typography.Text>
  );
};

const VisibleFieldBox = ({ field }: { field: TSettingField }) => {
  const { values, save } = useSettingsForm();
  const { i18n, t } = useTranslation('shopSettings');
  const labelOf = useFieldLabel();
  const saved = toShown(field, values[field.table]?.[field.key] ?? null);
  const dirty = useDirtyField<unknown>({
    saved,
    onSave: (v) => save(field, toStored(field, v)),
    equals: field.kind === 'richtext' ? sameJson : Object.is,
    validate: (v) => {
      const result = field.rule.safeParse(toStored(field, v));
      if (result.success) return undefined;
      const zh = result.error.issues[0]?.message ?? '';
      return i18n.language === 'en' ? (englishFor(zh) ?? zh) : zh;
    },
  });
  // spec 001 §2.2 buffer_time: 0 hides it
  const extra =
    field.key === 'buffer_time' ? (
      t('bufferTimeHint')
    ) : field.key === 'default_meal_type' ? (
      <DefaultMealWarning values={values} chosen={dirty.value} />
    ) : undefined;
  return (
    <EditableField label={labelOf(field)} field={dirty} testId={`field-${field.key}`} extra={extra}>
      {(c) => <Control field={field} c={c} />}
    </EditableField>
  );
};

/** One catalog field ("table.key") as an edit box with its save icon; hidden from who may not change it. */
export const FieldBox = ({ name }: { name: string }) => {
  const { userType } = useSettingsForm();
  const field = settingField(name);
  return mayEdit(field, userType) ? <VisibleFieldBox field={field} /> : null;
};
