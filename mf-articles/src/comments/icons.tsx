// Small inline icons: decorative, so hidden from assistive technology (their buttons carry the names).
const common = { width: 18, height: 18, viewBox: '0 0 24 24', 'aria-hidden': true, focusable: false } as const;

export const ThumbUpIcon = () => (
  <svg {...common} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round">
    <path d="M7 10v10H4V10h3Zm0 0 4-7c1.4 0 2.3 1.1 2 2.5L12.4 9H18a2 2 0 0 1 2 2.4l-1.4 6.8A2.2 2.2 0 0 1 16.4 20H7" />
  </svg>
);

export const ThumbDownIcon = () => (
  <svg {...common} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round">
    <path d="M17 14V4h3v10h-3Zm0 0-4 7c-1.4 0-2.3-1.1-2-2.5l.6-3.5H6a2 2 0 0 1-2-2.4l1.4-6.8A2.2 2.2 0 0 1 7.6 4H17" />
  </svg>
);
