// Tabs (WAI-ARIA tab pattern): a tablist of pill buttons, arrow keys move between them (roving
// tabindex), and the panel named by the selected tab. Used by the coupon popup and the events page.
import { type KeyboardEvent, type ReactNode, useId, useRef } from "react";

export interface TabsProps<T extends string> {
  label: string;
  tabs: readonly { id: T; label: string }[];
  selected: T | undefined;
  onSelect: (id: T) => void;
  /** Classes of the tablist, e.g. "sf-tabs sf-tabs--scroll". */
  className?: string;
  /** Shown next to the tablist (e.g. a 'history' button); the two then sit in a bar of this class. */
  aside?: ReactNode;
  barClassName?: string;
  children: ReactNode;
}

export function Tabs<T extends string>({
  label,
  tabs,
  selected,
  onSelect,
  className = "sf-tabs",
  aside,
  barClassName,
  children,
}: TabsProps<T>) {
  const base = useId();
  const refs = useRef(new Map<T, HTMLButtonElement>());
  const tabId = (id: T) => `${base}-tab-${id}`;
  const panelId = `${base}-panel`;
  const move = (event: KeyboardEvent, from: number) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    const rtl = event.currentTarget.closest("[dir=rtl]") !== null && (event.key === "ArrowRight" || event.key === "ArrowLeft");
    const target =
      event.key === "Home"
        ? tabs[0]
        : event.key === "End"
          ? tabs.at(-1)
          : step
            ? tabs[(from + (rtl ? -step : step) + tabs.length) % tabs.length]
            : undefined;
    if (!target) return;
    event.preventDefault();
    onSelect(target.id);
    refs.current.get(target.id)?.focus();
  };
  const list = (
    <div className={className} role="tablist" aria-label={label}>
      {tabs.map((tab, i) => (
        <button
          key={tab.id}
          ref={(el) => {
            if (el) refs.current.set(tab.id, el);
            else refs.current.delete(tab.id);
          }}
          type="button"
          role="tab"
          id={tabId(tab.id)}
          aria-selected={selected === tab.id}
          aria-controls={panelId}
          tabIndex={selected === tab.id ? 0 : -1}
          data-tab={tab.id}
          onClick={() => onSelect(tab.id)}
          onKeyDown={(e) => move(e, i)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
  return (
    <>
      {aside ? (
        <div className={barClassName}>
          {list}
          {aside}
        </div>
      ) : (
        list
      )}
      <div id={panelId} role="tabpanel" aria-labelledby={selected ? tabId(selected) : undefined}>
        {children}
      </div>
    </>
  );
}
