// Inline SVG icons (decorative: the controls that use them carry their own labels).

import {SERVER_HTML} from '../content/Deferred';

type P = {size?: number; className?: string};
const svg = (size: number, className: string | undefined, children: React.ReactNode, viewBox = '0 0 24 24') => (
  <svg width={size} height={size} viewBox={viewBox} aria-hidden="true" focusable="false" className={className}>
    {children}
  </svg>
);

/** A round-capped 2 px line drawing, the style most icons here share. */
const line = (d: string) => (
  <path fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" d={d} />
);

export const SunIcon = ({size = 20, className}: P) =>
  svg(
    size,
    className,
    <path
      fill="currentColor"
      d="M12 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10Zm0-5a1 1 0 0 1 1 1v2a1 1 0 1 1-2 0V3a1 1 0 0 1 1-1Zm0 17a1 1 0 0 1 1 1v2a1 1 0 1 1-2 0v-2a1 1 0 0 1 1-1ZM2 12a1 1 0 0 1 1-1h2a1 1 0 1 1 0 2H3a1 1 0 0 1-1-1Zm17 0a1 1 0 0 1 1-1h2a1 1 0 1 1 0 2h-2a1 1 0 0 1-1-1ZM4.9 4.9a1 1 0 0 1 1.4 0l1.4 1.4a1 1 0 0 1-1.4 1.4L4.9 6.3a1 1 0 0 1 0-1.4Zm12 12a1 1 0 0 1 1.4 0l1.4 1.4a1 1 0 0 1-1.4 1.4l-1.4-1.4a1 1 0 0 1 0-1.4Zm2.8-12a1 1 0 0 1 0 1.4l-1.4 1.4a1 1 0 0 1-1.4-1.4l1.4-1.4a1 1 0 0 1 1.4 0Zm-12 12a1 1 0 0 1 0 1.4l-1.4 1.4a1 1 0 0 1-1.4-1.4l1.4-1.4a1 1 0 0 1 1.4 0Z"
    />,
  );

export const MoonIcon = ({size = 20, className}: P) =>
  svg(
    size,
    className,
    <path fill="currentColor" d="M21 14.5A9 9 0 0 1 9.5 3a.6.6 0 0 0-.8-.7A10 10 0 1 0 21.7 15.3a.6.6 0 0 0-.7-.8Z" />,
  );

export const MenuIcon = ({size = 24, className}: P) =>
  svg(size, className, <path stroke="currentColor" strokeWidth="2" strokeLinecap="round" d="M4 7h16M4 12h16M4 17h16" />);

export const CloseIcon = ({size = 20, className}: P) =>
  svg(size, className, <path stroke="currentColor" strokeWidth="2" strokeLinecap="round" d="M6 6l12 12M18 6 6 18" />);

export const SearchIcon = ({size = 18, className}: P) =>
  svg(
    size,
    className,
    <path
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      d="M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14Zm9 2-4-4"
    />,
  );

export const ExternalIcon = ({size = 12, className}: P) =>
  svg(size, className, line('M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5'));

export const CopyIcon = ({size = 16, className}: P) =>
  svg(
    size,
    className,
    <path fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" d="M9 9h10v11H9zM5 15V4h10" />,
  );

export const CheckIcon = ({size = 16, className}: P) =>
  svg(
    size,
    className,
    <path fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" d="m5 12 5 5 9-10" />,
  );

export const ChevronIcon = ({size = 16, className}: P) => svg(size, className, line('m9 6 6 6-6 6'));

export const GithubIcon = ({size = 22, className}: P) =>
  svg(
    size,
    className,
    <path
      fill="currentColor"
      d="M12 2a10 10 0 0 0-3.2 19.5c.5.1.7-.2.7-.5v-1.7c-2.8.6-3.4-1.3-3.4-1.3-.5-1.2-1.1-1.5-1.1-1.5-.9-.6.1-.6.1-.6 1 .1 1.5 1 1.5 1 .9 1.6 2.4 1.1 3 .9.1-.7.4-1.1.6-1.4-2.2-.3-4.6-1.1-4.6-5a3.9 3.9 0 0 1 1-2.7 3.6 3.6 0 0 1 .1-2.7s.8-.3 2.8 1a9.6 9.6 0 0 1 5 0c1.9-1.3 2.8-1 2.8-1 .5 1.4.2 2.4.1 2.7a3.9 3.9 0 0 1 1 2.7c0 3.9-2.3 4.7-4.6 5 .4.3.7.9.7 1.9V21c0 .3.2.6.7.5A10 10 0 0 0 12 2Z"
    />,
  );

export const LanguageIcon = ({size = 20, className}: P) =>
  svg(
    size,
    className,
    <path
      fill="currentColor"
      d="m12.9 15.1-2.6-2.5a17.6 17.6 0 0 0 3.7-6.5H17V4h-7V2H8v2H1v2h11.2A15.7 15.7 0 0 1 9 11.4 15.6 15.6 0 0 1 6.7 8H4.6a17.6 17.6 0 0 0 3 4.5l-5.1 5L4 19l5-5 3.1 3.1.8-2ZM18.5 10h-2L12 22h2l1.1-3h4.8l1.1 3h2l-4.5-12Zm-2.6 7 1.6-4.3 1.6 4.3h-3.2Z"
    />,
  );

export const SidebarCollapseIcon = ({size = 20, className}: P) => svg(size, className, line('m11 17-5-5 5-5M18 17l-5-5 5-5'));

export const SidebarExpandIcon = ({size = 20, className}: P) => svg(size, className, line('m13 17 5-5-5-5M6 17l5-5-5-5'));

export const EditIcon = ({size = 16, className}: P) => svg(size, className, line('M4 20h4L19 9l-4-4L4 16v4ZM13.5 6.5l4 4'));

/** Lines that run on, and lines that turn back under themselves. */
export const WrapIcon = ({size = 16, className}: P) =>
  svg(size, className, line('M4 6h16M4 12h13a3 3 0 0 1 0 6h-4m2-2.5L12.5 18l2.5 2.5M4 18h5'));

export const FailIcon = ({size = 16, className}: P) =>
  svg(size, className, <path stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" d="M7 7l10 10M17 7 7 17" />);

/**
 * The icon of a navbar link (GitHub, language). The navbar never redraws it, and the mobile
 * menu shows the link's label instead: the browser keeps the server's drawing, so the paths
 * are not in the browser's bundle.
 */
export function NavLinkIcon({name}: {name: 'github' | 'language'}) {
  if (import.meta.env.SSR) return name === 'github' ? <GithubIcon /> : <LanguageIcon />;
  const size = name === 'github' ? 22 : 20;
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: an empty constant; it keeps the server's drawing
      dangerouslySetInnerHTML={SERVER_HTML}
      suppressHydrationWarning
    />
  );
}
