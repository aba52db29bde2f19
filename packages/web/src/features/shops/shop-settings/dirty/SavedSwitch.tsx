import { Switch } from 'antd';
import { useState } from 'react';

type Props = {
  /** The saved value, as shown (an inverted flag is already inverted by the caller). */
  checked: boolean;
  /** Saves at once (spec 001 §1 "Boolean switches save immediately"); rejects on failure. */
  onSave: (checked: boolean) => Promise<unknown>;
  label: string;
  disabled?: boolean;
  testId?: string;
};

/** A switch that saves when toggled; while saving it shows the new position, and reverts when the save fails. */
export const SavedSwitch = ({ checked, onSave, label, disabled, testId }: Props) => {
  const [pending, setPending] = useState<boolean | null>(null);
  const onChange = async (next: boolean) => {
    setPending(next);
    try {
      await onSave(next);
    } catch {
      // The saved value did not change: the switch shows it again (spec 001 §4 "a failed toggle reverts").
    } finally {
      setPending(null);
    }
  };
  return (
    <Switch
      checked={pending ?? checked}
      loading={pending !== null}
      disabled={disabled}
      onChange={(next) => void onChange(next)}
      aria-label={label}
      data-testid={testId}
    />
  );
};
