import type { TPrinterState } from '@shopdesk/contract';
import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';

const STATUS = {
  online: { badge: 'success', key: 'stateOnline' },
  offline: { badge: 'default', key: 'stateOffline' },
  paper_out: { badge: 'warning', key: 'statePaperOut' },
  unknown: { badge: 'default', key: 'stateUnknown' },
} as const;

/** A printer's last reported state as a badge (online / offline / out of paper / unknown). */
export const PrinterState = ({ state }: { state: TPrinterState }) => {
  const { t } = useTranslation('printers');
  const s = STATUS[state];
  return <Badge status={s.badge} text={t(s.key)} data-testid={`printer-state-${state}`} />;
};
