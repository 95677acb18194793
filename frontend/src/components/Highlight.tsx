import type {PropsOf} from '../app/pageCode';

/** A coloured label: the content-format page's example of an embedded component. */
export default function Highlight({color, text}: PropsOf<'Highlight'>) {
  return (
    <p>
      <span className="highlight-chip" style={{backgroundColor: color}}>
        {text}
      </span>
    </p>
  );
}
