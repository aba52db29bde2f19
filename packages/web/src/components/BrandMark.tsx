import { BRAND_PRIMARY } from '../shell/theme';
import { PlainIcon } from './PlainIcon';
import { ShopFilled } from './plain-icons';

type TProps = { color?: string; tile?: string; size?: number };

/** The Shopdesk logo: a rounded tile with the shop glyph beside the word mark. */
export const BrandMark = ({ color = '#111827', tile = BRAND_PRIMARY, size = 20 }: TProps) => (
  <span style={{ display: 'inline-flex', alignItems: 'center', gap: size * 0.5 }}>
    <span
      aria-hidden
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        width: size * 1.6,
        height: size * 1.6,
        borderRadius: size * 0.45,
        background: tile,
        color: '#fff',
        fontSize: size * 0.9,
        flex: 'none',
      }}
    >
      <PlainIcon icon={ShopFilled} />
    </span>
    <span style={{ color, fontSize: size, fontWeight: 700, letterSpacing: 0.2, whiteSpace: 'nowrap' }}>
      Shopdesk
    </span>
  </span>
);
