import {
  PRINTER_DEFAULTS,
  type TPrinter,
  type TPrinterInput,
  type TPrinterServer,
  type TPrinterType,
  type TPrinterVoice,
  type TPrinterVolume,
  ZPrinterInput,
  ZPrinterUpdate,
} from '@shopdesk/contract';

/** The fields of a printer row in edit. The secret starts empty: it is never sent back whole. */
export type TPrinterDraft = {
  name: string;
  sn: string;
  secret: string;
  printer_type: TPrinterType;
  server: TPrinterServer;
  voice_id: TPrinterVoice;
  volume: TPrinterVolume;
};

/** spec 001 §9 defaults for the new-printer row. */
export const newDraft = (): TPrinterDraft => ({ name: '', sn: '', secret: '', ...PRINTER_DEFAULTS });

export const draftOf = (p: TPrinter): TPrinterDraft => ({
  name: p.name,
  sn: p.sn,
  secret: '',
  printer_type: p.printer_type,
  server: p.server,
  voice_id: p.voice_id,
  volume: p.volume,
});

/** The contract's rules (spec 001 §5): the first problem's text (缺少必要欄位 …) or the body to send. */
export const checkDraft = (
  draft: TPrinterDraft,
  isNew: boolean,
): { ok: true; body: TPrinterInput } | { ok: false; message: string } => {
  const parsed = (isNew ? ZPrinterInput : ZPrinterUpdate).safeParse(draft);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? '' };
  return { ok: true, body: parsed.data as TPrinterInput };
};
