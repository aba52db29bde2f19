import type { TStorefrontShop } from '@shopdesk/contract';
import { useState } from 'react';
import { useGT } from '../group-i18n';
import { canShareOnLine, copyText, shareOnLine } from '../group-share';

/** 團購: the link to share: LINE's share target picker inside LINE (LIFF), and a copy button everywhere. */
export const GroupShare = ({ shop, token }: { shop: TStorefrontShop; token: string }) => {
  const gt = useGT();
  const [copied, setCopied] = useState(false);
  const url = `${location.origin}/shop/${shop.id}/group/${encodeURIComponent(token)}`;
  const liffId = shop.liff.menu;
  return (
    <div className="card group-share" data-testid="group-share">
      <strong>{gt('share')}</strong>
      <input
        readOnly
        className="group-link"
        value={url}
        aria-label={gt('share')}
        data-testid="group-link"
        onFocus={(e) => e.target.select()}
      />
      <div className="row">
        {canShareOnLine(liffId) && (
          <button
            type="button"
            className="btn small"
            onClick={() => void shareOnLine(liffId, gt('shareText', { shop: shop.name, url }))}
          >
            {gt('shareLine')}
          </button>
        )}
        <button
          type="button"
          className="btn small"
          onClick={() => void copyText(url).then((ok) => setCopied(ok))}
          data-testid="group-copy"
        >
          {copied ? gt('copied') : gt('copy')}
        </button>
      </div>
    </div>
  );
};
