import { HolderOutlined } from '@ant-design/icons';
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button } from 'antd';
import {
  type CSSProperties,
  createContext,
  type HTMLAttributes,
  type ReactNode,
  useContext,
  useMemo,
} from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Drag-and-drop ordering for /newmenu-management (beta) with @dnd-kit: a handle per row, usable with the
 * mouse, touch and the keyboard (space to lift, arrows to move, space to drop).
 */
export const SortableItems = ({
  ids,
  onMove,
  children,
}: {
  ids: number[];
  onMove: (from: number, to: number) => void;
  children: ReactNode;
}) => {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(Number(active.id));
    const to = ids.indexOf(Number(over.id));
    if (from >= 0 && to >= 0) onMove(from, to);
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
};

type THandle = Pick<ReturnType<typeof useSortable>, 'setActivatorNodeRef' | 'listeners' | 'attributes'>;
const HandleContext = createContext<THandle | null>(null);

/** The ⠿ button that lifts its row; renders nothing outside a sortable row. */
export const DragHandle = () => {
  const { t } = useTranslation('menus');
  const handle = useContext(HandleContext);
  if (!handle) return null;
  return (
    <Button
      type="text"
      size="small"
      icon={<HolderOutlined />}
      aria-label={t('dragHandle')}
      title={t('dragHandle')}
      style={{ cursor: 'move', touchAction: 'none' }}
      ref={handle.setActivatorNodeRef}
      {...handle.attributes}
      {...handle.listeners}
    />
  );
};

const useSortableStyle = (id: number, style?: CSSProperties) => {
  const sortable = useSortable({ id });
  const merged: CSSProperties = {
    ...style,
    transform: CSS.Translate.toString(sortable.transform),
    transition: sortable.transition,
    ...(sortable.isDragging ? { position: 'relative', zIndex: 10, opacity: 0.85 } : {}),
  };
  const handle = useMemo<THandle>(
    () => ({
      setActivatorNodeRef: sortable.setActivatorNodeRef,
      listeners: sortable.listeners,
      attributes: sortable.attributes,
    }),
    [sortable.setActivatorNodeRef, sortable.listeners, sortable.attributes],
  );
  return { ref: sortable.setNodeRef, style: merged, handle };
};

/** A sortable block (one class in the class list). */
export const SortableBlock = ({ id, children }: { id: number; children: ReactNode }) => {
  const { ref, style, handle } = useSortableStyle(id);
  return (
    <HandleContext.Provider value={handle}>
      <div ref={ref} style={style}>
        {children}
      </div>
    </HandleContext.Provider>
  );
};

/** antd Table body row that sorts (components.body.row); antd passes the row key as data-row-key. */
export const SortableTableRow = (
  props: HTMLAttributes<HTMLTableRowElement> & { 'data-row-key'?: number },
) => {
  const { ref, style, handle } = useSortableStyle(Number(props['data-row-key']), props.style);
  return (
    <HandleContext.Provider value={handle}>
      <tr {...props} ref={ref} style={style} />
    </HandleContext.Provider>
  );
};
