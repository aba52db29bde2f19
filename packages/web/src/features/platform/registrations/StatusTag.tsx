import { REGISTRATION_STATUS_LABELS, type TRegistrationStatus } from '@shopdesk/contract';
import { Tag } from 'antd';
import { useMessageText } from '../../../lib/message-text';

const COLORS: Record<TRegistrationStatus, string> = {
  new: 'blue',
  contacted: 'gold',
  approved: 'green',
  rejected: 'red',
  opened: 'purple',
};

export const StatusTag = ({ status }: { status: TRegistrationStatus }) => {
  const say = useMessageText();
  return <Tag color={COLORS[status]}>{say(REGISTRATION_STATUS_LABELS[status])}</Tag>;
};
