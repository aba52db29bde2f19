import { createContext, type ReactNode, useContext, useEffect, useId, useMemo, useRef } from 'react';

type TDirtyRegistry = { report: (id: string, dirty: boolean) => void };
const DirtyContext = createContext<TDirtyRegistry | null>(null);

/**
 * Collects the pending state of every edit inside it (spec 001 §1: a tab shows a warning triangle while
 * any of its edits is pending). A tab wraps its content in one and passes its `setPending`.
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
  const registry = useMemo<TDirtyRegistry>(
    () => ({
      report: (id, isDirty) => {
        const before = dirty.current.size > 0;
        if (isDirty) dirty.current.add(id);
        else dirty.current.delete(id);
        const after = dirty.current.size > 0;
        if (before !== after) latest.current(after);
      },
    }),
    [],
  );
  return <DirtyContext.Provider value={registry}>{children}</DirtyContext.Provider>;
};

/** Reports one edit's pending state to the nearest DirtyScope (and clears it when the edit unmounts). */
export const useDirtyReport = (dirty: boolean) => {
  const registry = useContext(DirtyContext);
  const id = useId();
  useEffect(() => {
    registry?.report(id, dirty);
  }, [registry, id, dirty]);
  useEffect(() => () => registry?.report(id, false), [registry, id]);
};
