/** The start page's illustration: a staffing board filling up, drawn in the hero's colours. Decorative. */
export function HeroArt() {
  const rows = [0, 1, 2, 3];
  return (
    <svg viewBox="0 0 380 320" width="380" height="320" aria-hidden="true" focusable="false" role="presentation">
      <rect x="46" y="26" width="300" height="270" rx="18" fill="#ffffff" opacity="0.08" transform="rotate(-5 196 161)" />
      <rect x="30" y="30" width="310" height="262" rx="18" fill="#ffffff" opacity="0.96" />
      <rect x="54" y="54" width="120" height="12" rx="6" fill="#087f5b" />
      <rect x="54" y="74" width="190" height="8" rx="4" fill="#adb5bd" />
      {rows.map((row) => {
        const y = 108 + row * 44;
        const done = row < 3;
        return (
          <g key={row}>
            <circle cx="68" cy={y + 14} r="14" fill={done ? "#c3fae8" : "#e9ecef"} />
            <circle cx="68" cy={y + 10} r="5" fill={done ? "#087f5b" : "#adb5bd"} />
            <path d={`M58 ${y + 24} a10 8 0 0 1 20 0`} fill={done ? "#087f5b" : "#adb5bd"} />
            <rect x="94" y={y + 4} width={[150, 120, 135, 110][row]} height="9" rx="4.5" fill="#495057" opacity="0.85" />
            <rect x="94" y={y + 18} width={[90, 70, 100, 80][row]} height="7" rx="3.5" fill="#adb5bd" />
            {done ? (
              <g>
                <circle cx="308" cy={y + 14} r="12" fill="#12b886" />
                <path
                  d={`M302 ${y + 14} l4 4 l8 -8`}
                  stroke="#ffffff"
                  strokeWidth="2.6"
                  fill="none"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </g>
            ) : (
              <circle cx="308" cy={y + 14} r="11" fill="none" stroke="#adb5bd" strokeWidth="2.4" strokeDasharray="4 4" />
            )}
          </g>
        );
      })}
      <rect x="246" y="4" width="124" height="50" rx="14" fill="#ffd43b" />
      <rect x="264" y="19" width="56" height="9" rx="4.5" fill="#5c3c00" opacity="0.8" />
      <rect x="264" y="34" width="86" height="7" rx="3.5" fill="#5c3c00" opacity="0.45" />
    </svg>
  );
}
