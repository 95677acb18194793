import type {Excerpt} from './types';

/** An excerpt with its matches marked; text only, never HTML. */
export function ExcerptText({excerpt}: {excerpt: Excerpt}) {
  return <>{excerpt.map((run, i) => (run.mark ? <mark key={i}>{run.text}</mark> : <span key={i}>{run.text}</span>))}</>;
}
