import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets at rest (channel secrets and tokens, payment keys, vendor keys): AES-256-GCM with a key from
 * SECRETS_KEY (or DATA_DIR/secrets-key on the embedded default, src/config.ts). A sealed value is
 * `v1.<iv>.<tag>.<ciphertext>` in base64url; a tampered one fails to open. Responses carry `maskSecret`
 * of a value, never the value (docs/decisions/foundation.md "Secrets at rest").
 */
export type SecretBox = {
  seal: (plain: string) => string;
  open: (sealed: string) => string;
};

export const createSecretBox = (key: Buffer): SecretBox => {
  if (key.length !== 32) throw new Error('the secrets key must be 32 bytes');
  return {
    seal: (plain) => {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), ct]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open: (sealed) => {
      const [v, iv, tag, ct] = sealed.split('.');
      if (v !== 'v1' || !iv || !tag || ct === undefined) throw new Error('not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
};

/** A key for tests and apps built without one: derived from the session secret (never used by main.ts). */
export const deriveSecretsKey = (sessionSecret: string) =>
  Buffer.from(hkdfSync('sha256', sessionSecret, 'shopdesk', 'secrets-at-rest', 32));

/** What a response may show of a secret: its last four characters at most, never short secrets whole. */
export const maskSecret = (plain: string | null | undefined): string => {
  if (!plain) return '';
  return plain.length <= 8 ? '••••' : `••••${plain.slice(-4)}`;
};
