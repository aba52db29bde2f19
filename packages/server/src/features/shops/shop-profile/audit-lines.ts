import {
  BUSINESS_FIELD_LABELS,
  type TBusinessField,
  type TRichText,
  type TTimeSector,
} from '@shopdesk/contract';
import { showValue } from '../../platform/audit/write-audit';

const plainText = (content: TRichText | null): string => {
  if (!content) return '';
  const text = content.ops
    .map((op) => (typeof op.insert === 'string' ? op.insert : ''))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
};

/** A value as it reads in the Record tab: periods as "09:00-14:00、17:00-21:00", the announcement as text. */
const show = (field: TBusinessField, value: unknown): string => {
  if (field === 'timeObjSectors')
    return (value as TTimeSector[]).map((s) => `${s.start}-${s.end}`).join('、');
  if (field === 'content') return showValue(plainText(value as TRichText | null));
  return showValue(value);
};

/** "店名：舊 → 新" (spec 001 §3 audit record displayLog). */
export const changeLine = (field: TBusinessField, oldValue: unknown, newValue: unknown): string =>
  `${BUSINESS_FIELD_LABELS[field].zh}：${show(field, oldValue)} → ${show(field, newValue)}`;
