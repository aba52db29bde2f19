import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { BrandMark } from '../components/BrandMark';
import { CopyrightLine } from '../components/CopyrightLine';
import { LanguageSelect } from '../components/LanguageSelect';

/**
 * Frame of the pages that need no console session: login pages, public pages, the POS entry and the
 * not-found page for signed-out visitors. Brand and language on top, copyright below.
 */
export const PublicFrame = ({ children }: { children?: ReactNode }) => (
  <div
    style={{
      minHeight: '100vh',
      display: 'flex',
      flexDirection: 'column',
      background: 'radial-gradient(1200px 600px at 10% -10%, #dbeafe 0%, transparent 60%), #f4f6f9',
    }}
  >
    <header
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 12,
        padding: '16px clamp(16px, 4vw, 40px)',
      }}
    >
      <BrandMark />
      <LanguageSelect />
    </header>
    <main
      style={{
        flex: 1,
        display: 'flex',
        flexDirection: 'column',
        padding: '8px clamp(12px, 4vw, 40px) 16px',
      }}
    >
      {children ?? <Outlet />}
    </main>
    <footer style={{ textAlign: 'center', padding: 16 }}>
      <CopyrightLine />
    </footer>
  </div>
);
