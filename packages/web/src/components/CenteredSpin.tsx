import { PLAIN_TOKENS as token } from '../shell/theme';

/**
 * The one loading state of the shell: lazy pages, the layout chunk, the pause before a redirect. A CSS
 * ring rather than antd's Spin: it is on the login route's first load, which loads no antd (its colours are the theme's tokens).
 */
export const CenteredSpin = ({ tip, fullScreen = false }: { tip?: string; fullScreen?: boolean }) => {
  return (
    <div
      style={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 12,
        minHeight: fullScreen ? '100vh' : 320,
        width: '100%',
      }}
      role="status"
      aria-live="polite"
      aria-busy
    >
      <span
        className="sd-spinner"
        aria-hidden
        style={{ borderColor: token.colorPrimaryBg, borderTopColor: token.colorPrimary }}
      />
      {tip ? <span style={{ color: token.colorTextSecondary }}>{tip}</span> : null}
    </div>
  );
};
