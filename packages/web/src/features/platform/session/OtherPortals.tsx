import type { TUserType } from '@shopdesk/contract';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PLAIN_TOKENS as token } from '../../../shell/theme';
import { loginPath } from './session-storage';

const PORTALS: readonly TUserType[] = ['eaa', 'line', 'si', 'gaa'];

/** Links to the other portals' login pages: each user type signs in only at its own (server rule). */
export const OtherPortals = ({ current }: { current: TUserType }) => {
  const { t } = useTranslation('session');
  const others = PORTALS.filter((p) => p !== current);
  const muted = { color: token.colorTextTertiary, fontSize: 12 };
  return (
    <>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, margin: '24px 0 12px' }}>
        <span style={{ flex: 1, borderTop: `1px solid ${token.colorSplit}` }} />
        <span style={muted}>{t('otherPortals')}</span>
        <span style={{ flex: 1, borderTop: `1px solid ${token.colorSplit}` }} />
      </div>
      <div style={{ display: 'flex', justifyContent: 'center', flexWrap: 'wrap', gap: 4, fontSize: 13 }}>
        {others.map((p, i) => (
          <Fragment key={p}>
            {i > 0 ? <span style={muted}>·</span> : null}
            <Link to={loginPath(p)}>{t(`portal_${p}`)}</Link>
          </Fragment>
        ))}
      </div>
    </>
  );
};
