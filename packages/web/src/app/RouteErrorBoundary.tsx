import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainButton } from '../components/PlainButton';
import { PlainIcon } from '../components/PlainIcon';
import { ReloadOutlined, WarningOutlined } from '../components/plain-icons';
import { ChunkLoadError } from '../shell/lazy-page';
import { PLAIN_TOKENS as token } from '../shell/theme';

// A chunk that vanished after a deploy fails with a browser-specific message; treat it like a timeout.
const isChunkError = (error: unknown) =>
  error instanceof ChunkLoadError ||
  (error instanceof Error &&
    /dynamically imported module|Importing a module script failed/i.test(error.message));

/**
 * What a failed route shows: a page chunk that timed out (spec 000 §9, 120 s) or did not load, or a
 * render error. The way out is a reload, which also fetches the current build. Built from light
 * components only: it must render when the network is what failed, and on the login route, which loads no antd.
 */
export const RouteErrorView = ({ error }: { error: unknown }) => {
  const { t } = useTranslation();
  const chunk = isChunkError(error);
  return (
    <div
      role="alert"
      style={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 12,
        padding: '64px 16px',
        textAlign: 'center',
      }}
    >
      <PlainIcon
        icon={WarningOutlined}
        style={{ fontSize: 48, color: chunk ? token.colorWarning : token.colorError }}
      />
      <div style={{ fontSize: token.fontSizeHeading4, fontWeight: 600 }}>
        {t(chunk ? 'chunkTimeoutTitle' : 'errorTitle')}
      </div>
      <div style={{ color: token.colorTextSecondary, maxWidth: 480 }}>
        {t(chunk ? 'chunkTimeout' : 'errorBody')}
      </div>
      <PlainButton primary icon={ReloadOutlined} onClick={() => window.location.reload()}>
        {t('reload')}
      </PlainButton>
    </div>
  );
};

type TState = { error: unknown };

/** Catches a route's render and lazy-load errors so the shell around it stays usable. */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, TState> {
  override state: TState = { error: undefined };

  static getDerivedStateFromError(error: unknown): TState {
    return { error: error ?? new Error('Unknown error') };
  }

  override componentDidCatch(error: unknown) {
    if (!isChunkError(error)) console.error(error);
  }

  override render() {
    return this.state.error === undefined ? this.props.children : <RouteErrorView error={this.state.error} />;
  }
}
