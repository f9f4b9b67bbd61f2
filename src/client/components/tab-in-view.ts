import { useCallback } from "react";

/**
 * The chosen tab of a tab row stays in sight: on a phone the row scrolls sideways (the theme's Tabs), and a
 * page opened on its sixth tab shows that tab, with a little of the next one to say that the row goes on.
 * Returns the ref for the tab list; it looks again whenever the list appears or `value` changes.
 */
export function useTabInView(value: string) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new ref for each chosen tab makes React call it again
  return useCallback(
    (row: HTMLDivElement | null) => {
      const tab = row?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
      if (!row || !tab) return;
      // The list is the tab's offset parent (Mantine positions it), so offsetLeft is within the whole row.
      const peek = 32;
      const start = tab.offsetLeft - peek;
      const end = tab.offsetLeft + tab.offsetWidth + peek;
      if (start < row.scrollLeft) row.scrollLeft = Math.max(0, start);
      else if (end > row.scrollLeft + row.clientWidth) row.scrollLeft = end - row.clientWidth;
    },
    [value],
  );
}
