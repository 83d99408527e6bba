// Small decorative glyphs for card links; the links carry their own labels.
const base = "size-3 shrink-0";

export function GlobeIcon() {
  return (
    <svg viewBox="0 0 16 16" aria-hidden="true" className={`${base} fill-none stroke-current`} strokeWidth="1.4">
      <circle cx="8" cy="8" r="6.2" />
      <path d="M1.8 8h12.4M8 1.8c1.8 1.9 2.6 4 2.6 6.2S9.8 12.3 8 14.2C6.2 12.3 5.4 10.2 5.4 8S6.2 3.7 8 1.8z" />
    </svg>
  );
}

export function XIcon() {
  return (
    <svg viewBox="0 0 16 16" aria-hidden="true" className={`${base} fill-current`}>
      <path d="M12.2 1.5h2.2L9.6 7l5.6 7.5h-4.4L7.4 10l-4 4.5H1.2l5.1-5.9L.9 1.5h4.5l3.1 4.1zm-.8 11.7h1.2L4.7 2.7H3.4z" />
    </svg>
  );
}

export function TelegramIcon() {
  return (
    <svg viewBox="0 0 16 16" aria-hidden="true" className={`${base} fill-current`}>
      <path d="M14.6 2.2L1.6 7.2c-.9.4-.9.9-.2 1.1l3.3 1 1.3 3.9c.2.5.1.7.6.7.4 0 .6-.2.8-.4l1.6-1.6 3.4 2.5c.6.3 1.1.2 1.2-.6l2.2-10.4c.3-1.1-.4-1.6-1.2-1.2zM5.5 9.1l6.9-4.4c.3-.2.6-.1.4.1l-5.7 5.2-.3 2.6z" />
    </svg>
  );
}

export function FilterIcon({ className = "size-3.5" }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 16 16"
      aria-hidden="true"
      className={`${className} shrink-0 fill-none stroke-current`}
      strokeWidth="1.5"
    >
      <path d="M2 3.5h12L9.5 9v3.5l-3 1.5V9z" strokeLinejoin="round" />
    </svg>
  );
}

export function PauseIcon() {
  return (
    <svg viewBox="0 0 16 16" aria-hidden="true" className="size-3 shrink-0 fill-current">
      <rect x="4" y="3" width="2.6" height="10" rx="0.6" />
      <rect x="9.4" y="3" width="2.6" height="10" rx="0.6" />
    </svg>
  );
}

export function ChevronIcon() {
  return (
    <svg viewBox="0 0 16 16" aria-hidden="true" className="size-3 shrink-0 fill-none stroke-current" strokeWidth="1.6">
      <path d="M4 6l4 4 4-4" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
