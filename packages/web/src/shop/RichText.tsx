import type { TRichText } from '@shopdesk/contract';
import type { CSSProperties, ReactNode } from 'react';

/**
 * The shop's announcement (spec 000 §3 content, a Quill Delta) as React elements: text with the toolbar's
 * formatting (bold, italic, underline, strike, size, colour, lists). Nothing is parsed as HTML, so a
 * stored announcement can never inject markup into the ordering page.
 */
const COLOR = /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|[a-z]{3,20})$/i;
const SIZES: Record<string, string> = { small: '0.8em', large: '1.3em', huge: '1.7em' };

type Attrs = Record<string, unknown>;
const styleOf = (a: Attrs | undefined): CSSProperties => {
  if (!a) return {};
  const s: CSSProperties = {};
  if (a.bold) s.fontWeight = 700;
  if (a.italic) s.fontStyle = 'italic';
  const deco = [a.underline ? 'underline' : '', a.strike ? 'line-through' : ''].filter(Boolean).join(' ');
  if (deco) s.textDecoration = deco;
  if (typeof a.color === 'string' && COLOR.test(a.color)) s.color = a.color;
  if (typeof a.background === 'string' && COLOR.test(a.background)) s.background = a.background;
  if (typeof a.size === 'string' && SIZES[a.size]) s.fontSize = SIZES[a.size];
  return s;
};

export const RichText = ({ value }: { value: TRichText | null }) => {
  if (!value || value.ops.length === 0) return null;
  const lines: { parts: ReactNode[]; attrs?: Attrs }[] = [];
  let parts: ReactNode[] = [];
  let n = 0;
  const key = () => {
    n += 1;
    return n;
  };
  for (const op of value.ops) {
    if (typeof op.insert !== 'string') continue; // embeds (images) are not part of the toolbar
    const chunks = op.insert.split('\n');
    chunks.forEach((chunk, i) => {
      if (chunk)
        parts.push(
          <span key={key()} style={styleOf(op.attributes)}>
            {chunk}
          </span>,
        );
      if (i < chunks.length - 1) {
        lines.push({ parts, attrs: op.attributes });
        parts = [];
      }
    });
  }
  if (parts.length > 0) lines.push({ parts });
  const out: ReactNode[] = [];
  let list: { kind: string; items: ReactNode[] } | null = null;
  const flush = () => {
    if (!list) return;
    out.push(list.kind === 'ordered' ? <ol key={key()}>{list.items}</ol> : <ul key={key()}>{list.items}</ul>);
    list = null;
  };
  for (const line of lines) {
    const kind = typeof line.attrs?.list === 'string' ? line.attrs.list : null;
    if (kind) {
      if (!list || list.kind !== kind) {
        flush();
        list = { kind, items: [] };
      }
      list.items.push(<li key={key()}>{line.parts}</li>);
    } else {
      flush();
      out.push(<p key={key()}>{line.parts.length > 0 ? line.parts : '\u00a0'}</p>);
    }
  }
  flush();
  return <div className="rich">{out}</div>;
};

/** The notices of spec 001 §2.2 are stored with <br> for newlines and escaped otherwise: shown as lines. */
export const NoticeText = ({ stored }: { stored: string }) => {
  const text = stored
    .split(/<br\s*\/?>/i)
    .map((l) => l.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'));
  return (
    <>
      {text.map((l, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines of a fixed text
        <span key={i}>
          {i > 0 && <br />}
          {l}
        </span>
      ))}
    </>
  );
};
