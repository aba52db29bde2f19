import { useCallback, useState } from 'react';
import { useDirtyReport } from './dirty-scope';

export type TDirtyField<T> = {
  /** What the edit box shows: the draft while editing, else the saved value. */
  value: T;
  setValue: (value: T) => void;
  /** The shown value differs from the saved value (spec 001 §1: only then the save icon shows). */
  dirty: boolean;
  /** The value check's message for the draft, if it fails. */
  error: string | undefined;
  saving: boolean;
  /** Saves the draft; resolves true when saved (the draft then follows the saved value again). */
  save: () => Promise<boolean>;
  /** Drops the draft. */
  reset: () => void;
};

export type TDirtyFieldOptions<T> = {
  saved: T;
  /** Writes the value; must reject on failure and have the saved value updated when it resolves. */
  onSave: (value: T) => Promise<unknown>;
  validate?: (value: T) => string | undefined;
  equals?: (a: T, b: T) => boolean;
};

/**
 * One edit box's dirty tracking (spec 001 §1, §4 "it clears after saving"): a draft over the saved value,
 * reported to the surrounding DirtyScope while it differs.
 */
export const useDirtyField = <T>({
  saved,
  onSave,
  validate,
  equals = Object.is,
}: TDirtyFieldOptions<T>): TDirtyField<T> => {
  const [draft, setDraft] = useState<{ value: T } | null>(null);
  const [saving, setSaving] = useState(false);
  const value = draft ? draft.value : saved;
  const dirty = draft !== null && !equals(draft.value, saved);
  const error = dirty && validate ? validate(value) : undefined;

  const save = useCallback(async () => {
    if (!dirty || error !== undefined || saving) return false;
    setSaving(true);
    try {
      await onSave(value);
      setDraft(null);
      return true;
    } catch {
      return false;
    } finally {
      setSaving(false);
    }
  }, [dirty, error, saving, onSave, value]);

  const reset = useCallback(() => setDraft(null), []);
  useDirtyReport(dirty, { save, reset });

  return {
    value,
    setValue: useCallback((v: T) => setDraft({ value: v }), []),
    dirty,
    error,
    saving,
    save,
    reset,
  };
};
