import type { TRichText } from '@shopdesk/contract';
import Quill, { type Delta } from 'quill';
import 'quill/dist/quill.snow.css';
import { useEffect, useRef } from 'react';

/** spec 000 §9 "Announcement editor toolbar: bold, italic, underline, strike, lists, size, colors, clean". */
const TOOLBAR = [
  ['bold', 'italic', 'underline', 'strike'],
  [{ list: 'ordered' }, { list: 'bullet' }],
  [{ size: ['small', false, 'large', 'huge'] }],
  [{ color: [] }, { background: [] }],
  ['clean'],
];

type Props = {
  value?: TRichText | null;
  onChange?: (value: TRichText | null) => void;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
};

const same = (a: TRichText | null | undefined, ops: unknown[]) =>
  JSON.stringify(a?.ops ?? [{ insert: '\n' }]) === JSON.stringify(ops);

/**
 * A small React wrapper over Quill 2 for the announcement (spec 000 §3 content): the value is Quill's Delta
 * ({ ops }), the rich-text JSON the server stores; an empty editor is null. Works as an antd form control.
 */
export const RichTextEditor = ({ value, onChange, placeholder, disabled, id }: Props) => {
  const host = useRef<HTMLDivElement>(null);
  const quill = useRef<Quill | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const initial = useRef(value);

  useEffect(() => {
    const container = host.current;
    if (!container) return;
    // Quill puts its toolbar before the element it is given, so both live in a child we own and remove.
    const root = container.appendChild(document.createElement('div'));
    const editor = root.appendChild(document.createElement('div'));
    const q = new Quill(editor, { theme: 'snow', modules: { toolbar: TOOLBAR }, placeholder });
    q.root.style.minHeight = '160px';
    if (initial.current) q.setContents(initial.current.ops as Delta['ops'], 'silent');
    q.on('text-change', () => {
      const empty = q.getLength() <= 1 && !q.getText().trim();
      onChangeRef.current?.(empty ? null : { ops: q.getContents().ops as TRichText['ops'] });
    });
    quill.current = q;
    return () => {
      quill.current = null;
      root.remove();
    };
  }, [placeholder]);

  // A value set from outside (the form reset after saving) replaces the contents.
  useEffect(() => {
    const q = quill.current;
    if (q && !same(value, q.getContents().ops)) q.setContents((value?.ops ?? []) as Delta['ops'], 'silent');
  }, [value]);

  useEffect(() => quill.current?.enable(!disabled), [disabled]);

  return <div ref={host} id={id} className="rich-text-editor" data-testid="announcement-editor" />;
};
