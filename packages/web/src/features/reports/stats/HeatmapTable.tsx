import type { TStats360 } from '@shopdesk/contract';
import { useTranslation } from 'react-i18next';

/** Weekday × hour of counted orders as a shaded grid (a table reads on every screen and costs no chart code). */
export const HeatmapTable = ({ cells }: { cells: TStats360['heatmap'] }) => {
  const { t } = useTranslation('stats');
  const days = t('weekdays').split(',');
  const busy = cells.map((c) => c.hour);
  const from = busy.length ? Math.min(...busy) : 8;
  const to = busy.length ? Math.max(...busy) : 21;
  const hours = Array.from({ length: to - from + 1 }, (_, k) => from + k);
  const max = Math.max(1, ...cells.map((c) => c.orders));
  const at = new Map(cells.map((c) => [`${c.weekday}-${c.hour}`, c.orders]));
  const cell = { padding: '4px 6px', textAlign: 'center' as const, fontSize: 12, minWidth: 32 };
  return (
    <div style={{ overflowX: 'auto' }}>
      <table style={{ borderCollapse: 'separate', borderSpacing: 2 }} aria-label={t('heatmap')}>
        <thead>
          <tr>
            <th />
            {hours.map((h) => (
              <th key={h} style={{ ...cell, fontWeight: 400, color: '#8c8c8c' }}>
                {String(h).padStart(2, '0')}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {[1, 2, 3, 4, 5, 6, 0].map((d) => (
            <tr key={d}>
              <th style={{ ...cell, fontWeight: 500 }}>{days[d]}</th>
              {hours.map((h) => {
                const n = at.get(`${d}-${h}`) ?? 0;
                const a = n / max;
                return (
                  <td
                    key={h}
                    title={`${days[d]} ${h}:00 · ${n}`}
                    style={{
                      ...cell,
                      borderRadius: 4,
                      background: n ? `rgba(22, 119, 255, ${0.1 + 0.9 * a})` : '#f5f5f5',
                      color: a > 0.55 ? '#fff' : '#262626',
                    }}
                  >
                    {n || ''}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
};
