import { Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { qrDataUrl } from './qr-images';

/** A table's QR code drawn in the browser (error level H), shown at `display` px. */
export const QrImage = ({ link, alt, display = 96 }: { link: string; alt: string; display?: number }) => {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    // Drawn at twice the shown size so it stays sharp on high-density screens.
    qrDataUrl(link, display * 2).then(
      (url) => live && setSrc(url),
      () => live && setSrc(null),
    );
    return () => {
      live = false;
    };
  }, [link, display]);
  if (!src) return <Skeleton.Image active style={{ width: display, height: display }} />;
  return <img src={src} alt={alt} width={display} height={display} data-link={link} />;
};
