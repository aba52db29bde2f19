import type { FormInstance } from 'antd';
import { ApiClientError } from '../../../lib/api';

/** Server codes that belong to one field of the forms (409s carry no field). */
const CODE_FIELDS: Record<string, string> = { EMAIL_TAKEN: 'email', SI_NAME_TAKEN: 'name' };

/**
 * Puts a refused save on the field it is about (the server names it, or its code does); answers false when
 * the error belongs to no field of the form, so the caller shows it otherwise.
 */
export const showOnField = (form: FormInstance, err: unknown, text: string): boolean => {
  if (!(err instanceof ApiClientError)) return false;
  const field = err.field ?? CODE_FIELDS[err.code];
  if (!field || form.getFieldInstance(field) === undefined) return false;
  form.setFields([{ name: field, errors: [text] }]);
  form.scrollToField(field);
  return true;
};
