// The team's mark: two linked speech bubbles, drawn in currentColor.
export function TeamGlyph({ size = 14 }: { size?: number }) {
  return (
    <svg className="team-glyph" viewBox="0 0 16 16" width={size} height={size} aria-hidden="true">
      <path d="M1.75 3.25h7.5v5h-4.5l-3 2.25v-2.25z" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinejoin="round" />
      <path d="M11 6h3.25v5.25h-1.5v2l-2.75-2H6.75V10" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinejoin="round" />
    </svg>
  );
}
