/** Small line icons for the start page's sections; decorative, so hidden from screen readers. */
const paths = {
  calendar: "M4 7a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2zM16 3v4M8 3v4M4 11h16M8 15h2M14 15h2",
  coins:
    "M9 8a6 3 0 1 0 12 0a6 3 0 1 0 -12 0M9 8v4c0 1.7 2.7 3 6 3s6-1.3 6-3V8M3 12a6 3 0 0 0 6 3M3 12v4c0 1.7 2.7 3 6 3c1.5 0 2.9-.3 4-.7M3 12c0-1 .9-1.9 2.3-2.4",
  list: "M9 6h11M9 12h11M9 18h11M4 6l1 1 2-2M4 12l1 1 2-2M4 18l1 1 2-2",
  spark: "M12 3v4M12 17v4M3 12h4M17 12h4M6 6l2.5 2.5M15.5 15.5L18 18M6 18l2.5-2.5M15.5 8.5L18 6",
  shield: "M12 3l8 3v6c0 4.5-3.4 8.1-8 9c-4.6-.9-8-4.5-8-9V6zM9 12l2 2 4-4",
} as const;

export type IconName = keyof typeof paths;

export function Icon({ name }: { name: IconName }) {
  return (
    <svg
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={paths[name]} />
    </svg>
  );
}
