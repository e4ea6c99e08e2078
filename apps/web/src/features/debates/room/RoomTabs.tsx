import { useId, useState, type ReactNode } from 'react';

/**
 * Tabs over panels of the room that sit in one place (the round chat and the partner chat; one's own flow and the
 * team flow). Every panel stays mounted while hidden, so typing not yet saved or sent is kept across a switch.
 */
export function RoomTabs({
  label,
  tabs,
}: {
  label: string;
  tabs: { id: string; title: ReactNode; panel: ReactNode }[];
}) {
  const baseId = useId();
  const [selected, setSelected] = useState(tabs[0]?.id);
  return (
    <div>
      <div role="tablist" aria-label={label} className="mb-2 flex gap-1">
        {tabs.map((tab) => {
          const isSelected = tab.id === selected;
          return (
            <button
              key={tab.id}
              type="button"
              role="tab"
              id={`${baseId}-${tab.id}-tab`}
              aria-selected={isSelected}
              aria-controls={`${baseId}-${tab.id}-panel`}
              onClick={() => setSelected(tab.id)}
              className={`rounded-full px-3 py-1 text-sm font-semibold ${
                isSelected ? 'bg-brand-700 text-white' : 'bg-slate-100 text-slate-700 hover:bg-slate-200'
              }`}
            >
              {tab.title}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${baseId}-${tab.id}-panel`}
          aria-labelledby={`${baseId}-${tab.id}-tab`}
          hidden={tab.id !== selected}
        >
          {tab.panel}
        </div>
      ))}
    </div>
  );
}
