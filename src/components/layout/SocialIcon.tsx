// Simple drawn icons of the social networks in the footer; the link around each carries its name.
import type { ReactElement } from 'react';

export type Social = 'facebook' | 'x' | 'youtube' | 'instagram' | 'pinterest' | 'weibo' | 'tiktok';

const ICONS: Record<Social, ReactElement> = {
  facebook: <path d="M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.6-1.5h1.6V4.4c-.3 0-1.2-.1-2.3-.1-2.3 0-3.9 1.4-3.9 4v2.2H8v3h2.5V21z" />,
  x: <path d="M4 4h4.2l4.1 5.6L17.2 4H20l-6.4 7.3L20.5 20h-4.2l-4.4-6-5.3 6H3.8l6.9-7.8z" />,
  youtube: (
    <>
      <rect x="2.5" y="5.5" width="19" height="13" rx="3.5" />
      <path d="M10 9v6l5-3z" fill="var(--navy-900)" />
    </>
  ),
  instagram: (
    <>
      <rect x="3.5" y="3.5" width="17" height="17" rx="5" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="12" cy="12" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="17.2" cy="6.8" r="1.2" />
    </>
  ),
  pinterest: <path d="M12 3a9 9 0 0 0-3.3 17.4c-.1-.7-.1-1.9 0-2.7l1.1-4.6s-.3-.6-.3-1.4c0-1.3.8-2.3 1.7-2.3.8 0 1.2.6 1.2 1.3 0 .8-.5 2-.8 3.1-.2.9.5 1.7 1.4 1.7 1.7 0 3-1.8 3-4.4 0-2.3-1.6-3.9-4-3.9-2.7 0-4.3 2-4.3 4.1 0 .8.3 1.7.7 2.2l.1.4-.3 1c0 .2-.2.3-.4.2-1.2-.6-2-2.4-2-3.8 0-3.1 2.3-6 6.5-6 3.4 0 6.1 2.5 6.1 5.7 0 3.4-2.1 6.1-5.1 6.1-1 0-2-.5-2.3-1.1l-.6 2.4c-.2.9-.8 2-1.2 2.6A9 9 0 1 0 12 3z" />,
  weibo: (
    <>
      <ellipse cx="10.5" cy="14.5" rx="7.5" ry="5" />
      <circle cx="9.5" cy="15" r="2" fill="var(--navy-900)" />
      <path d="M15.5 4.5a5 5 0 0 1 5 6" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      <path d="M15.5 7.5a2 2 0 0 1 2 2.5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </>
  ),
  tiktok: <path d="M14 3h3c.2 2 1.5 3.5 3.5 3.7v3a6.6 6.6 0 0 1-3.5-1.1v6.2A5.8 5.8 0 1 1 11.2 9v3.1a2.8 2.8 0 1 0 2.8 2.8z" />,
};

export function SocialIcon({ name }: { name: Social }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" fill="currentColor" aria-hidden="true" focusable="false">
      {ICONS[name]}
    </svg>
  );
}
