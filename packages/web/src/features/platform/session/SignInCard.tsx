import { type ReactNode, useState } from 'react';
import { PLAIN_TOKENS as token } from '../../../shell/theme';

/** The card both sign-in pages stand in (the console's and the order machine's): centred, with a coloured top edge. */
export const LoginCard = ({
  labelledBy,
  accent,
  children,
}: {
  /** the id of the card's heading */
  labelledBy: string;
  /** the top edge: the portal's colour */
  accent: string;
  children: ReactNode;
}) => {
  return (
    <div
      style={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', padding: '24px 0' }}
    >
      <section
        aria-labelledby={labelledBy}
        style={{
          width: 'min(420px, 100%)',
          padding: 'clamp(20px, 5vw, 36px)',
          background: token.colorBgContainer,
          borderRadius: token.borderRadiusLG * 1.5,
          borderTop: `4px solid ${accent}`,
          boxShadow: '0 12px 32px rgba(15, 23, 42, 0.08)',
        }}
      >
        {children}
      </section>
    </div>
  );
};

/** A sign-in form's state: pending while its call runs, and the error the last try ended with. */
export const useSignInState = () => {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const run = async (signIn: () => Promise<unknown>) => {
    setPending(true);
    setError(null);
    try {
      await signIn();
    } catch (err) {
      setError(err); // spec 000 §8: the server's text, in the current language
    } finally {
      setPending(false);
    }
  };
  return { pending, error, run };
};
