// Simple geometric glyphs drawn here (not the networks' trademarked logos).
export function SocialIcon({ network }: { network: "linkedin" | "youtube" | "instagram" }) {
  const common = { width: 20, height: 20, viewBox: "0 0 24 24", "aria-hidden": true, fill: "currentColor" } as const;
  if (network === "linkedin")
    return (
      <svg {...common}>
        <rect x="3" y="3" width="18" height="18" rx="3" fill="none" stroke="currentColor" strokeWidth="2" />
        <rect x="7" y="10" width="2.5" height="7" />
        <circle cx="8.25" cy="7.3" r="1.4" />
        <path d="M11.5 10h2.4v1.1c.5-.8 1.4-1.3 2.6-1.3 2 0 3 1.2 3 3.5V17h-2.5v-3.4c0-1.1-.4-1.7-1.3-1.7s-1.7.7-1.7 1.8V17h-2.5z" />
      </svg>
    );
  if (network === "youtube")
    return (
      <svg {...common}>
        <rect x="2" y="5" width="20" height="14" rx="4" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M10 9l5 3-5 3z" />
      </svg>
    );
  return (
    <svg {...common}>
      <rect x="3" y="3" width="18" height="18" rx="5" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="12" cy="12" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="17.2" cy="6.8" r="1.2" />
    </svg>
  );
}
