// Small inline icons: decorative, so hidden from assistive technology (their buttons carry the names).
const common = { width: 22, height: 22, viewBox: '0 0 24 24', 'aria-hidden': true, focusable: false } as const;

export const SunIcon = () => (
  <svg {...common} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
    <circle cx="12" cy="12" r="4.5" />
    <path d="M12 1.5v2.5M12 20v2.5M1.5 12H4M20 12h2.5M4.6 4.6l1.8 1.8M17.6 17.6l1.8 1.8M4.6 19.4l1.8-1.8M17.6 6.4l1.8-1.8" />
  </svg>
);

export const MoonIcon = () => (
  <svg {...common} fill="currentColor">
    <path d="M20.5 14.6A8.5 8.5 0 0 1 9.4 3.5a8.5 8.5 0 1 0 11.1 11.1Z" />
  </svg>
);

export const MenuIcon = ({ open }: { open: boolean }) => (
  <svg {...common} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
    {open ? <path d="M5 5l14 14M19 5L5 19" /> : <path d="M3 6h18M3 12h18M3 18h18" />}
  </svg>
);

export const LogoMark = () => (
  <svg width="30" height="30" viewBox="0 0 32 32" aria-hidden focusable={false}>
    <path d="M16 2 4 7v8c0 7.2 5.1 13.2 12 15 6.9-1.8 12-7.8 12-15V7L16 2Z" fill="var(--color-accent)" />
    <path
      d="M9 19l5-6 4 3 5-7"
      fill="none"
      stroke="var(--color-accent-contrast)"
      strokeWidth="2.4"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </svg>
);
