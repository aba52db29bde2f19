import type { TRichText } from '@shopdesk/contract';
import Quill, { type Delta } from 'quill';
import 'quill/dist/quill.snow.css';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** spec 000 §9 "Announcement editor toolbar: bold, italic, underline, strike, lists, size, colors, clean". */
const TOOLBAR = [
  ['bold', 'italic', 'underline', 'strike'],
  [{ list: 'ordered' }, { list: 'bullet' }],
  [{ size: ['small', false, 'large', 'huge'] }],
  [{ color: [] }, { background: [] }],
  ['clean'],
];

const SIZES = ['small', '', 'large', 'huge'] as const;

/**
 * Quill draws the size picker's words ("Normal", "Small"…) from its English stylesheet unless an item carries
 * data-label (then `content: attr(data-label)`); the picker copies an item's data-label to its label when one is
 * chosen. So the items get the words of the page's language, and the label the word of the current choice.
 */
const labelSizes = (toolbar: Element | null, words: Record<(typeof SIZES)[number], string>) => {
  const picker = toolbar?.querySelector('.ql-picker.ql-size');
  if (!picker) return;
  for (const item of picker.querySelectorAll('.ql-picker-item')) {
    item.setAttribute(
      'data-label',
      words[(item.getAttribute('data-value') ?? '') as keyof typeof words] ?? '',
    );
  }
  const label = picker.querySelector('.ql-picker-label');
  const chosen =
    picker.querySelector('.ql-picker-item.ql-selected') ??
    picker.querySelector('.ql-picker-item:not([data-value])');
  label?.setAttribute('data-label', chosen?.getAttribute('data-label') ?? words['']);
};

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
  const { t } = useTranslation('shopProfile');
  const words = {
    small: t('sizeSmall'),
    '': t('sizeNormal'),
    large: t('sizeLarge'),
    huge: t('sizeHuge'),
  } as const;
  const wordsRef = useRef(words);
  wordsRef.current = words;
  const wordsKey = JSON.stringify(words);
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
    labelSizes(root.querySelector('.ql-toolbar'), wordsRef.current);
    return () => {
      quill.current = null;
      root.remove();
    };
  }, [placeholder]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the words change with the language (wordsKey)
  useEffect(
    () => labelSizes(host.current?.querySelector('.ql-toolbar') ?? null, wordsRef.current),
    [wordsKey],
  );

  // A value set from outside (the form reset after saving) replaces the contents.
  useEffect(() => {
    const q = quill.current;
    if (q && !same(value, q.getContents().ops)) q.setContents((value?.ops ?? []) as Delta['ops'], 'silent');
  }, [value]);

  useEffect(() => quill.current?.enable(!disabled), [disabled]);

  return <div ref={host} id={id} className="rich-text-editor" data-testid="announcement-editor" />;
};
