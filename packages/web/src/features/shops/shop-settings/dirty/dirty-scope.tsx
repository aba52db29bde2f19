import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';

/** What the save bar can do with one pending edit: the same save and discard as its own icons. */
export type TDirtyActions = { save: () => Promise<boolean>; reset: () => void };
type TDirtyRegistry = {
  report: (id: string, dirty: boolean) => void;
  actions: Map<string, TDirtyActions>;
};
const DirtyContext = createContext<TDirtyRegistry | null>(null);
/** The pending edits of the nearest DirtyScope, for its save bar. */
const PendingContext = createContext<{ count: number; saveAll: () => Promise<void>; resetAll: () => void }>({
  count: 0,
  saveAll: async () => undefined,
  resetAll: () => undefined,
});

/**
 * Collects the pending state of every edit inside it (spec 001 §1: a tab shows a warning triangle while
 * any of its edits is pending). A tab wraps its content in one and passes its `setPending`; the tab's save
 * bar (usePendingEdits) counts the pending edits and saves or discards them all.
 */
export const DirtyScope = ({
  onPendingChange,
  children,
}: {
  onPendingChange: (pending: boolean) => void;
  children: ReactNode;
}) => {
  const dirty = useRef(new Set<string>());
  const latest = useRef(onPendingChange);
  latest.current = onPendingChange;
  const [count, setCount] = useState(0);
  const registry = useMemo<TDirtyRegistry>(() => {
    const actions = new Map<string, TDirtyActions>();
    return {
      report: (id, isDirty) => {
        const before = dirty.current.size > 0;
        if (isDirty) dirty.current.add(id);
        else dirty.current.delete(id);
        const after = dirty.current.size > 0;
        // the bar counts what it can save and discard: an edit with its own actions (a field); a row being
        // edited in a table keeps its own save button and only marks the tab
        setCount([...dirty.current].filter((d) => actions.has(d)).length);
        if (before !== after) latest.current(after);
      },
      actions,
    };
  }, []);
  const pending = useMemo(
    () => ({
      count,
      // one after the other, as the per-field icons would: each save shows its own message (spec 001 §8)
      saveAll: async () => {
        for (const id of [...dirty.current]) await registry.actions.get(id)?.save();
      },
      resetAll: () => {
        for (const id of [...dirty.current]) registry.actions.get(id)?.reset();
      },
    }),
    [count, registry],
  );
  return (
    <DirtyContext.Provider value={registry}>
      <PendingContext.Provider value={pending}>{children}</PendingContext.Provider>
    </DirtyContext.Provider>
  );
};

/** The nearest DirtyScope's pending edits: their number, save all, discard all. */
export const usePendingEdits = () => useContext(PendingContext);

/**
 * Reports one edit's pending state to the nearest DirtyScope (and clears it when the edit unmounts); with
 * `actions`, the scope's save bar can save or discard it too.
 */
export const useDirtyReport = (dirty: boolean, actions?: TDirtyActions) => {
  const registry = useContext(DirtyContext);
  const id = useId();
  const latestActions = useRef(actions);
  latestActions.current = actions;
  useEffect(() => {
    if (!registry || !latestActions.current) return;
    registry.actions.set(id, {
      save: () => latestActions.current?.save() ?? Promise.resolve(false),
      reset: () => latestActions.current?.reset(),
    });
    return () => {
      registry.actions.delete(id);
    };
  }, [registry, id]);
  useEffect(() => {
    registry?.report(id, dirty);
  }, [registry, id, dirty]);
  useEffect(() => () => registry?.report(id, false), [registry, id]);
};
