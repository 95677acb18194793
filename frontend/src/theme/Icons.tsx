// Icons (decorative: the controls that use them carry their own labels). Each is an empty span
// that styles/icons.css draws from its SVG in src/icons/: the drawings live once in the CSS, not
// in every page's HTML and in the script.

/** The icons there are, by the name of their SVG (note and info share a drawing). */
export type IconName =
  | 'sun'
  | 'moon'
  | 'menu'
  | 'close'
  | 'search'
  | 'external'
  | 'copy'
  | 'check'
  | 'fail'
  | 'chevron'
  | 'github'
  | 'language'
  | 'sidebar-collapse'
  | 'sidebar-expand'
  | 'edit'
  | 'wrap'
  | 'note'
  | 'info'
  | 'tip'
  | 'caution'
  | 'danger';

/** An icon at its usual size; `className` is where a component gives it another
 * (`--icon-size`) or places it. */
export function Icon({name, className}: {name: IconName; className?: string}) {
  return <span className={className ? `icon icon--${name} ${className}` : `icon icon--${name}`} aria-hidden="true" />;
}
