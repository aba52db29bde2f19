import { QR_IMAGE } from '@shopdesk/contract';
import QRCode from 'qrcode';

/** spec 000 §9: error correction level H, so a printed code still reads when a corner is worn. */
const options = (width: number) => ({ errorCorrectionLevel: QR_IMAGE.errorLevel, width, margin: 2 });

/** The QR of a link as a PNG data URL, `width` pixels wide. */
export const qrDataUrl = (link: string, width: number) => QRCode.toDataURL(link, options(width));

/**
 * The table sign: the QR at `width` px with the label (the table number) centred below, white background,
 * as a PNG data URL.
 */
export const labelledQrDataUrl = async (link: string, width: number, label: string) => {
  const qr = document.createElement('canvas');
  await QRCode.toCanvas(qr, link, options(width));
  const fontSize = Math.max(14, Math.round(width / 9));
  const band = Math.round(fontSize * 1.8);
  const canvas = document.createElement('canvas');
  canvas.width = qr.width;
  canvas.height = qr.height + band;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('2D canvas is not available');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(qr, 0, 0);
  ctx.fillStyle = '#000000';
  ctx.font = `bold ${fontSize}px "Noto Sans TC", "PingFang TC", "Microsoft JhengHei", sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(label, canvas.width / 2, qr.height + band / 2 - fontSize * 0.15, canvas.width - 8);
  return canvas.toDataURL('image/png');
};

/** Saves a data URL as a file through a temporary link. */
export const saveDataUrl = (dataUrl: string, fileName: string) => {
  const a = document.createElement('a');
  a.href = dataUrl;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
};

/** A file name from a table number: only characters every file system accepts. */
export const safeFileName = (text: string) => text.replace(/[^\p{L}\p{N}_-]+/gu, '_');
