import type {ReactNode} from 'react';

/** The frame around a live demo, so readers see it is a running app, not a picture. */
export function DemoFrame({title, children}: {title: string; children: ReactNode}) {
  return (
    <section className="demo" aria-label={title}>
      <p className="demo__label">
        <span className="demo__dot" aria-hidden="true" />
        {title}
      </p>
      <div className="demo__body">{children}</div>
    </section>
  );
}
