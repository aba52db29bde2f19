import { Form, type FormInstance } from 'antd';
import { useCloseGuard } from '../../shops/shop-settings/dirty/use-close-guard';

/** An emptied field reads as null, undefined or '' depending on the input: all three are "empty". */
const plain = (v: unknown) => JSON.stringify(v === undefined || v === '' ? null : v);

/**
 * Whether a form holds edits: any field of `base` (the values it was filled with) now reads differently.
 * Changing a value and changing it back is no edit. Nothing is pending while `base` is null (not filled yet).
 */
export const useFormChanged = (form: FormInstance, base: object | null | undefined): boolean => {
  const values = Form.useWatch([], { form, preserve: true }) as Record<string, unknown> | undefined;
  if (!base || !values) return false;
  return differs(values, base);
};

const differs = (values: Record<string, unknown>, base: object) =>
  Object.entries(base).some(([k, v]) => plain(values[k]) !== plain(v));

/**
 * `useFormChanged` at this instant, read from the form: useWatch reports a keystroke only on a later render,
 * and a click outside right after typing closed the drawer without asking (CI, session 21).
 */
export const formChangedNow = (form: FormInstance, base: object | null | undefined): boolean =>
  !!base && differs(form.getFieldsValue(true) as Record<string, unknown>, base);

/**
 * The settings page's leave question for the editor's drawer and dialogs. A navigation that stays on the
 * page and its shop passes: the editor keeps its class in the URL, and a dialog's save selects what it saved
 * in the same click that closes it (before the guard is down).
 */
export const useMenuCloseGuard = (dirty: boolean, dirtyNow?: () => boolean) =>
  useCloseGuard(dirty, {
    dirtyNow,
    allow: (target) =>
      target.pathname === window.location.pathname &&
      new URLSearchParams(target.search).get('shop') ===
        new URLSearchParams(window.location.search).get('shop'),
  });
