import {
  businessViolations,
  mayEditField,
  READ_ONLY_FIELDS,
  type TBusinessData,
  type TBusinessField,
  type TMessage,
  type TShopPageType,
} from '@shopdesk/contract';
import type { FormInstance, FormRule } from 'antd';
import { createContext, useContext } from 'react';

export type TBusinessForm = {
  type: TShopPageType;
  form: FormInstance<TBusinessData>;
  /** The whole shop as it would be saved now: the loaded shop with the form's values over it. */
  collect: () => TBusinessData;
  text: (m: TMessage) => string;
};

export const BusinessFormContext = createContext<TBusinessForm | null>(null);

export const useBusinessForm = (): TBusinessForm => {
  const value = useContext(BusinessFormContext);
  if (!value) throw new Error('useBusinessForm outside <BusinessFormContext>');
  return value;
};

/** spec 000 §6: a field the type may not edit is not shown; fields written elsewhere show read-only. */
export const fieldAccess = (type: TShopPageType, field: TBusinessField) => {
  const readOnly = READ_ONLY_FIELDS.includes(field);
  return { visible: readOnly || mayEditField(type, field), readOnly };
};

/**
 * An optional text the user emptied saves as null when it was null before (an input shows null as ''), so
 * touching an empty field is no change; a stored '' stays ''.
 */
export const normalise = (data: TBusinessData, loaded: TBusinessData): TBusinessData => {
  const out = { ...data } as Record<string, unknown>;
  for (const [key, value] of Object.entries(out)) {
    if (value === '' && loaded[key as TBusinessField] === null) out[key] = null;
  }
  return out as TBusinessData;
};

/**
 * The form rule of one field: the contract's rules (businessViolations) for the field path, so the form
 * shows exactly the message the server would answer (spec 000 §5, 001 §5).
 */
export const contractRule = (ctx: TBusinessForm, path: string): FormRule => ({
  validator: async () => {
    const broken = businessViolations(ctx.collect()).find((v) => v.field === path);
    if (broken) throw new Error(ctx.text(broken.message));
  },
});
